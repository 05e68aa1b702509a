import Dispatch
import Posix
import Synchronization

/// `InflateStream`'s inflating moved to a second thread, a few chunks ahead of the reader, so a
/// PNG's rows are unfiltered, converted and shrunk on one core while the next ones inflate on
/// the other (inflating is about two thirds of a photograph's decode).
///
/// The decode calls are `InflateStream`'s own, chunk for chunk: the first fills a buffer of
/// `capacity` bytes, every later one the same size after the 32 KiB of history copied from the
/// end of the chunk before (where the single-threaded stream slides its one buffer). So a stream
/// broken part way fails at the same chunk, and the reader gets the same bytes before the error
/// and then the same error, as it would from `InflateStream` alone.
///
/// Unchecked Sendable, sound because after `init` the inflater and the producing side's buffers
/// belong to the inflating thread, the reading position to the reader; a chunk passes from one to
/// the other through the `filled` and `emptied` semaphores (which order the memory too).
///
/// A thread of its own, not a Dispatch work item: a PNG decoded inside `Parallel.map` would
/// otherwise wait on work queued behind the very jobs that wait for it.
final class InflateAhead: @unchecked Sendable {
    /// Chunks inflated ahead: one being read, one ready, one being inflated.
    private static let depth = 3

    /// What one decode call gave: its bytes in its buffer, whether the stream ended with it,
    /// or the error that stopped it (then no bytes).
    private struct Chunk {
        var start = 0
        var end = 0
        var last = false
        var failure: DecodeError?
    }

    private var inflater: Inflater
    private var remaining: Int
    private let capacity: Int
    /// `depth` buffers of `capacity` bytes, one after another, and each one's chunk.
    private let buffers: UnsafeMutablePointer<UInt8>
    private let chunks: UnsafeMutablePointer<Chunk>
    private let filled = DispatchSemaphore(value: 0)
    /// Counts free buffers; made at zero and signalled up to `depth`, as libdispatch traps on
    /// freeing a semaphore left below the value it was made with.
    private let emptied = DispatchSemaphore(value: 0)
    private var thread: Posix.Thread?
    private let cancelled = Atomic<Bool>(false)

    /// The reader's side: the chunk being read (-1 before the first) and what is left of it.
    private var reading = -1
    private var position = 0
    private var end = 0
    private var last = false
    private var failed: DecodeError?

    /// Starts inflating at once; `stop` must be called before the stream is let go. Nil when no
    /// thread can be had (the caller inflates on its own).
    init?(_ inflater: Inflater, expected: Int, capacity: Int) {
        self.inflater = inflater
        remaining = expected
        self.capacity = capacity
        buffers = .allocate(capacity: Self.depth * capacity)
        chunks = .allocate(capacity: Self.depth)
        chunks.initialize(repeating: Chunk(), count: Self.depth)
        for _ in 0..<Self.depth { emptied.signal() }
        thread = Posix.Thread.start { [self] in inflateChunks() }
        if thread == nil { return nil }
    }

    deinit {
        buffers.deallocate()
        chunks.deinitialize(count: Self.depth)
        chunks.deallocate()
    }

    private func buffer(_ chunk: Int) -> UnsafeMutablePointer<UInt8> {
        buffers + (chunk % Self.depth) * capacity
    }

    /// The inflating thread: one chunk a free buffer, until the stream ends, fails or is stopped.
    private func inflateChunks() {
        var previousEnd = 0
        var index = 0
        while true {
            emptied.wait()
            if cancelled.load(ordering: .acquiring) { return }
            let output = buffer(index)
            var produced = 0
            if index > 0 {
                // The history matches may reach, from the end of the chunk before (not yet reused:
                // its buffer comes round again only `depth` chunks on).
                let keep = min(previousEnd, DeflateTables.windowSize)
                output.update(from: buffer(index - 1) + (previousEnd - keep), count: keep)
                produced = keep
            }
            var chunk = Chunk(start: produced, end: produced)
            if remaining == 0 {
                chunk.last = true
            } else {
                do throws(DecodeError) {
                    let ended = try inflater.decode(
                        into: output, count: &produced, capacity: min(capacity, produced + remaining))
                    remaining -= produced - chunk.start
                    chunk.end = produced
                    chunk.last = ended || remaining == 0
                } catch {
                    chunk.failure = error
                }
            }
            chunks[index % Self.depth] = chunk
            filled.signal()
            if chunk.last || chunk.failure != nil { return }
            previousEnd = produced
            index += 1
        }
    }

    /// `InflateStream.read`'s contract: the next `count` bytes, fewer only at the stream's end.
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(DecodeError) -> Int {
        var done = 0
        while done < count {
            if position < end {
                let n = min(count - done, end - position)
                (destination + done).update(from: buffer(reading) + position, count: n)
                position += n
                done += n
                continue
            }
            if last { break }
            // Read again, the stream fails again (the inflating thread has stopped).
            if let failed { throw failed }
            // The chunk read to its end goes back to the inflating thread.
            if reading >= 0 { emptied.signal() }
            reading += 1
            filled.wait()
            let chunk = chunks[reading % Self.depth]
            if let failure = chunk.failure {
                failed = failure
                throw failure
            }
            (position, end, last) = (chunk.start, chunk.end, chunk.last)
        }
        return done
    }

    /// Stops the inflating thread (it may be waiting for a buffer, or inflating one ahead that
    /// will not be read) and waits for it to end, so it never outlives the reader.
    func stop() {
        cancelled.store(true, ordering: .releasing)
        emptied.signal()
        thread?.join()
    }
}
