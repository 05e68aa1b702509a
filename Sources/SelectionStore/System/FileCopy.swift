#if canImport(Glibc)
import Glibc
#endif
import CFileCopy

/// Copies a file's bytes into another descriptor at `cp` speed, and hands
/// every byte as it now stands in the destination to a checker.
///
/// The copy runs in the kernel with `copy_file_range` (a reflink where the
/// file system has one); each piece is then read back from the destination,
/// while it is still in the page cache, so what is verified is the copy itself
/// and not the source it came from. Where the kernel cannot copy between the
/// two files, it falls back to reading and writing through `buffer`.
enum FileCopy {
    enum Failure: Error {
        case read(Int32)
        case write(Int32)
    }

    /// How much one `copy_file_range` call moves: small enough that reading it
    /// back hits warm caches, large enough that syscalls cost nothing.
    static let pieceSize = 1 << 20

    /// Copies from offset 0 of `input` to offset 0 of `output` until the input
    /// ends or more than `limit` bytes were copied; returns the bytes copied.
    /// `check` sees the destination's bytes in order, in pieces of `buffer`'s size at most.
    static func copy(from input: Int32, to output: Int32, limit: Int, buffer: UnsafeMutableRawBufferPointer,
                     check: (UnsafeRawBufferPointer) -> Void) throws(Failure) -> Int {
        var total = 0
        var kernelCopies = true
        while total <= limit {
            if kernelCopies {
                var inOffset = Int64(total), outOffset = Int64(total)
                let n = imgsel_copy_file_range(input, &inOffset, output, &outOffset, pieceSize)
                if n < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    if canFallBack(code) { kernelCopies = false; continue }
                    throw writeSide(code) ? .write(code) : .read(code)
                }
                if n == 0 { break }
                try readBack(output, from: total, count: n, buffer: buffer, check: check)
                total += n
            } else {
                let n = pread(input, buffer.baseAddress!, buffer.count, off_t(total))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw .read(errno)
                }
                if n == 0 { break }
                let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
                if let code = writeAll(output, piece, at: total) { throw .write(code) }
                check(piece)
                total += n
            }
        }
        return total
    }

    /// Errors that mean "not between these two files", not "the copy failed".
    private static func canFallBack(_ code: Int32) -> Bool {
        [ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, ENOTSUP, EPERM, EBADF, ETXTBSY].contains(code)
    }

    private static func writeSide(_ code: Int32) -> Bool {
        [ENOSPC, EDQUOT, EFBIG, EROFS].contains(code)
    }

    private static func readBack(_ fd: Int32, from start: Int, count: Int, buffer: UnsafeMutableRawBufferPointer,
                                 check: (UnsafeRawBufferPointer) -> Void) throws(Failure) {
        var done = 0
        while done < count {
            let n = pread(fd, buffer.baseAddress!, min(buffer.count, count - done), off_t(start + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw .write(errno)
            }
            if n == 0 { throw .write(EIO) }
            check(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            done += n
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            done += n
        }
        return nil
    }
}
