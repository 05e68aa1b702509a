import Posix
import Synchronization
import TerminalImage

/// One picture to make: an item in a box of cells.
public struct PictureRequest: Hashable, Sendable {
    public var item: Int
    public var columns: Int
    public var rows: Int
    public var cellPixels: CellPixels

    public init(item: Int, columns: Int, rows: Int, cellPixels: CellPixels) {
        self.item = item
        self.columns = columns
        self.rows = rows
        self.cellPixels = cellPixels
    }
}

/// Makes pictures on background threads, the most wanted first, and keeps them for the
/// session within a memory budget.
///
/// The screen says what it wants after every change (`want`, in order: what is visible,
/// nearest the focus first, then what is near it); idle threads take the first wanted picture
/// not made yet. A made picture is kept, so scrolling back shows it at once; past `budget`
/// bytes of pixels the least recently wanted ones go first, never one wanted now. Each
/// finished picture calls `finished` (the loop's `TerminalWaker`), which draws again.
///
/// Threads start at the first `want`, so after full screen began: they inherit its blocked
/// signals (see `TerminalSignals`).
public final class PictureMaker: Sendable {
    public typealias Make = @Sendable (PictureRequest) -> Picture

    private let make: Make
    private let finished: @Sendable () -> Void
    private let threadCount: Int
    private let budget: Int
    private let state = Mutex(State())
    /// Where idle threads wait; `want` and `stop` signal once for each (`State.idle`).
    private let wakeUp = Semaphore()

    private struct State {
        var wanted: [PictureRequest] = []
        var made: [PictureRequest: (picture: Picture, bytes: Int, lastWanted: Int)] = [:]
        var busy: Set<PictureRequest> = []
        var madeBytes = 0
        var generation = 0
        var started = false
        var stopped = false
        /// Threads that found nothing to make and wait on `wakeUp`, not signalled yet.
        var idle = 0

        /// Everyone idle, to be signalled now.
        mutating func takeIdle() -> Int {
            defer { idle = 0 }
            return idle
        }
    }

    /// - Parameters:
    ///   - threads: how many pictures are made at once (the machine's cores).
    ///   - budget: bytes of pixels kept before the least recently wanted are let go.
    public init(threads: Int, budget: Int = 48 << 20, finished: @escaping @Sendable () -> Void, make: @escaping Make) {
        self.threadCount = max(1, threads)
        self.budget = budget
        self.finished = finished
        self.make = make
    }

    /// The picture, if made.
    public func picture(_ request: PictureRequest) -> Picture? {
        state.withLock { $0.made[request]?.picture }
    }

    /// What to make, most wanted first; replaces the last list. Starts the threads the first time.
    public func want(_ requests: [PictureRequest]) {
        let (startNow, idle) = state.withLock { state -> (Bool, Int) in
            state.generation += 1
            state.wanted = requests
            for request in requests where state.made[request] != nil {
                state.made[request]?.lastWanted = state.generation
            }
            defer { state.started = true }
            return (!state.started && !state.stopped, state.takeIdle())
        }
        wakeUp.signal(idle)
        if startNow {
            for _ in 0..<threadCount { Posix.Thread.detach { [self] in work() } }
        }
    }

    /// Calls `finished` once, as a made picture would: the loop draws again.
    public func nudge() { finished() }

    /// Makes nothing more; threads finish the picture in hand and end.
    public func stop() {
        let idle = state.withLock { state in
            state.stopped = true
            return state.takeIdle()
        }
        wakeUp.signal(idle)
    }

    /// How many pictures are kept, and their pixels' bytes (for tests and the memory figure).
    public var kept: (count: Int, bytes: Int) { state.withLock { ($0.made.count, $0.madeBytes) } }

    private func work() {
        while let request = nextRequest() {
            let picture = make(request)
            state.withLock { state in
                state.busy.remove(request)
                Self.keep(picture, for: request, in: &state, budget: budget)
            }
            finished()
        }
    }

    /// Waits for a wanted picture nobody makes yet; nil once stopped.
    private func nextRequest() -> PictureRequest? {
        while true {
            let next = state.withLock { state -> PictureRequest?? in
                if state.stopped { return .some(nil) }
                if let request = state.wanted.first(where: { state.made[$0] == nil && !state.busy.contains($0) }) {
                    state.busy.insert(request)
                    return .some(request)
                }
                state.idle += 1
                return nil
            }
            if let next { return next }
            wakeUp.wait()
        }
    }

    private static func keep(_ picture: Picture, for request: PictureRequest, in state: inout State, budget: Int) {
        let bytes: Int
        if case .raster(let raster) = picture { bytes = raster.pixels.count } else { bytes = 64 }
        state.made[request] = (picture, bytes, state.generation)
        state.madeBytes += bytes
        guard state.madeBytes > budget else { return }
        let wantedNow = Set(state.wanted)
        let oldest = state.made.filter { !wantedNow.contains($0.key) }.sorted {
            $0.value.lastWanted < $1.value.lastWanted
        }
        for (key, value) in oldest {
            guard state.madeBytes > budget else { break }
            state.made[key] = nil
            state.madeBytes -= value.bytes
        }
    }
}
