import Posix
import SelectionModel

/// An advisory `flock` on the selection's `.lock` sidecar, held while the
/// value lives; a separate file so the selection itself can be replaced by rename.
final class FileLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit {
        Posix.unlock(fd)
        Posix.close(fd)
    }

    /// The sidecar's name: the selection file's plus `.lock`.
    static func lockPath(for selection: String) -> String { selection + ".lock" }

    /// Exclusive lock for a writer, creating the sidecar if needed.
    static func exclusive(for selection: String, timeout: Double) throws(StoreError) -> FileLock {
        let lockPath = lockPath(for: selection)
        let fd = Posix.openLockFile(lockPath, create: true)
        guard fd >= 0 else {
            let code = Posix.lastError
            if code == Posix.Errno.noEntry || code == Posix.Errno.notDirectory {
                throw .writeFailed(
                    path: selection, reason: "its folder \(PathName.directory(selection)) does not exist")
            }
            throw .writeFailed(path: selection, reason: "its lock file \(lockPath): " + Posix.errorText(code))
        }
        let lock = FileLock(fd: fd)
        try lock.acquire(.exclusive, timeout: timeout, selection: selection)
        return lock
    }

    /// Shared lock for a reader; nil when the sidecar cannot exist here (a
    /// read-only folder), where reading unlocked is still safe as writes rename.
    static func shared(for selection: String, timeout: Double) throws(StoreError) -> FileLock? {
        let lockPath = lockPath(for: selection)
        var fd = Posix.openLockFile(lockPath, create: false)
        if fd < 0 && Posix.lastError == Posix.Errno.noEntry {
            fd = Posix.openLockFile(lockPath, create: true)
        }
        guard fd >= 0 else { return nil }
        let lock = FileLock(fd: fd)
        try lock.acquire(.shared, timeout: timeout, selection: selection)
        return lock
    }

    private func acquire(_ kind: Posix.LockKind, timeout: Double, selection: String) throws(StoreError) {
        if Posix.tryLock(fd, kind) == nil { return }
        let deadline = Posix.monotonicSeconds() + timeout
        var pause = 0.001
        while true {
            guard let code = Posix.tryLock(fd, kind) else { return }
            guard code == Posix.Errno.wouldBlock else {
                throw .writeFailed(
                    path: selection, reason: "locking \(Self.lockPath(for: selection)) failed: " + Posix.errorText(code)
                )
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
