import TerminalImage

#if canImport(Glibc)
import Glibc
#endif

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
public final class PictureMaker: @unchecked Sendable {
    public typealias Make = @Sendable (PictureRequest) -> Picture

    private let make: Make
    private let finished: @Sendable () -> Void
    private let threadCount: Int
    private let budget: Int
    private let lock = Condition()
    // Everything below is guarded by `lock`.
    private var wanted: [PictureRequest] = []
    private var made: [PictureRequest: (picture: Picture, bytes: Int, lastWanted: Int)] = [:]
    private var busy: Set<PictureRequest> = []
    private var madeBytes = 0
    private var generation = 0
    private var started = false
    private var stopped = false

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
        lock.locked { made[request]?.picture }
    }

    /// What to make, most wanted first; replaces the last list. Starts the threads the first time.
    public func want(_ requests: [PictureRequest]) {
        let startNow = lock.locked { () -> Bool in
            generation += 1
            wanted = requests
            for request in requests where made[request] != nil { made[request]?.lastWanted = generation }
            lock.broadcast()
            defer { started = true }
            return !started && !stopped
        }
        if startNow {
            for _ in 0..<threadCount { Thread.start { [self] in work() } }
        }
    }

    /// Calls `finished` once, as a made picture would: the loop draws again.
    public func nudge() { finished() }

    /// Makes nothing more; threads finish the picture in hand and end.
    public func stop() {
        lock.locked {
            stopped = true
            lock.broadcast()
        }
    }

    /// How many pictures are kept, and their pixels' bytes (for tests and the memory figure).
    public var kept: (count: Int, bytes: Int) { lock.locked { (made.count, madeBytes) } }

    private func work() {
        while let request = nextRequest() {
            let picture = make(request)
            lock.locked {
                busy.remove(request)
                keep(picture, for: request)
            }
            finished()
        }
    }

    /// Waits for a wanted picture nobody makes yet; nil once stopped.
    private func nextRequest() -> PictureRequest? {
        lock.locked {
            while !stopped {
                if let request = wanted.first(where: { made[$0] == nil && !busy.contains($0) }) {
                    busy.insert(request)
                    return request
                }
                lock.wait()
            }
            return nil
        }
    }

    private func keep(_ picture: Picture, for request: PictureRequest) {
        let bytes: Int
        if case .raster(let raster) = picture { bytes = raster.pixels.count } else { bytes = 64 }
        made[request] = (picture, bytes, generation)
        madeBytes += bytes
        guard madeBytes > budget else { return }
        let wantedNow = Set(wanted)
        let oldest = made.filter { !wantedNow.contains($0.key) }.sorted { $0.value.lastWanted < $1.value.lastWanted }
        for (key, value) in oldest {
            guard madeBytes > budget else { break }
            made[key] = nil
            madeBytes -= value.bytes
        }
    }
}

/// A mutex and its condition variable (pthread), for the maker's few shared fields.
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Only while `locked`.
    func wait() { pthread_cond_wait(condition, mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// A detached pthread running a closure: no Foundation in the library, and no Dispatch pool
/// whose threads might have been made before the signals were blocked.
enum Thread {
    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(box).release()
        }
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
