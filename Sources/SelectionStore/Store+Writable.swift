import Posix

#if canImport(Glibc)
import Glibc
#endif

extension Store {
    /// Why a write of the selection would fail now, found without writing: its folder missing,
    /// read-only or not ours, or its lock file not writable. `pick` asks before the user spends
    /// any picks on a selection that Enter could never write (exit 5 at once).
    public func writeProblem() -> ImgselError? {
        if access(folder, W_OK | X_OK) != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                return .writeFailed(path: path, reason: "its folder \(folder) does not exist")
            }
            return .writeFailed(path: path, reason: "its folder \(folder): " + Posix.errorText(code))
        }
        if Posix.exists(lockPath), access(lockPath, W_OK) != 0 {
            return .writeFailed(path: path, reason: "its lock file \(lockPath): " + Posix.errorText())
        }
        return nil
    }
}
