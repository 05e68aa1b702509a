import Posix

/// The signals a full-screen program takes through its signalfd instead of letting them act.
///
/// Why a signalfd: the terminal must be put back before the process dies or stops, and that
/// is Swift code (termios, writes). Swift code must not run in a signal handler (it may
/// allocate or take locks; Swift 6 cannot check it for async-signal safety). So the signals are
/// blocked and read as data from a descriptor that `poll` watches beside the terminal: the
/// work happens in the ordinary flow of the loop, between two frames, never in the middle of
/// writing one. A blocked signal also interrupts no system call, so no EINTR anywhere else.
///
/// The catch: a signal is blocked per thread. Threads started after `enterFullScreen` inherit
/// the mask; a thread started before it does not, and would take a SIGTERM with the default
/// action, leaving the terminal raw. Start background work after entering full screen.
public enum TerminalSignals {
    /// Signals that end the program once the terminal is put back.
    public static let terminating: [Int32] = [
        Posix.Signal.interrupt, Posix.Signal.terminate, Posix.Signal.hangUp, Posix.Signal.quit,
    ]
    /// Signals that change the screen: resize, stop from outside, continue.
    static let screenEvents: [Int32] = [Posix.Signal.windowChange, Posix.Signal.terminalStop, Posix.Signal.continued]

    /// Gives `signal` back its default action and unblocks it, so that the executable can die
    /// of it (`raise`) and the parent sees the true cause (a shell prints 143 for SIGTERM). Call
    /// it after `leaveFullScreen`; dying is the executable's to do, as every exit is.
    public static func restoreDefault(_ signal: Int32) {
        Posix.restoreDefaultAction(signal)
        Posix.SignalSet([signal]).unblock()
    }
}
