import Posix
import SelectionModel

/// A save made ready by `Album.prepare`: either identical bytes already in the
/// album, or a verified copy with no name yet, which vanishes unless placed.
final class PreparedSave {
    let entry: Entry
    let name: String
    let firstFree: Int
    let existing: String?
    private(set) var copy: PendingCopy?

    init(entry: Entry, name: String, firstFree: Int, existing: String?, copy: PendingCopy?) {
        self.entry = entry
        self.name = name
        self.firstFree = firstFree
        self.existing = existing
        self.copy = copy
    }

    /// Closes the copy's file (and drops its temporary name) once it has a name of its own, or is not needed.
    func release() {
        copy?.discard()
        copy = nil
    }

    deinit { copy?.discard() }
}

/// A complete, flushed copy in the album folder that has no name yet.
///
/// With `O_TMPFILE` it is unnamed until linked, so a killed `save` leaves
/// nothing behind; where the file system lacks it, a hidden temporary name is used.
struct PendingCopy {
    let fd: Int32
    let tempPath: String?
    let folderPath: String

    enum LinkResult { case linked, taken, failed(Int32) }

    static func make(
        in folder: String, from source: String, entry: Entry, index: Int
    ) throws(StoreError) -> PendingCopy {
        let input = try InputFile.open(source)
        defer { Posix.close(input.fd) }
        var tempPath: String? = nil
        // Read-write: the copy is read back to verify it.
        var fd = Posix.openUnnamed(in: folder, readable: true)
        if fd < 0 {
            let path = folder + "/.imgsel-save-" + Posix.randomSuffix()
            fd = Posix.createExclusive(path, readable: true)
            guard fd >= 0 else { throw .writeFailed(path: folder, reason: Posix.errorText()) }
            tempPath = path
        }
        let copy = PendingCopy(fd: fd, tempPath: tempPath, folderPath: folder)
        do throws(StoreError) {
            try copy.fill(from: input.fd, source: source, entry: entry, index: index)
        } catch {
            copy.discard()
            throw error
        }
        return copy
    }

    /// Copies in the kernel while hashing the copy as read back; refuses a
    /// source that no longer matches the entry, and flushes the copy to disk.
    private func fill(from input: Int32, source: String, entry: Entry, index: Int) throws(StoreError) {
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FileHash.chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        let total: Int
        do {
            total = try FileCopy.copy(from: input, to: fd, limit: entry.bytes, buffer: buffer) { hasher.update($0) }
        } catch {
            switch error {
            case let .read(code): throw .inputUnreadable(path: source, reason: Posix.errorText(code))
            case let .write(code): throw .writeFailed(path: tempPath ?? folderPath, reason: Posix.errorText(code))
            }
        }
        guard total == entry.bytes, SHA256.hex(hasher.finalize()) == entry.sha256 else {
            throw .inputChanged(path: source, entry: index)
        }
        if let code = Posix.sync(fd) { throw .writeFailed(path: tempPath ?? folderPath, reason: Posix.errorText(code)) }
    }

    /// Gives the copy `name`; never replaces an existing file.
    func link(as name: String) -> LinkResult {
        let failure = tempPath.map { Posix.link($0, to: name) } ?? Posix.linkUnnamed(fd, to: name)
        guard let failure else { return .linked }
        return failure == Posix.Errno.exists ? .taken : .failed(failure)
    }

    func discard() {
        Posix.close(fd)
        if let tempPath { Posix.unlink(tempPath) }
    }
}
