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

    /// Exclusive lock for a writer, creating the sidecar if needed.
    static func exclusive(_ lockPath: String, timeout: Double) throws(ImgselError) -> FileLock {
        let fd = Posix.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: lockPath, reason: Posix.errorText()) }
        let lock = FileLock(fd: fd)
        try lock.acquire(LOCK_EX, timeout: timeout, lockPath: lockPath)
        return lock
    }

    /// Shared lock for a reader; nil when the sidecar cannot exist here (a
    /// read-only folder), where reading unlocked is still safe as writes rename.
    static func shared(_ lockPath: String, timeout: Double) throws(ImgselError) -> FileLock? {
        var fd = Posix.open(lockPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 && errno == ENOENT {
            fd = Posix.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        }
        guard fd >= 0 else { return nil }
        let lock = FileLock(fd: fd)
        try lock.acquire(LOCK_SH, timeout: timeout, lockPath: lockPath)
        return lock
    }

    private func acquire(_ operation: Int32, timeout: Double, lockPath: String) throws(ImgselError) {
        if flock(fd, operation | LOCK_NB) == 0 { return }
        let deadline = Posix.monotonicSeconds() + timeout
        var pause = 0.001
        while true {
            if flock(fd, operation | LOCK_NB) == 0 { return }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .writeFailed(path: lockPath, reason: "cannot lock: " + Posix.errorText())
            }
            let now = Posix.monotonicSeconds()
            if now >= deadline {
                let selection = lockPath.hasSuffix(".lock") ? String(lockPath.dropLast(5)) : lockPath
                throw .lockTimeout(path: selection, seconds: timeout)
            }
            Posix.sleep(seconds: min(pause, deadline - now))
            pause = min(pause * 2, 0.05)
        }
    }
}
