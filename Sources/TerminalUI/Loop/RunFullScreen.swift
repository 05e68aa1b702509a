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
    characterWidth: @escaping CharacterWidth = SimpleCharacterWidth.width
) throws(TerminalError) -> FullScreenEnd<Program.Outcome> {
    try terminal.enterFullScreen()
    defer { terminal.leaveFullScreen() }

    var size = terminal.windowSize()
    var screen = Screen(columns: size.columns, rows: size.rows, characterWidth: characterWidth)
    program.resize(to: size)
    var decoder = KeyDecoder()

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
        switch terminal.read(timeoutMilliseconds: decoder.isPending ? escapeWaitMilliseconds : -1) {
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
