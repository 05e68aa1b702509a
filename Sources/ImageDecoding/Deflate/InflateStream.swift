/// Inflated bytes on demand: `read` hands out the next bytes of the stream,
/// inflating a chunk at a time into a window of 32 KiB history plus the chunk,
/// so a reader holds a few hundred KiB however large the stream is.
final class InflateStream {
    private var inflater: Inflater
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Inflated so far in `buffer`, and how much of that has been handed out.
    private var produced = 0
    private var handedOut = 0
    private(set) var ended = false

    /// `chunk`: how much to inflate between slides of the window.
    init(_ inflater: Inflater, chunk: Int = 1 << 18) {
        self.inflater = inflater
        capacity = DeflateTables.windowSize + max(chunk, 1 << 12)
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// Copies the next `count` inflated bytes to `destination`; returns how many
    /// there were (fewer only when the stream ended first).
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(DecodeError) -> Int {
        var done = 0
        while done < count {
            if handedOut < produced {
                let n = min(count - done, produced - handedOut)
                (destination + done).update(from: buffer + handedOut, count: n)
                handedOut += n
                done += n
                continue
            }
            if ended { break }
            if capacity - produced < capacity / 2 {
                // Keep only the history matches may reach.
                let keep = min(produced, DeflateTables.windowSize)
                buffer.update(from: buffer + (produced - keep), count: keep)
                produced = keep
                handedOut = keep
            }
            ended = try inflater.decode(into: buffer, count: &produced, capacity: capacity)
        }
        return done
    }
}
