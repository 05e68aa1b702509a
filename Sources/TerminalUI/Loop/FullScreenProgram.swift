import TerminalImage

/// What a program tells the loop after a key.
public enum ProgramStep<Outcome> {
    /// Go on (the loop draws the new state).
    case stay
    /// Go on, and ring the terminal bell (a refused key).
    case bell
    /// Leave full screen and return this.
    case finish(Outcome)
}

/// A full-screen program for `runFullScreen`: its state, how a key changes it, how it looks.
/// The picker and the browser are such programs (`PickerProgram`, `BrowserProgram`) over pure
/// models; the loop brings the terminal, the keys, the signals and the redraws.
public protocol FullScreenProgram {
    associatedtype Outcome

    /// Lays out for the window; called before the first draw and after every resize.
    mutating func resize(to size: WindowSize)
    /// One key. Ctrl-Z never comes here: the loop suspends.
    mutating func handle(_ key: Key) -> ProgramStep<Outcome>
    /// Background work asked for a redraw (`TerminalWaker.wake()`).
    mutating func wake()
    /// Draws the whole state into a cleared screen.
    func draw(into screen: inout Screen)
}

extension FullScreenProgram {
    public mutating func wake() {}
}

/// How a full-screen run ended.
public enum FullScreenEnd<Outcome> {
    /// The program finished with this.
    case finished(Outcome)
    /// A terminating signal arrived (or the terminal hung up). The terminal is already put
    /// back: do any last clean-up that must not be skipped, then
    /// `TerminalSignals.restoreDefault` and a `raise` so the parent sees the signal.
    case signalled(Int32)
}
