import Posix
import SelectionModel

/// A file written piece by piece that appears whole or not at all: the pieces go to an
/// unnamed file (`O_TMPFILE`) in the target's folder, which is flushed, given a short
/// hidden name and renamed over the target on `commit`, so a killed writer leaves
/// nothing behind. Where the file system lacks `O_TMPFILE`, the hidden name is used
/// from the start. For outputs too large to build in memory (a page with images).
/// A target that exists and is neither a regular file nor a folder (/dev/null, a FIFO) is written
/// into in place: renaming over it would put a regular file where the device was.
public final class StreamedFile {
    public let path: String
    private let tempPath: String
    /// False while the data lives in an unnamed file that `commit` must first link to `tempPath`.
    private var named: Bool
    /// Writing straight into a device or FIFO at `path`: nothing to link, sync or rename.
    private let inPlace: Bool
    private var fd: Int32
    private var buffer: [UInt8] = []
    private static let bufferSize = 1 << 18
    /// Bytes written so far, the file's size once committed.
    public private(set) var count = 0

    /// Creates the temporary file; fails (exit 5) naming `path` when its folder is not writable.
    public init(path: String) throws(StoreError) {
        self.path = path
        let folder = PathName.directory(path)
        // Short, so that a target whose name is near the 255-byte limit still gets one.
        tempPath = folder + "/.imgsel-tmp-" + Posix.randomSuffix()
        if let existing = Posix.status(path), !existing.isRegular, !existing.isDirectory {
            inPlace = true
            named = false
            fd = Posix.openForWritingInPlace(path)
            guard fd >= 0 else { throw .writeFailed(path: path, reason: Posix.errorText()) }
            return
        }
        inPlace = false
        fd = Posix.openUnnamed(in: folder, readable: false)
        named = false
        if fd < 0 {
            fd = Posix.createExclusive(tempPath, readable: false)
            named = true
        }
        guard fd >= 0 else { throw .writeFailed(path: path, reason: Posix.errorText()) }
        // Keep the old file's permissions, as an editor saving in place would.
        if let old = Posix.status(path), old.isRegular { Posix.setPermissions(fd, old.permissions) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { discard() }

    public func write(_ text: String) throws(StoreError) {
        count += text.utf8.count
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { try flushBuffer() }
    }

    public func write(_ bytes: [UInt8]) throws(StoreError) {
        count += bytes.count
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { try flushBuffer() }
    }

    /// Flushes to disk and puts the file in place of `path`.
    public func commit() throws(StoreError) {
        guard fd >= 0 else { throw .writeFailed(path: path, reason: "already closed") }
        try flushBuffer()
        if inPlace {
            let failure = Posix.closeChecked(fd)
            fd = -1
            if let failure { throw .writeFailed(path: path, reason: Posix.errorText(failure)) }
            return
        }
        var failure = Posix.sync(fd)
        if failure == nil, !named {
            failure = Posix.linkUnnamed(fd, to: tempPath)
            named = failure == nil
        }
        if let code = Posix.closeChecked(fd), failure == nil { failure = code }
        fd = -1
        if failure == nil { failure = Posix.rename(tempPath, to: path) }
        if let failure {
            if named { Posix.unlink(tempPath) }
            throw .writeFailed(path: path, reason: Posix.errorText(failure))
        }
        Posix.syncDirectory(PathName.directory(path))
    }

    /// Removes the temporary file; the target is left as it was. Safe to call twice.
    public func discard() {
        guard fd >= 0 else { return }
        Posix.close(fd)
        fd = -1
        if named { Posix.unlink(tempPath) }
    }

    private func flushBuffer() throws(StoreError) {
        guard fd >= 0 else { throw .writeFailed(path: path, reason: "already closed") }
        if let code = buffer.withUnsafeBytes({ Posix.writeAll(fd, $0) }) {
            throw .writeFailed(path: path, reason: Posix.errorText(code))
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
