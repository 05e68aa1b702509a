import Posix

/// Copies a file's bytes into another descriptor the way `cp` does, in the
/// kernel, and hands every byte as it now stands in the destination to a checker.
///
/// The copy runs in the kernel with `copy_file_range` (a reflink where the
/// file system has one), on a thread of its own; meanwhile this thread reads
/// back from the destination what is already copied, while it is still in the
/// page cache, so what is verified is the copy itself and not the source, and
/// the copy costs little more than the hash. Each piece is handed to the disk
/// at once (`sync_file_range`), so the caller's final `fsync` waits for little.
/// Where the kernel cannot copy between the two files, it falls back to
/// reading and writing through `buffer` on this thread.
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
    static func copy(
        from input: Int32, to output: Int32, limit: Int, buffer: UnsafeMutableRawBufferPointer,
        check: (UnsafeRawBufferPointer) -> Void
    ) throws(Failure) -> Int {
        if let copied = try kernelCopy(from: input, to: output, limit: limit, buffer: buffer, check: check) {
            return copied
        }
        return try bufferedCopy(from: input, to: output, limit: limit, buffer: buffer, check: check)
    }

    /// The bytes copied, or nil when the kernel cannot copy between these files at all.
    private static func kernelCopy(
        from input: Int32, to output: Int32, limit: Int,
        buffer: UnsafeMutableRawBufferPointer,
        check: (UnsafeRawBufferPointer) -> Void
    ) throws(Failure) -> Int? {
        guard let copier = Posix.KernelCopy(from: input, to: output, limit: limit, pieceSize: pieceSize) else {
            return nil
        }
        var seen = 0
        while true {
            let (copied, ended, error) = copier.wait(beyond: seen)
            if copied > seen {
                try readBack(output, from: seen, count: copied - seen, buffer: buffer, check: check)
                seen = copied
                continue
            }
            guard ended else { continue }
            if error == 0 { return seen }
            if seen == 0, canFallBack(error) { return nil }
            throw writeSide(error) ? .write(error) : .read(error)
        }
    }

    private static func bufferedCopy(
        from input: Int32, to output: Int32, limit: Int,
        buffer: UnsafeMutableRawBufferPointer,
        check: (UnsafeRawBufferPointer) -> Void
    ) throws(Failure) -> Int {
        var total = 0
        while total <= limit {
            guard let n = Posix.read(input, into: buffer.baseAddress!, count: buffer.count, at: total) else {
                throw .read(Posix.lastError)
            }
            if n == 0 { break }
            let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
            if let code = Posix.writeAll(output, piece, at: total) { throw .write(code) }
            Posix.startWriteback(output, offset: total, count: n)
            check(piece)
            total += n
        }
        return total
    }

    /// Errors that mean "not between these two files", not "the copy failed".
    private static func canFallBack(_ code: Int32) -> Bool { Posix.KernelCopy.cannotCopyBetween(code) }

    private static func writeSide(_ code: Int32) -> Bool { Posix.Errno.isWriteRefused(code) }

    private static func readBack(
        _ fd: Int32, from start: Int, count: Int, buffer: UnsafeMutableRawBufferPointer,
        check: (UnsafeRawBufferPointer) -> Void
    ) throws(Failure) {
        var done = 0
        while done < count {
            let want = min(buffer.count, count - done)
            guard let n = Posix.read(fd, into: buffer.baseAddress!, count: want, at: start + done) else {
                throw .write(Posix.lastError)
            }
            if n == 0 { throw .write(Posix.Errno.io) }
            check(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            done += n
        }
    }
}
