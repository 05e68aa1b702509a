#if canImport(Glibc)
import Glibc
#endif

/// An entry's file read back for use elsewhere (embedded in a page), checked on the way
/// to be the very file `add` recorded: the same size and sha256, or an error naming it.
public enum EntryContent {
    /// Passes the file to `body` in chunks of at most a megabyte, then checks it.
    /// `body` has seen the bytes before a mismatch is known, so it must write only
    /// to something the caller can still throw away.
    public static func stream(_ entry: Entry, path: String, index: Int,
                              _ body: (UnsafeRawBufferPointer) throws(ImgselError) -> Void) throws(ImgselError) {
        let file = try InputFile.open(path)
        defer { Posix.close(file.fd) }
        guard file.size == entry.bytes else { throw .inputChanged(path: path, entry: index) }
        var hasher = SHA256()
        var total = 0
        let size = FileHash.chunkSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            guard let n = Posix.read(file.fd, into: buffer.baseAddress!, count: size) else {
                throw .inputUnreadable(path: path, reason: Posix.errorText())
            }
            if n == 0 { break }
            total += n
            guard total <= entry.bytes else { throw .inputChanged(path: path, entry: index) }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
            hasher.update(chunk)
            try body(chunk)
        }
        guard total == entry.bytes, SHA256.hex(hasher.finalize()) == entry.sha256 else {
            throw .inputChanged(path: path, entry: index)
        }
    }

    /// Checks the file without passing it on (a linked page still promises the recorded files).
    public static func verify(_ entry: Entry, path: String, index: Int) throws(ImgselError) {
        try stream(entry, path: path, index: index) { _ in }
    }
}
