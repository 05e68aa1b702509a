#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// `count` zeroed elements of `size` bytes (calloc), nil when the memory is not there. Large
    /// blocks come as the kernel's zero pages, touched only when written: what the JPEG decoder's
    /// sparse coefficient store relies on, and what no allocate-then-zero in Swift gives.
    public static func zeroedMemory(count: Int, size: Int) -> UnsafeMutableRawPointer? { calloc(count, size) }

    /// Gives back what `zeroedMemory` (or any C allocation, as realpath's) made.
    public static func freeMemory(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

    /// Asks for transparent huge pages over `bytes` from `base` (`madvise(MADV_HUGEPAGE)`), a
    /// page-aligned range. Linux only; elsewhere nothing, as there is nothing to ask for.
    public static func adviseHugePages(_ base: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
        _ = madvise(base, bytes, MADV_HUGEPAGE)
        #endif
    }

    /// The processors online, at least 1: how many jobs run at once.
    public static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
