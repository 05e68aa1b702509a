#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// errno as the last call left it, read right after the call.
    public static var lastError: Int32 { errno }

    /// The errno values the libraries tell apart.
    public enum Errno {
        public static let wouldBlock = EAGAIN
        public static let noEntry = ENOENT
        public static let notDirectory = ENOTDIR
        public static let exists = EEXIST
        public static let crossDevice = EXDEV
        public static let io = EIO
        public static let brokenPipe = EPIPE
        public static let isDirectory = EISDIR

        /// The destination refused the bytes (full, over quota, the file too big, read-only): a
        /// write's failure, whichever side a copy saw it on.
        public static func isWriteRefused(_ code: Int32) -> Bool { [ENOSPC, EDQUOT, EFBIG, EROFS].contains(code) }

        /// The kernel or file system lacks the call or the flag (ENOSYS, EINVAL, EOPNOTSUPP): a
        /// fallback may do the work another way.
        public static func isUnsupported(_ code: Int32) -> Bool { [ENOSYS, EINVAL, EOPNOTSUPP].contains(code) }
    }
}
