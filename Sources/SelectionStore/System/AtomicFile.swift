import Posix
import SelectionModel

/// Replaces a file whole or not at all: write a temporary file in the same
/// folder, flush it to disk, rename it over the old one, flush the folder.
enum AtomicFile {
    /// The temporary name for `path`. Fixed, because only the holder of the
    /// exclusive lock writes it: a copy left by a killed writer is simply
    /// overwritten by the next one, so none accumulate.
    static func temporaryPath(for path: String) -> String {
        PathName.directory(path) + "/." + PathName.baseName(path) + ".imgsel-tmp"
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws(StoreError) {
        let temp = temporaryPath(for: path)
        let fd = Posix.createOrTruncate(temp)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: Posix.errorText()) }
        var failure: Int32? = nil
        // Keep the old file's permissions, as an editor saving in place would.
        if let old = Posix.status(path) { Posix.setPermissions(fd, old.permissions) }
        failure = bytes.withUnsafeBytes { Posix.writeAll(fd, $0) }
        if failure == nil { failure = Posix.sync(fd) }
        if let code = Posix.closeChecked(fd), failure == nil { failure = code }
        if failure == nil { failure = Posix.rename(temp, to: path) }
        if let failure {
            Posix.unlink(temp)
            throw .writeFailed(path: path, reason: Posix.errorText(failure))
        }
        Posix.syncDirectory(PathName.directory(path))
    }

    /// Removes a temporary file a killed writer left; call only under the lock.
    static func removeStale(for path: String) {
        Posix.unlink(temporaryPath(for: path))
    }
}
