/// Inflated bytes on demand: `read` hands out the next bytes of the stream,
/// inflating a chunk at a time into a window of 32 KiB history plus the chunk,
/// so a reader holds a few hundred KiB however large the stream is.
///
/// Threaded, the same decode calls run on a second thread a few chunks ahead (`InflateAhead`):
/// the reader gets the same bytes and the same errors at the same places, sooner.
public final class InflateStream {
    private let ahead: InflateAhead?
    /// Nil when threaded: the inflater is `ahead`'s.
    private var inflater: Inflater?
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Inflated so far in `buffer`, and how much of that has been handed out.
    private var produced = 0
    private var handedOut = 0
    /// Bytes still to inflate before the reader has all it will take.
    private var remaining: Int
    private(set) var ended = false

    /// `expected`: how many bytes the reader will take in all. Inflating stops there, so data
    /// after them and the zlib checksum are never read: a stream cut in its checksum, or with
    /// bytes to spare, still gives every byte it holds. A small image gets a small buffer; at
    /// most 256 KiB are inflated between slides of the window. `threaded`: inflate on a second
    /// thread (three such buffers, then, and no other).
    public init(_ inflater: Inflater, expected: Int, threaded: Bool = false) {
        let remaining = max(0, expected)
        let capacity = DeflateTables.windowSize + min(1 << 18, max(expected, 1 << 12))
        self.remaining = remaining
        self.capacity = capacity
        if threaded, let ahead = InflateAhead(inflater, expected: remaining, capacity: capacity) {
            self.ahead = ahead
            self.inflater = nil
            buffer = .allocate(capacity: 1)
        } else {
            ahead = nil
            self.inflater = inflater
            buffer = .allocate(capacity: capacity)
        }
    }

    deinit {
        ahead?.stop()
        buffer.deallocate()
    }

    /// Copies the next `count` inflated bytes to `destination`; returns how many
    /// there were (fewer only when the stream ended first).
    public func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(DecodeError) -> Int {
        if let ahead { return try ahead.read(into: destination, count: count) }
        var done = 0
        while done < count {
            if handedOut < produced {
                let n = min(count - done, produced - handedOut)
                (destination + done).update(from: buffer + handedOut, count: n)
                handedOut += n
                done += n
                continue
            }
            if ended || remaining == 0 { break }
            if capacity - produced < capacity / 2 {
                // Keep only the history matches may reach.
                let keep = min(produced, DeflateTables.windowSize)
                buffer.update(from: buffer + (produced - keep), count: keep)
                produced = keep
                handedOut = keep
            }
            let before = produced
            ended = try inflater!.decode(into: buffer, count: &produced, capacity: min(capacity, produced + remaining))
            remaining -= produced - before
            if remaining == 0 { ended = true }
        }
        return done
    }
}
