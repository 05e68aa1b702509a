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

    public static func unlock(_ fd: Int32) { _ = flock(fd, LOCK_UN) }

    /// A lock sidecar: read-only, or read-write and made when missing; never through a link. -1
    /// with errno set.
    public static func openLockFile(_ path: String, create: Bool) -> Int32 {
        create
            ? open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            : open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    }

    /// The calendar fields of `time(nil)` in UTC (gmtime_r): year, month 1–12, day, hour, minute, second.
    public static func utcNow() -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        return (
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
            Int(parts.tm_min), Int(parts.tm_sec)
        )
    }
}

extension Posix.SignalSet {
    /// Whether one of `signals` is pending for the process (sigpending) and was not already
    /// blocked before `mask`, the mask the holder found.
    public static func arrived(_ signals: [Int32], blockedBefore mask: Posix.SignalMask) -> Bool {
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return false }
        return signals.contains { sigismember(&pending, $0) == 1 && !mask.contains($0) }
    }
}

extension Posix.SignalMask {
    /// Whether `signal` is in the mask.
    public func contains(_ signal: Int32) -> Bool {
        var set = self.set
        return sigismember(&set, signal) == 1
    }
}
