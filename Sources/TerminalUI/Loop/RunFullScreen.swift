import Posix
import TextWidth

/// How long an ESC waits for the rest of a sequence before it counts as the Esc key.
/// Terminals send a sequence in one write, so 50 ms is far more than it needs, and short
/// enough that Esc feels immediate.
public let escapeWaitMilliseconds: Int32 = 50

/// Runs `program` full screen on `terminal` until it finishes or a signal ends it, and
/// leaves the terminal as it found it on every way out (thrown errors too).
///
/// Each turn: draw (only the changed cells reach the terminal), wait for input, decode keys,
/// hand them to the program. Ctrl-Z suspends; a resume or resize draws everything again.
public func runFullScreen<Program: FullScreenProgram>(
    _ program: inout Program, on terminal: TerminalIO,
    characterWidth: @escaping CharacterWidth = DisplayWidth.width
) throws(TerminalError) -> FullScreenEnd<Program.Outcome> {
    try terminal.enterFullScreen()
    defer { terminal.leaveFullScreen() }

    var size = terminal.windowSize()
    var screen = Screen(columns: size.columns, rows: size.rows, characterWidth: characterWidth)
    program.resize(to: size)
    var decoder = KeyDecoder()
    // When the decoder began waiting for the rest of a sequence: the wait is counted from there,
    // so wake-ups from background work cannot keep postponing a lone Esc.
    var pendingSince: Int64?

    func relayout() {
        let now = terminal.windowSize()
        if now != size {
            size = now
            screen.resize(columns: size.columns, rows: size.rows)
            program.resize(to: size)
        }
    }

    while true {
        screen.clear()
        program.draw(into: &screen)
        terminal.write(screen.render())

        var keys: [Key] = []
        var timeout: Int32 = -1
        if let since = pendingSince {
            timeout = Int32(clamping: max(0, Int64(escapeWaitMilliseconds) - (Posix.monotonicMilliseconds() - since)))
        }
        let input = timeout == 0 ? TerminalInput.timeout : terminal.read(timeoutMilliseconds: timeout)
        switch input {
        case .bytes(let bytes):
            keys = decoder.feed(bytes)
        case .timeout:
            keys = decoder.flush()
        case .resized:
            relayout()
        case .resumed:
            relayout()
            screen.invalidate()
        case .wake:
            program.wake()
        case .signal(let signal):
            return .signalled(signal)
        }

        if !decoder.isPending {
            pendingSince = nil
        } else if pendingSince == nil {
            pendingSince = Posix.monotonicMilliseconds()
        }

        for key in keys {
            if key == .ctrlZ {
                terminal.suspend()
                relayout()
                screen.invalidate()
                continue
            }
            switch program.handle(key) {
            case .stay:
                break
            case .bell:
                terminal.write([0x07])
            case .finish(let outcome):
                return .finished(outcome)
            }
        }
    }
}
