import ImageHeaders
import Posix
import SelectionModel

/// What `add` records about a file: its header facts, byte count and sha256.
public struct InspectedImage: Equatable, Sendable {
    public let facts: ImageFacts
    public let bytes: Int
    public let sha256: String
}

/// Opens an input file safely and reads what `add`, `info` and `toggle` need.
///
/// Opens without blocking (a FIFO must not hang the command), refuses anything
/// but a regular file after opening it (no race with a swap), probes the header,
/// then streams the file once for its hash.
public enum ImageInspector {
    /// `path` is opened as given, a relative one from `cwd` (the run's folder, which need not be
    /// this process's: an absolute path needs none); errors name it as given.
    public static func inspect(_ path: String, cwd: String = "/") throws(StoreError) -> InspectedImage {
        let file = try InputFile.open(path, cwd: cwd)
        defer { Posix.close(file.fd) }
        let facts = try file.probe(path)
        try recordable(facts, bytes: file.size, path)
        let (bytes, sha) = try FileHash.sha256(fd: file.fd, path: path)
        return InspectedImage(facts: facts, bytes: bytes, sha256: sha)
    }

    /// Refuses (exit 3, naming the field) an image whose header says what no selection file may
    /// hold: an InspectedImage, and so every entry recorded from one, is one the reader accepts.
    static func recordable(_ facts: ImageFacts, bytes: Int, _ path: String) throws(StoreError) {
        guard let (key, value) = Entry.unrecordable(facts, bytes: bytes) else { return }
        let range = Entry.range(of: key)
        let bound = value > range.upperBound ? "more than \(range.upperBound)" : "less than \(range.lowerBound)"
        throw .notAnImage(path: path, reason: "\(key) \(value): a selection records no \(key) \(bound)")
    }

    /// The header's facts and the byte count, without the hash: what `pick` needs to show a
    /// file and judge it by the rules, quick enough for a folder of hundreds.
    public static func probe(_ path: String) throws(StoreError) -> (facts: ImageFacts, bytes: Int) {
        let file = try InputFile.open(path)
        defer { Posix.close(file.fd) }
        let facts = try file.probe(path)
        try recordable(facts, bytes: file.size, path)
        return (facts, file.size)
    }

    /// The entries `add`, `replace` and `toggle` record for `paths` (as typed, against `cwd`).
    /// Every file is inspected before any failure is reported; all of them fail together (exit 3).
    public static func entries(for paths: [String], cwd: String, selectionFolder: String) throws(StoreError) -> [Entry]
    {
        var entries: [Entry] = []
        var failures: [StoreError] = []
        for path in paths {
            do {
                let image = try inspect(path, cwd: cwd)
                entries.append(Entry(recording: image, typed: path, cwd: cwd, selectionFolder: selectionFolder))
            } catch {
                failures.append(error)
            }
        }
        if let failure = StoreError.combining(failures) { throw failure }
        return entries
    }
}

/// A regular file opened for reading, with its size.
struct InputFile {
    let fd: Int32
    let size: Int

    /// `path` relative is opened from `cwd` (joined to it, as the kernel would walk it from
    /// there); errors name `path` as given.
    static func open(_ path: String, cwd: String = "/") throws(StoreError) -> InputFile {
        guard !path.isEmpty else { throw .inputMissing(path: "(empty path)") }
        let onDisk = PathName.onDisk(path, cwd: cwd)
        let fd = Posix.openForReading(onDisk)
        guard fd >= 0 else {
            let code = Posix.lastError
            switch code {
            case Posix.Errno.noEntry:
                if Posix.status(onDisk, followLinks: false) != nil {
                    throw .inputUnreadable(path: path, reason: "dangling symbolic link")
                }
                throw .inputMissing(path: path)
            case Posix.Errno.notDirectory: throw .inputMissing(path: path)
            default: throw .inputUnreadable(path: path, reason: Posix.errorText(code))
            }
        }
        guard let status = Posix.status(ofDescriptor: fd) else {
            let reason = Posix.errorText()
            Posix.close(fd)
            throw .inputUnreadable(path: path, reason: reason)
        }
        guard status.isRegular else {
            Posix.close(fd)
            throw .inputNotRegular(path: path, kind: status.kindName)
        }
        // Regular files never block; clear O_NONBLOCK so reads behave plainly.
        Posix.setBlocking(fd)
        return InputFile(fd: fd, size: status.size)
    }

    /// The header's facts; a file that is no supported image is `notAnImage` naming `path`.
    func probe(_ path: String) throws(StoreError) -> ImageFacts {
        do {
            return try ImageProbe.probe(FileDescriptorByteSource(fd: fd, size: size))
        } catch let error as ProbeError {
            throw .notAnImage(path: path, reason: error.description)
        } catch {
            throw .inputUnreadable(path: path, reason: "\(error)")
        }
    }
}

/// Streams a file through SHA-256 once, in constant memory.
///
/// Plain `pread` into one small buffer that stays in the CPU's cache: `mmap`
/// would save a copy (measured about 8%) but counts the whole file in the
/// process's memory and turns a file truncated meanwhile into SIGBUS.
public enum FileHash {
    static let chunkSize = 256 << 10

    /// Byte count and lower-case hex digest of `path`.
    public static func sha256(path: String) throws(StoreError) -> (bytes: Int, sha256: String) {
        let file = try InputFile.open(path)
        defer { Posix.close(file.fd) }
        return try sha256(fd: file.fd, path: path)
    }

    /// Hashes from offset 0 to the end, whatever the descriptor's position.
    static func sha256(fd: Int32, path: String) throws(StoreError) -> (bytes: Int, sha256: String) {
        var hasher = SHA256()
        var total = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            guard let n = Posix.read(fd, into: buffer.baseAddress!, count: chunkSize, at: total) else {
                throw .inputUnreadable(path: path, reason: Posix.errorText())
            }
            if n == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            total += n
        }
        return (total, SHA256.hex(hasher.finalize()))
    }
}
