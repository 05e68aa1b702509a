#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// An advisory whole-file lock (flock): shared for readers, exclusive for a writer.
    public enum LockKind { case shared, exclusive }

    /// Takes the lock on `fd` without waiting: nil when taken, else the errno (EWOULDBLOCK: another
    /// holds it). EINTR is retried.
    public static func tryLock(_ fd: Int32, _ kind: LockKind) -> Int32? {
        let operation = (kind == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        return retryingInterrupts { flock(fd, operation) } == 0 ? nil : errno
    }

    /// Takes the lock on `fd`, waiting while another holds it (EINTR retried): nil when taken,
    /// else the errno.
    @discardableResult
    public static func lock(_ fd: Int32, _ kind: LockKind) -> Int32? {
        retryingInterrupts { flock(fd, kind == .shared ? LOCK_SH : LOCK_EX) } == 0 ? nil : errno
    }

    public static func unlock(_ fd: Int32) { _ = flock(fd, LOCK_UN) }

    /// A lock sidecar: read-only, or read-write and made when missing; never through a link. -1
    /// with errno set.
    public static func openLockFile(_ path: String, create: Bool) -> Int32 {
        create
            ? open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            : open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    }
}
