import Dispatch
import ImageCore

/// Reads a frame's macroblock rows on a second thread, a few rows ahead of the thread that
/// rebuilds, filters and converts them: the two halves of the work are about even (tokens
/// against prediction, transforms, filter, colour and the sink's shrink), so two cores take
/// a large picture in little more than half the time (libwebp's `use_threads`).
///
/// Not Sendable: the reading thread reaches it through a SendablePointer (the decoders' one door
/// for shared memory). The parser and each slot are only touched by one thread at a time, handed
/// over by the `filled` and `emptied` semaphores (which order the memory too); `failure` is
/// written before the `filled` signal that the reader waits on.
final class VP8ParsePipeline {
    /// Rows read ahead: enough that neither side waits on the other's row-to-row jitter.
    private static let depth = 3
    private var parser: VP8RowParser
    private let rows: Int
    private let slots: [VP8ParsedRow]
    private let filled = DispatchSemaphore(value: 0)
    private let emptied = DispatchSemaphore(value: VP8ParsePipeline.depth)
    private let finished = DispatchSemaphore(value: 0)
    private var failure: DecodeError?

    init(parser: VP8RowParser, rows: Int, columns: Int) {
        self.parser = parser
        self.rows = rows
        slots = (0..<Self.depth).map { _ in VP8ParsedRow(columns: columns) }
    }

    /// Starts reading; every `start` must be followed by `waitUntilFinished`, even after a
    /// failure, so the reader never outlives the data it reads.
    func start() {
        // The reading thread's own reference to the pipeline, let go when it has read.
        let reference = UnsafeMutablePointer<VP8ParsePipeline>.allocate(capacity: 1)
        reference.initialize(to: self)
        let shared = SendablePointer(reference)
        DispatchQueue.global(qos: .userInitiated).async {
            shared.base.pointee.readRows()
            shared.base.deinitialize(count: 1)
            shared.base.deallocate()
        }
    }

    private func readRows() {
        for mby in 0..<rows {
            emptied.wait()
            do throws(DecodeError) {
                try parser.parse(row: mby, into: slots[mby % Self.depth])
            } catch {
                failure = error
                filled.signal()
                break
            }
            filled.signal()
        }
        finished.signal()
    }

    /// Row `mby` once read (rows are asked for in order); throws what stopped the reading.
    func row(_ mby: Int) throws(DecodeError) -> VP8ParsedRow {
        filled.wait()
        if let failure { throw failure }
        return slots[mby % Self.depth]
    }

    /// Gives the slot of the row last returned back to the reader.
    func release() { emptied.signal() }

    /// Waits for the reading thread to end. The rebuilding side stops early only on a
    /// failure `row` threw, after which the reader has already stopped, so this cannot hang.
    func waitUntilFinished() { finished.wait() }
}
