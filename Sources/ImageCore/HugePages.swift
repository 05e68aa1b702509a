import Posix

/// Asks the kernel to back a large buffer with 2 MiB pages before it is first written. A 12-MP
/// picture's buffers (its file, raster and JPEG coefficients: about 120 MB) otherwise fault in
/// 4 KiB at a time, some 30 000 faults, which were a fifth of a one-shot BMP-to-JPEG encode's time
/// (`perf`: page-fault entry and clearing). Linux's transparent huge pages are commonly set to
/// `madvise`, so they come only when asked for; where they are `never`, or elsewhere, this does
/// nothing.
public enum HugePages {
    /// Below this a buffer holds at most one whole huge page: not worth a system call.
    static let threshold = 4 << 20
    static let size = 2 << 20

    /// `bytes` from `base`: only the whole 2 MiB pages inside are advised, so memory beside the
    /// buffer is never touched. Call before writing it; harmless after.
    public static func advise(_ base: UnsafeMutableRawPointer, bytes: Int) {
        guard let pages = pages(at: Int(bitPattern: base), bytes: bytes),
            let first = UnsafeMutableRawPointer(bitPattern: pages.lowerBound)
        else { return }
        Posix.adviseHugePages(first, bytes: pages.count)
    }

    /// The addresses of the whole huge pages inside the buffer, nil when it is too small to be worth it.
    static func pages(at address: Int, bytes: Int) -> Range<Int>? {
        guard bytes >= threshold else { return nil }
        let start = (address + size - 1) & ~(size - 1), end = (address + bytes) & ~(size - 1)
        return end > start ? start..<end : nil
    }
}
