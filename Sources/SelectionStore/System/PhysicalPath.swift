import Posix
import SelectionModel

/// Paths made absolute the way the kernel walks them. `a/../b` is not `b` when `a`
/// is a symbolic link to another folder: the kernel goes to the link target's parent.
/// Cleaning `..` as text would store (and later check) a different file than the one
/// opened, so the part up to the last `..` is resolved on disk.
public enum PhysicalPath {
    /// `path` made absolute against `base`, as the kernel walks it (unlike
    /// `PathName.lexicallyAbsolute`, which is text only). Without a `..` it is only cleaned of `.` and
    /// repeated slashes (links stay as typed). With one, everything up to and including
    /// the last `..` is resolved by `realpath`; the rest, which has no `..`, is appended
    /// as typed, so a link in the last component keeps its own name.
    /// A folder that does not exist yet (a new selection's, an album to be created) is
    /// resolved as far as it exists and the rest cleaned as text, which is where
    /// creating the missing folders would put it.
    public static func absoluteOnDisk(_ path: String, base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        let parts = joined.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard let lastUp = parts.lastIndex(of: "..") else { return "/" + parts.joined(separator: "/") }
        let head = Array(parts[...lastUp])
        let tail = parts[(lastUp + 1)...]
        var existing = head.count
        var resolved = realPath(head)
        while resolved == nil, existing > 0 {
            existing -= 1
            resolved = realPath(Array(head[..<existing]))
        }
        let folder = resolved ?? "/"
        let rest = head[existing...].map(String.init) + tail.map(String.init)
        return PathName.lexicallyAbsolute(rest.joined(separator: "/"), base: folder)
    }

    /// The target of the symbolic link at `path` (absolute), made absolute against the
    /// link's folder; nil when `path` is not a link.
    public static func linkTarget(_ path: String) -> String? {
        guard let target = Posix.linkContents(path) else { return nil }
        return absoluteOnDisk(target, base: PathName.directory(path))
    }

    /// `realpath` of the components, nil when some part does not exist or cannot be walked.
    private static func realPath(_ parts: [Substring]) -> String? {
        Posix.realPath("/" + parts.joined(separator: "/"))
    }
}
