import Dispatch
import ImageCore

/// Reads a frame's tokens on a second thread, a few rows ahead of the thread that rebuilds,
/// filters and converts them: the tokens are the larger half of the work (tokens against
/// prediction, transforms, filter, colour and the sink's shrink), so the rebuilding thread
/// also reads the modes of the rows ahead (the first partition, apart from the tokens') into
/// each slot it gives back, and two cores take a large picture in little more than the
/// tokens' time (libwebp's `use_threads`).
///
/// Not Sendable: the reading thread reaches it through a SendablePointer (the decoders' one door
/// for shared memory). The token reader is only touched by the reading thread, the mode reader
/// only by the rebuilding one, and each slot by one thread at a time, handed over by the
/// `ready` and `filled` semaphores (which order the memory too); `failure` is written before
/// the `filled` signal that the rebuilding thread waits on, a slot's `modeFailure` before the
/// `ready` signal that the reader waits on. The slots are made by the rebuilding thread as it
/// first fills each, before that slot's `ready` signal.
final class VP8ParsePipeline {
    /// Rows read ahead: enough that neither side waits on the other's row-to-row jitter (with
    /// four, the token reader still waited on the modes for a few milliseconds of 140).
    private static let depth = 8
    private var modes: VP8ModeRows
    private var tokens: VP8TokenRows
    private let rows: Int
    private let columns: Int
    /// Made as they are first needed, so the token reader starts after one is made, not all.
    private let slots: UnsafeMutablePointer<VP8ParsedRow?>
    /// Slots whose modes are read, for the token reader.
    private let ready = DispatchSemaphore(value: 0)
    /// Slots whose tokens are read, for the rebuilding thread.
    private let filled = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var failure: DecodeError?
    /// Rows whose modes the rebuilding thread has read (or failed to); only it touches this.
    private var modeRows = 0
    private var modesFailed = false

    init(parser: VP8RowParser, rows: Int, columns: Int) {
        modes = parser.modes
        tokens = parser.tokens
        self.rows = rows
        self.columns = columns
        slots = .allocate(capacity: Self.depth)
        slots.initialize(repeating: nil, count: Self.depth)
    }

    deinit {
        slots.deinitialize(count: Self.depth)
        slots.deallocate()
    }

    /// Reads the first rows' modes and starts reading tokens; every `start` must be followed by
    /// `waitUntilFinished`, even after a failure, so the reader never outlives the data it reads.
    func start() {
        // The thread starts before the modes are read (it waits for them row by row), so its
        // start-up overlaps the reading of the first rows' modes.
        // The reading thread's own reference to the pipeline, let go when it has read.
        let reference = UnsafeMutablePointer<VP8ParsePipeline>.allocate(capacity: 1)
        reference.initialize(to: self)
        let shared = SendablePointer(reference)
        DispatchQueue.global(qos: .userInitiated).async {
            shared.base.pointee.readTokens()
            shared.base.deinitialize(count: 1)
            shared.base.deallocate()
        }
        for _ in 0..<Self.depth { readModes() }
    }

    /// The rebuilding thread's part: the next row's modes into its slot (or the failure that
    /// stopped them, after which no more are read), handed to the token reader.
    private func readModes() {
        guard modeRows < rows, !modesFailed else { return }
        let slot: VP8ParsedRow
        if let made = slots[modeRows % Self.depth] {
            slot = made
        } else {
            slot = VP8ParsedRow(columns: columns)
            slots[modeRows % Self.depth] = slot
        }
        do throws(DecodeError) {
            try modes.read(into: slot)
        } catch {
            slot.modeFailure = error
            modesFailed = true
        }
        modeRows += 1
        ready.signal()
    }

    private func readTokens() {
        for mby in 0..<rows {
            ready.wait()
            let slot = slots[mby % Self.depth]!
            do throws(DecodeError) {
                if let modeFailure = slot.modeFailure { throw modeFailure }
                try tokens.read(row: mby, into: slot)
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
        return slots[mby % Self.depth]!
    }

    /// Gives the slot of the row last returned (its levels cleared) back, with the modes
    /// of the row it will hold next.
    func release() { readModes() }

    /// Waits for the reading thread to end. The rebuilding side stops early only on a
    /// failure `row` threw, after which the reader has already stopped, so this cannot hang.
    func waitUntilFinished() { finished.wait() }
}
