import Posix

#if canImport(Glibc)
import Glibc
#endif

/// An advisory `flock` on the selection's `.lock` sidecar, held while the
/// value lives; a separate file so the selection itself can be replaced by rename.
final class FileLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit {
        _ = flock(fd, LOCK_UN)
        Posix.close(fd)
    }

    /// The sidecar's name: the selection file's plus `.lock`.
    static func lockPath(for selection: String) -> String { selection + ".lock" }

    /// Exclusive lock for a writer, creating the sidecar if needed.
    static func exclusive(for selection: String, timeout: Double) throws(ImgselError) -> FileLock {
        let lockPath = lockPath(for: selection)
        let fd = Posix.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw .writeFailed(
                    path: selection, reason: "its folder \(PathName.directory(selection)) does not exist")
            }
            throw .writeFailed(path: selection, reason: "its lock file \(lockPath): " + Posix.errorText(code))
        }
        let lock = FileLock(fd: fd)
        try lock.acquire(LOCK_EX, timeout: timeout, selection: selection)
        return lock
    }

    /// Shared lock for a reader; nil when the sidecar cannot exist here (a
    /// read-only folder), where reading unlocked is still safe as writes rename.
    static func shared(for selection: String, timeout: Double) throws(ImgselError) -> FileLock? {
        let lockPath = lockPath(for: selection)
        var fd = Posix.open(lockPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 && errno == ENOENT {
            fd = Posix.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        }
        guard fd >= 0 else { return nil }
        let lock = FileLock(fd: fd)
        try lock.acquire(LOCK_SH, timeout: timeout, selection: selection)
        return lock
    }

    private func acquire(_ operation: Int32, timeout: Double, selection: String) throws(ImgselError) {
        if flock(fd, operation | LOCK_NB) == 0 { return }
        let deadline = Posix.monotonicSeconds() + timeout
        var pause = 0.001
        while true {
            if flock(fd, operation | LOCK_NB) == 0 { return }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .writeFailed(
                    path: selection, reason: "locking \(Self.lockPath(for: selection)) failed: " + Posix.errorText())
            }
            let now = Posix.monotonicSeconds()
            if now >= deadline {
                throw .lockTimeout(path: selection, seconds: timeout)
            }
            Posix.sleep(seconds: min(pause, deadline - now))
            pause = min(pause * 2, 0.05)
        }
    }
}
