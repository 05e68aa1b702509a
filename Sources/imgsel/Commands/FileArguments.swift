#if canImport(Glibc)
import Glibc
#endif
import SelectionStore

/// FILE arguments where `-` stands for paths read from stdin, one a line or NUL-separated.
enum FileArguments {
    static func expand(_ positionals: [String], nulSeparated: Bool, command: String) throws(ImgselError) -> [String] {
        guard positionals.filter({ $0 == "-" }).count <= 1 else {
            throw .usage("\(command): '-' (paths on stdin) may be given once")
        }
        var paths: [String] = []
        for argument in positionals {
            if argument == "-" {
                paths += try readStdinPaths(nulSeparated: nulSeparated)
            } else {
                paths.append(argument)
            }
        }
        return paths
    }

    /// Empty lines (a trailing newline, a blank line) are skipped, not errors.
    /// A read error (stdin is a folder, an I/O error) is reported as an unreadable
    /// input (exit 3), never taken for the end of the list.
    private static func readStdinPaths(nulSeparated: Bool) throws(ImgselError) -> [String] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .inputUnreadable(path: "standard input", reason: Posix.errorText(code))
            }
            if n == 0 { break }
            data += chunk[0..<n]
        }
        let separator: UInt8 = nulSeparated ? 0 : 0x0A
        var paths: [String] = []
        var badNames: [ImgselError] = []
        for line in data.split(separator: separator, omittingEmptySubsequences: true) {
            if let path = String(validating: line, as: UTF8.self) {
                paths.append(path)
            } else {
                badNames.append(.nameNotUTF8(path: RawArguments.escaped(line)))
            }
        }
        if let failure = ImgselError.combining(badNames) { throw failure }
        return paths
    }
}
