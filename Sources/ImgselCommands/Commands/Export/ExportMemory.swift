import Dispatch
import Synchronization

/// The memory an export's pictures may hold at once (issue 44): the budget of its largest photo's decode
/// (8 bytes a pixel plus 32 MiB, `DecodeLimits.budget`) for the whole process, the process's own share
/// aside. Each picture reserves what it will hold (its file and `ExportPicture.workingBytes`) before it
/// decodes and gives it back once encoded; one that does not fit beside those running waits for them,
/// and one that fits in nothing beside it runs alone. So the workers are as many as fit, up to a core each:
/// nine 12-MP baseline JPEGs run two at a time on two cores (about 30 MiB each), progressive ones too
/// (their coefficients, about 50 MiB each), and a bigger photo runs alone within its own budget.
final class ExportMemory: Sendable {
    /// What the process holds of its own, idle (the binary, the runtime, the selection): 11 MiB measured.
    static let processBytes = 12 << 20

    private struct State {
        var reserved = 0
        var running = 0
        var waiting: [DispatchSemaphore] = []
    }

    let budget: Int
    private let state = Mutex(State())

    /// `budget`: the whole process's (the largest picture's decode budget).
    init(budget: Int) {
        self.budget = budget
    }

    /// Waits until `bytes` fit beside what is reserved (or nothing else runs), then reserves them.
    func reserve(_ bytes: Int) {
        while true {
            let wait = state.withLock { state -> DispatchSemaphore? in
                if state.running == 0 || Self.processBytes + state.reserved + bytes <= budget {
                    state.reserved += bytes
                    state.running += 1
                    return nil
                }
                let semaphore = DispatchSemaphore(value: 0)
                state.waiting.append(semaphore)
                return semaphore
            }
            guard let wait else { return }
            wait.wait()
        }
    }

    /// Gives back what `reserve(bytes)` took, and wakes the pictures waiting, to try again.
    func release(_ bytes: Int) {
        let woken = state.withLock { state -> [DispatchSemaphore] in
            state.reserved -= bytes
            state.running -= 1
            defer { state.waiting = [] }
            return state.waiting
        }
        for semaphore in woken { semaphore.signal() }
    }

    /// Runs `body` with `bytes` reserved.
    func holding<R, E: Error>(_ bytes: Int, _ body: () throws(E) -> R) throws(E) -> R {
        reserve(bytes)
        defer { release(bytes) }
        return try body()
    }
}
