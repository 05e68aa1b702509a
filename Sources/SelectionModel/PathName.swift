/// Lexical path arithmetic (no file system access, links left as they are),
/// so that a stored path means what the user typed, made relative or absolute.
public enum PathName {
    /// `path` made absolute against `base` and cleaned of `.`, `..` and repeated slashes, as
    /// text only: `link/..` becomes the folder `link` is in, which is not where the kernel goes
    /// when `link` leads elsewhere (`PhysicalPath.absoluteOnDisk` walks that on disk).
    public static func lexicallyAbsolute(_ path: String, base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder holding `path` (an absolute, cleaned path).
    public static func directory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// The last component of `path`.
    public static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` relative to `folder` when it lies below it, else nil. Both absolute and cleaned.
    public static func relative(_ path: String, below folder: String) -> String? {
        if folder == "/" { return path == "/" ? nil : String(path.dropFirst()) }
        guard path.hasPrefix(folder + "/") else { return nil }
        return String(path.dropFirst(folder.count + 1))
    }

    /// The form stored in the selection file: relative to its folder where possible.
    public static func stored(_ absolutePath: String, selectionFolder: String) -> String {
        relative(absolutePath, below: selectionFolder) ?? absolutePath
    }

    /// How to print a path so that it works from `cwd`: relative when below it, else absolute.
    /// A relative result that starts with `-` gets `./` so it is never read as an option.
    public static func display(_ absolutePath: String, cwd: String) -> String {
        guard let rel = relative(absolutePath, below: cwd) else { return absolutePath }
        return rel.hasPrefix("-") ? "./" + rel : rel
    }

    /// Where a process started in `cwd` finds `path`: `cwd` joined with it when it is relative.
    /// What the library opens for a run goes through this, so a run in process (whose folder is
    /// not the process's) opens the same file; messages and stored paths keep `path` as typed.
    public static func onDisk(_ path: String, cwd: String) -> String {
        guard !path.isEmpty, !path.hasPrefix("/") else { return path }
        return (cwd.hasSuffix("/") ? cwd : cwd + "/") + path
    }
}
