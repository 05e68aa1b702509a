import CFileCopy

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// A file copied in the kernel (Linux's `copy_file_range`, a reflink where the file system has
    /// one) on a thread of its own (CFileCopy's copier), while the caller reads back what is already
    /// copied. Dropping it stops a copy still running and waits for its thread.
    public struct KernelCopy: ~Copyable {
        private let copier: OpaquePointer

        /// Starts copying `input` to `output` from offset 0, `pieceSize` bytes a call, until the
        /// input ends or more than `limit` bytes are copied; each piece is handed to the disk at once.
        /// Nil when no thread can be had, and everywhere but Linux: there the caller copies through a
        /// buffer of its own, which gives up only the kernel's shortcut (and a reflink's shared blocks).
        public init?(from input: Int32, to output: Int32, limit: Int, pieceSize: Int) {
            #if os(Linux)
            guard let copier = imgsel_copier_start(input, output, Int64(limit), Int64(pieceSize)) else { return nil }
            self.copier = copier
            #else
            return nil
            #endif
        }

        deinit { imgsel_copier_finish(copier) }

        /// Waits until more than `seen` bytes are copied or the copy has ended: the bytes copied so
        /// far, and once it ended, the errno that ended it (0: the input's end or the limit).
        public func wait(beyond seen: Int) -> (copied: Int, ended: Bool, error: Int32) {
            var ended: Int32 = 0, error: Int32 = 0
            let copied = Int(imgsel_copier_wait(copier, Int64(seen), &ended, &error))
            return (copied, ended != 0, error)
        }

        /// The errors that mean "not between these two files" (no such call, other file systems,
        /// a file kind or a kernel it does not take), not "the copy failed": copy another way.
        public static func cannotCopyBetween(_ code: Int32) -> Bool {
            [ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, ENOTSUP, EPERM, EBADF, ETXTBSY].contains(code)
        }
    }

    /// Starts writing `count` bytes of `fd` from `offset` to disk without waiting, so a later
    /// `sync` has little left to do (Linux's `sync_file_range`). A hint: elsewhere it does nothing,
    /// and the `sync` does all the waiting.
    public static func startWriteback(_ fd: Int32, offset: Int, count: Int) {
        #if os(Linux)
        _ = imgsel_start_writeback(fd, Int64(offset), Int64(count))
        #endif
    }

    /// Swaps `a` and `b` in one step (Linux's `renameat2` with RENAME_EXCHANGE), so a reader of
    /// either sees the old thing or the new one, never neither; nil when done, else the errno.
    /// Elsewhere, and where the kernel or file system cannot, an errno `Errno.isUnsupported` says
    /// so: the caller then renames twice, between which one name is briefly absent.
    public static func exchange(_ a: String, _ b: String) -> Int32? {
        #if os(Linux)
        imgsel_rename_exchange(a, b) == 0 ? nil : errno
        #else
        ENOSYS
        #endif
    }
}
