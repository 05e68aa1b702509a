import Posix
import SelectionModel

extension Store {
    /// Why a write of the selection would fail now, found without writing: its folder missing,
    /// read-only or not ours, or its lock file not writable. `pick` asks before the user spends
    /// any picks on a selection that Enter could never write (exit 5 at once).
    public func writeProblem() -> StoreError? {
        if let code = Posix.checkAccess(folder, write: true, search: true) {
            if code == Posix.Errno.noEntry || code == Posix.Errno.notDirectory {
                return .writeFailed(path: path, reason: "its folder \(folder) does not exist")
            }
            return .writeFailed(path: path, reason: "its folder \(folder): " + Posix.errorText(code))
        }
        if Posix.exists(lockPath), let code = Posix.checkAccess(lockPath, write: true) {
            return .writeFailed(path: path, reason: "its lock file \(lockPath): " + Posix.errorText(code))
        }
        return nil
    }
}
