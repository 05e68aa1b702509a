import TerminalImage

/// What came from the terminal, or happened to it, while waiting for input.
public enum TerminalInput: Equatable, Sendable {
    /// Bytes typed (or answered by the terminal): give them to a `KeyDecoder`.
    case bytes([UInt8])
    /// Nothing came within the timeout.
    case timeout
    /// The window changed size (SIGWINCH): read `windowSize()` and lay out again.
    case resized
    /// The process was stopped and continued (SIGCONT after `fg`), and the terminal is in
    /// full-screen mode again: draw everything again.
    case resumed
    /// Someone called `TerminalWaker.wake()` (background work finished): draw again.
    case wake
    /// A signal that ends the program arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or the
    /// terminal went away (reported as SIGHUP). Leave full screen, then
    /// `TerminalSignals.restoreDefault` and a `raise`.
    case signal(Int32)
}

/// Why the terminal could not be used.
public enum TerminalError: Error, Equatable, Sendable {
    /// No controlling terminal (`/dev/tty` cannot be opened): the command exits 2,
    /// "pick needs a terminal".
    case noTerminal(reason: String)
    /// The terminal refused a setting (termios, signals).
    case setupFailed(reason: String)
}

/// The terminal a full-screen program runs on: `TTYTerminal` for the real one, a scripted
/// fake in tests.
public protocol TerminalIO: AnyObject {
    /// Raw input, alternate screen, hidden cursor. Everything is undone by `leaveFullScreen`.
    func enterFullScreen() throws(TerminalError)
    /// Puts the terminal back exactly as it was before `enterFullScreen`. Safe to call twice.
    func leaveFullScreen()
    /// Sends bytes to the terminal, all of them (or none, if the terminal is gone).
    func write(_ bytes: [UInt8])
    /// Waits up to `timeoutMilliseconds` (-1: without end) for input or an event.
    func read(timeoutMilliseconds: Int32) -> TerminalInput
    /// The window's size now.
    func windowSize() -> WindowSize
    /// Ctrl-Z: put the terminal back, stop as the shell expects, and return once continued,
    /// in full-screen mode again (the caller draws everything again).
    func suspend()
}
