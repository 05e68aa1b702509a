import Posix
import SelectionStore

/// The paths `-` reads from stdin, read as a stream within bounds. What arrives there is not
/// always a list of paths: an image piped by mistake, `yes`, a NUL-separated list without
/// `-0`. Each is refused in one line as soon as it shows, and never by running out of memory.
struct StdinPathList {
    /// The longest path the kernel opens: PATH_MAX less its terminating NUL.
    static let longestPath = Posix.pathMax - 1

    /// NUL after each path (`-0`, as `find -print0`), else a newline.
    let nulSeparated: Bool
    /// The most paths the command could use: one more is refused without reading on.
    let limit: Int

    /// Empty lines (a trailing newline, a blank line) are skipped, not errors, though not
    /// without end. A read error (stdin is a folder) is an unreadable input (exit 3), never
    /// taken for the end of the list.
    func read(from fd: Int32) throws(ImgselError) -> [String] {
        var reader = Reader(list: self)
        var chunk = [UInt8](repeating: 0, count: 65536)
        var total = 0
        // Room for `limit` paths of the longest kind; more is blank lines or not a list.
        let byteLimit = limit * (Self.longestPath + 1)
        while true {
            let read = chunk.withUnsafeMutableBytes { Posix.read(fd, into: $0.baseAddress!, count: $0.count) }
            guard let n = read else { throw .inputUnreadable(path: "standard input", reason: Posix.errorText()) }
            if n == 0 { break }
            for byte in chunk[0..<n] { try reader.take(byte) }
            total += n
            if total > byteLimit {
                throw .notAPathList(reason: "it goes on past \(byteLimit) bytes, more than \(limit) paths need")
            }
        }
        return try reader.finish()
    }

    /// Splits the stream into paths and judges each as it ends.
    private struct Reader {
        let list: StdinPathList
        var current: [UInt8] = []
        /// Lines (or NUL-ended names) seen so far, empty ones too, so messages count as an editor does.
        var number = 0
        var paths: [String] = []
        var badNames: [ImgselError] = []

        init(list: StdinPathList) { self.list = list }

        private var what: String { list.nulSeparated ? "name" : "line" }

        mutating func take(_ byte: UInt8) throws(ImgselError) {
            if byte == (list.nulSeparated ? 0 : 0x0A) {
                try end()
                return
            }
            current.append(byte)
            if current.count > StdinPathList.longestPath {
                throw .notAPathList(
                    reason: "\(what) \(number + 1) is longer than any path (\(StdinPathList.longestPath) bytes)")
            }
        }

        mutating func finish() throws(ImgselError) -> [String] {
            if !current.isEmpty { try end() }
            if let failure = ImgselError.combining(badNames) { throw failure }
            return paths
        }

        private mutating func end() throws(ImgselError) {
            number += 1
            defer { current.removeAll(keepingCapacity: true) }
            guard !current.isEmpty else { return }
            if let nul = current.firstIndex(of: 0) {
                // Only a newline-separated line can hold a NUL: `find -print0` without `-0`, or binary data.
                guard Self.looksLikeAName(current[..<nul]) else { throw binary() }
                throw .notAPathList(reason: "it holds NUL bytes, as NUL-separated paths do (find -print0): give -0")
            }
            if let path = String(validating: current, as: UTF8.self) {
                paths.append(path)
            } else if current.contains(where: Self.isControl) {
                // Control bytes in a name that is not even UTF-8: the bytes of a file, not a name.
                throw binary()
            } else {
                badNames.append(.nameNotUTF8(path: RawArguments.escaped(current)))
            }
            if paths.count + badNames.count > list.limit {
                throw .tooManyPaths(limit: list.limit)
            }
        }

        private func binary() -> ImgselError { .notAPathList(reason: "\(what) \(number) holds binary data") }

        /// Text a file could be named: UTF-8 without control characters (a tab aside).
        private static func looksLikeAName(_ bytes: ArraySlice<UInt8>) -> Bool {
            !bytes.isEmpty && !bytes.contains(where: isControl) && String(validating: bytes, as: UTF8.self) != nil
        }

        private static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }
    }
}
