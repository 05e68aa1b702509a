import ImageHeaders
import Posix

/// An open file, read with pread so the probe can jump around without moving a shared file offset.
/// The caller owns (and closes) the descriptor.
public struct FileDescriptorByteSource: ByteSource, Sendable {
    public let fd: Int32
    public let size: Int

    public init(fd: Int32, size: Int) {
        self.fd = fd
        self.size = max(0, size)
    }

    public func read(at offset: Int, count: Int) throws -> [UInt8] {
        // Clamp to the size we were given so a bogus request never allocates beyond the file.
        guard offset >= 0, count > 0, offset < size else { return [] }
        let want = min(count, size - offset)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: want) { buffer, initialized in
            var done = 0
            while done < want {
                guard let n = Posix.read(fd, into: buffer.baseAddress! + done, count: want - done, at: offset + done)
                else {
                    failure = Posix.lastError
                    break
                }
                if n == 0 { break }  // end of file: the file shrank since it was measured
                done += n
            }
            initialized = done
        }
        if failure != 0 {
            throw ProbeError("read error: " + Posix.errorText(failure))
        }
        return bytes
    }
}
