#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// Makes the folder `path` with `permissions` (less the umask); nil when made, else the errno
    /// (EEXIST: something is there already).
    public static func makeFolder(_ path: String, permissions: UInt32) -> Int32? {
        mkdir(path, mode_t(permissions)) == 0 ? nil : errno
    }

    /// Removes the folder `path` when it is empty; nil when removed, else the errno.
    @discardableResult
    public static func removeFolder(_ path: String) -> Int32? { rmdir(path) == 0 ? nil : errno }

    /// The names in the folder `path`, without `.` and `..` and without names that are not UTF-8;
    /// nil (errno set) when it cannot be opened.
    public static func folderNames(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(validatingCString: $0)
                }
            }
            guard let name, name != ".", name != ".." else { continue }
            names.append(name)
        }
        return names
    }

    /// Opens the folder `path` to read nothing from it: to hold a lock on it or flush it. Through a
    /// link at its end only when `followLinks`. -1 with errno set.
    public static func openFolder(_ path: String, followLinks: Bool = true) -> Int32 {
        open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
    }

    /// Sets the permission bits of what `path` reaches.
    public static func setPermissions(_ path: String, _ permissions: UInt32) { _ = chmod(path, mode_t(permissions)) }
}
