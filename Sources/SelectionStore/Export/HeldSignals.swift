import Posix

/// SIGINT, SIGTERM and SIGHUP held back while an export runs, so that a Ctrl-C never lands between two
/// renames: the work looks at `arrived` between steps, stops, takes its hidden folder away, and then
/// `release` lets the signal take its ordinary effect (the process ends by it, as the shell expects).
///
/// Threads inherit the mask, so `hold` is called before the work starts its threads; a signal sent to
/// the process then stays pending, which `sigpending` sees from any thread.
public struct HeldSignals: Sendable {
    private let previous: Posix.SignalMask

    public static let held: [Int32] = [Posix.Signal.interrupt, Posix.Signal.terminate, Posix.Signal.hangUp]

    private init(previous: Posix.SignalMask) { self.previous = previous }

    public static func hold() -> HeldSignals {
        HeldSignals(previous: Posix.SignalSet(held).block() ?? Posix.SignalMask())
    }

    /// Whether one of the held signals is waiting. A signal the caller had blocked already is not
    /// ours to act on.
    public var arrived: Bool { Posix.SignalSet.arrived(Self.held, blockedBefore: previous) }

    /// Puts the mask back; a signal that arrived meanwhile is delivered now.
    public func release() { previous.restore() }
}
