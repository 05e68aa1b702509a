#if canImport(Glibc)
import Glibc
#endif

/// A quick look at the file an entry points to, for commands that show an
/// entry without reading it whole (`view`): a stat, not a hash, so it stays
/// instant on large files; `check` and `save` hash and catch every change.
public enum EntryFile {
    /// What is wrong with the file at `path` for `entry`, or nil when it looks as recorded.
    public static func quickProblem(_ entry: Entry, at path: String) -> String? {
        guard let st = Posix.fileStatus(path) else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? "file is missing" : "cannot read: " + Posix.errorText(code)
        }
        guard Posix.isRegular(st) else { return "not a regular file (\(Posix.kindName(st)))" }
        let size = Int(st.st_size)
        return size == entry.bytes ? nil : "size changed: \(entry.bytes) bytes recorded, \(size) now"
    }
}
