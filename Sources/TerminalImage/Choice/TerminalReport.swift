import Posix

/// What imgsel sees of the terminal on a descriptor (stdout, or the controlling terminal), for
/// `imgsel terminal`: the way `view` would draw and why, the answers the query got, the
/// window, the colours and tmux. Made by the
/// same steps `view` takes (`GraphicsChoice.resolve`, `TerminalQuery`, `WindowSize`), so
/// what it says is what `view` does, and a bug report can quote it.
public struct TerminalReport: Sendable {
    /// The way and why (`choice.reason`), the colours, the cell size answered, the background.
    public var choice: GraphicsChoice
    /// The window as pictures are fitted in it: TIOCGWINSZ, with the answered cell size where
    /// it reports no pixels.
    public var window: WindowSize
    /// Where the window's pixels came from.
    public var pixelSource: PixelSource
    /// The descriptor looked at is a terminal (else nothing is asked, and `view` draws only with `--image`).
    public var isTerminal: Bool
    /// What the query got; nil when nothing was asked.
    public var reply: TerminalReply?
    /// Inside tmux (`$TMUX`).
    public var insideTmux: Bool
    /// Why the colours are what they are: `COLORTERM=truecolor`, or that it says no 24 bits.
    public var coloursReason: String

    public enum PixelSource: String, Sendable {
        /// The window's size in pixels, from TIOCGWINSZ.
        case windowSize = "TIOCGWINSZ"
        /// The cell size the terminal answered to `CSI 16 t`, times the cells.
        case cellSizeAnswer = "CSI 16 t"
        /// The text area's size the terminal answered to `CSI 14 t`, a whole number of pixels a cell.
        case textAreaAnswer = "CSI 14 t"
        /// Neither: pictures take cells as 1:2.
        case unknown = "unknown"
    }

    /// A cell's size in pixels; nil when the window's pixels are unknown.
    public var cellPixels: CellPixels? {
        let cell = CellPixels(window: window)
        return cell.isKnown ? cell : nil
    }

    /// The background as `#rrggbb`, nil when the terminal did not answer OSC 11.
    public var backgroundHex: String? {
        guard let colour = choice.answeredBackground else { return nil }
        func hex(_ value: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
        }
        return "#" + hex(colour.red) + hex(colour.green) + hex(colour.blue)
    }

    /// Looks, asking the terminal only where `view` would (see `PictureTerminal.open`); the
    /// query is closed (a late answer drained) before this returns.
    public static func make(
        option: GraphicsRequest?, colourOff: Bool, output: Int32 = 1,
        environment: (String) -> String? = environmentValue
    ) throws(GraphicsChoice.BadVariable) -> TerminalReport {
        let reported = WindowSize.current(fd: output, environment: environment)
        var query: TerminalQuery? = nil
        var reply: TerminalReply? = nil
        defer { query?.close() }
        let choice = try GraphicsChoice.resolve(option: option, environment: environment, colourOff: colourOff) {
            query = TerminalQuery.open(output: output)
            reply = query?.ask(cellSize: !reported.knowsPixels)
            return reply
        }
        let window = choice.window(reported)
        let source: PixelSource
        if reported.knowsPixels {
            source = .windowSize
        } else if !window.knowsPixels {
            source = .unknown
        } else {
            source = reply?.cellSizeAnswered == true ? .cellSizeAnswer : .textAreaAnswer
        }
        let colourTerm = environment("COLORTERM") ?? ""
        let coloursReason =
            choice.colours == .truecolor
            ? "COLORTERM=\(colourTerm)"
            : colourTerm.isEmpty ? "COLORTERM is not set" : "COLORTERM=\(colourTerm) is not truecolor or 24bit"
        return TerminalReport(
            choice: choice, window: window, pixelSource: source, isTerminal: Posix.isTerminal(output), reply: reply,
            insideTmux: !(environment("TMUX") ?? "").isEmpty, coloursReason: coloursReason)
    }
}
