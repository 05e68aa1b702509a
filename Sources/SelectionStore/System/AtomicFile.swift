import Posix

#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file whole or not at all: write a temporary file in the same
/// folder, flush it to disk, rename it over the old one, flush the folder.
enum AtomicFile {
    /// The temporary name for `path`. Fixed, because only the holder of the
    /// exclusive lock writes it: a copy left by a killed writer is simply
    /// overwritten by the next one, so none accumulate.
    static func temporaryPath(for path: String) -> String {
        PathName.directory(path) + "/." + PathName.baseName(path) + ".imgsel-tmp"
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws(ImgselError) {
        let temp = temporaryPath(for: path)
        let fd = Posix.open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: Posix.errorText()) }
        var failure: Int32? = nil
        // Keep the old file's permissions, as an editor saving in place would.
        if let old = Posix.fileStatus(path) { _ = fchmod(fd, old.st_mode & 0o7777) }
        failure = bytes.withUnsafeBytes { Posix.writeAll(fd, $0) }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if Glibc.close(fd) != 0, failure == nil, errno != EINTR { failure = errno }
        if failure == nil, rename(temp, path) != 0 { failure = errno }
        if let failure {
            unlink(temp)
            throw .writeFailed(path: path, reason: Posix.errorText(failure))
        }
        Posix.syncDirectory(PathName.directory(path))
    }

    /// Removes a temporary file a killed writer left; call only under the lock.
    static func removeStale(for path: String) {
        unlink(temporaryPath(for: path))
    }
}
