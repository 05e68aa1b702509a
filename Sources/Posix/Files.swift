#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// What a stat says of a file, as values: no `stat` leaves Posix through it.
    public struct FileStatus: Equatable, Sendable {
        public let device: UInt64
        public let inode: UInt64
        public let size: Int
        /// The permission bits (mode & 0o7777).
        public let permissions: UInt32
        public let isRegular: Bool
        public let isDirectory: Bool
        public let isSymbolicLink: Bool
        public let modifiedSeconds: Int64
        public let modifiedNanoseconds: Int64
        /// The file's type bits (mode & S_IFMT).
        private let type: UInt32

        /// A word for what the file is, for messages: "a directory", "a FIFO"…
        public var kindName: String { Posix.kindName(type: type) }

        init(_ st: stat) {
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
            size = Int(st.st_size)
            permissions = UInt32(st.st_mode & 0o7777)
            isRegular = (st.st_mode & S_IFMT) == S_IFREG
            isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
            isSymbolicLink = (st.st_mode & S_IFMT) == S_IFLNK
            #if canImport(Darwin)
            modifiedSeconds = Int64(st.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int64(st.st_mtimespec.tv_nsec)
            #else
            modifiedSeconds = Int64(st.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(st.st_mtim.tv_nsec)
            #endif
            type = UInt32(st.st_mode & S_IFMT)
        }
    }

    /// The status of what `path` reaches (links followed unless `followLinks` is false); nil
    /// (errno set) when nothing is there or it cannot be reached.
    public static func status(_ path: String, followLinks: Bool = true) -> FileStatus? {
        fileStatus(path, followLinks: followLinks).map(FileStatus.init)
    }

    /// The status of the open file `fd`; nil (errno set) when fstat fails.
    public static func status(ofDescriptor fd: Int32) -> FileStatus? {
        var st = stat()
        return fstat(fd, &st) == 0 ? FileStatus(st) : nil
    }

    /// Closes `fd` and says whether the data may be lost: the errno of a failed close, nil when it
    /// closed. EINTR is no failure (Linux closed the descriptor, and a retry could close another).
    public static func closeChecked(_ fd: Int32) -> Int32? {
        if Glibc.close(fd) != 0, errno != EINTR { return errno }
        return nil
    }

    /// An unnamed file in `folder` (Linux's O_TMPFILE), so a writer killed before `linkUnnamed`
    /// leaves nothing behind; -1 where the kernel or file system has none (and everywhere but
    /// Linux), when the caller makes a hidden named file with `createExclusive` instead.
    public static func openUnnamed(in folder: String, readable: Bool) -> Int32 {
        #if os(Linux)
        open(folder, openTemporaryFile | (readable ? O_RDWR : O_WRONLY) | O_CLOEXEC, 0o644)
        #else
        -1
        #endif
    }

    /// Gives the unnamed file `fd` (from `openUnnamed`) the name `path`, never replacing one; nil
    /// when done, else the errno (EEXIST: the name is taken). Through /proc/self/fd, as linkat's
    /// AT_EMPTY_PATH needs a privilege.
    public static func linkUnnamed(_ fd: Int32, to path: String) -> Int32? {
        #if os(Linux)
        linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 ? nil : errno
        #else
        ENOTSUP
        #endif
    }

    /// Creates `path`, which must not exist (not even as a link), for writing (and reading, when
    /// `readable`); -1 with errno set when it cannot.
    public static func createExclusive(_ path: String, readable: Bool, mode: UInt32 = 0o644) -> Int32 {
        open(path, (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(mode))
    }

    /// Creates `path` for writing, or empties it; never through a link at its end. -1 with errno set.
    public static func createOrTruncate(_ path: String, mode: UInt32 = 0o644) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode_t(mode))
    }

    /// A hard link `to` for `from`, never replacing; nil when done, else the errno.
    public static func link(_ from: String, to: String) -> Int32? { Glibc.link(from, to) == 0 ? nil : errno }

    /// Whether this process may write (and search, for a folder) `path`: nil when it may, else the
    /// errno (access(2), by the real ids).
    public static func checkAccess(_ path: String, write: Bool, search: Bool = false) -> Int32? {
        access(path, (write ? W_OK : 0) | (search ? X_OK : 0)) == 0 ? nil : errno
    }

    /// `path` with every link, `.` and `..` resolved (realpath); nil (errno set) when some part
    /// does not exist or cannot be walked.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What the symbolic link at `path` holds, as written; nil when it is no link.
    public static func linkContents(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes the name `path` (not a folder); nil when removed, else the errno (EISDIR: a folder).
    @discardableResult
    public static func unlink(_ path: String) -> Int32? { Glibc.unlink(path) == 0 ? nil : errno }

    /// Flushes `fd` to disk; nil when done, else the errno.
    public static func sync(_ fd: Int32) -> Int32? { fsync(fd) == 0 ? nil : errno }

    /// Sets `fd`'s permission bits, as an editor saving in place keeps the old file's.
    public static func setPermissions(_ fd: Int32, _ permissions: UInt32) { _ = fchmod(fd, mode_t(permissions)) }

    /// Renames `from` over `to`; nil when done, else the errno.
    public static func rename(_ from: String, to: String) -> Int32? { Glibc.rename(from, to) == 0 ? nil : errno }
}
