import TerminalImage
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// A terminal that plays a script of inputs and records what the loop did with it.
final class FakeTerminal: TerminalIO {
    var script: [TerminalInput]
    var size: WindowSize
    private(set) var written: [[UInt8]] = []
    private(set) var events: [String] = []
    private(set) var timeouts: [Int32] = []
    /// How long each read takes, as a real one waiting for input would.
    var delayMilliseconds: UInt32 = 0

    init(_ script: [TerminalInput], size: WindowSize = WindowSize(columns: 40, rows: 12)) {
        self.script = script
        self.size = size
        shown = TerminalEmulator(columns: size.columns, rows: size.rows)
    }

    /// Whether some row of the terminal showed `text` at some moment.
    func showed(_ text: String) -> Bool { shownRows.contains { $0.contains(text) } }

    var output: String { String(decoding: written.joined(), as: UTF8.self) }
    /// What the terminal shows now (at the size it had at the start).
    private(set) var shown: TerminalEmulator
    /// Every row the terminal showed at some point, for "did this message appear".
    private(set) var shownRows: Set<String> = []

    func enterFullScreen() throws(TerminalError) { events.append("enter") }
    func leaveFullScreen() { events.append("leave") }
    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        written.append(bytes)
        if shown.columns != size.columns || shown.rows != size.rows {
            shown = TerminalEmulator(columns: size.columns, rows: size.rows)
        }
        shown.feed(bytes)
        for row in 0..<shown.rows { shownRows.insert(shown.text(row: row)) }
    }
    func windowSize() -> WindowSize { size }
    func suspend() { events.append("suspend") }

    func read(timeoutMilliseconds: Int32) -> TerminalInput {
        timeouts.append(timeoutMilliseconds)
        if delayMilliseconds > 0 { usleep(delayMilliseconds * 1000) }
        // A script that runs out is a test that forgot its ending: end it as a hang-up would.
        guard !script.isEmpty else { return .signal(1) }
        let next = script.removeFirst()
        if case .resized = next { size = WindowSize(columns: 60, rows: 20) }
        return next
    }
}

/// A terminal whose setup fails.
final class BrokenTerminal: TerminalIO {
    func enterFullScreen() throws(TerminalError) { throw .setupFailed(reason: "no") }
    func leaveFullScreen() {}
    func write(_ bytes: [UInt8]) {}
    func windowSize() -> WindowSize { WindowSize(columns: 80, rows: 24) }
    func suspend() {}
    func read(timeoutMilliseconds: Int32) -> TerminalInput { .timeout }
}
