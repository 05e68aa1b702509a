#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP held back while an export runs, so that a Ctrl-C never lands between two
/// renames: the work looks at `arrived` between steps, stops, takes its hidden folder away, and then
/// `release` lets the signal take its ordinary effect (the process ends by it, as the shell expects).
///
/// Threads inherit the mask, so `hold` is called before the work starts its threads; a signal sent to
/// the process then stays pending, which `sigpending` sees from any thread.
public struct HeldSignals: Sendable {
    private let previous: sigset_t

    public static let held: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private init(previous: sigset_t) { self.previous = previous }

    public static func hold() -> HeldSignals {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in held { sigaddset(&set, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        return HeldSignals(previous: previous)
    }

    /// Whether one of the held signals is waiting.
    public var arrived: Bool {
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return false }
        var previous = self.previous
        // A signal the caller had blocked already is not ours to act on.
        return Self.held.contains { sigismember(&pending, $0) == 1 && sigismember(&previous, $0) != 1 }
    }

    /// Puts the mask back; a signal that arrived meanwhile is delivered now.
    public func release() {
        var previous = self.previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
