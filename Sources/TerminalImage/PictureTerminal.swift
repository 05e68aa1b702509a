import Posix

/// What `view` and `list --grid` need to draw pictures: the way chosen (`--graphics`,
/// `$IMGSEL_GRAPHICS`, else the hints and one query on the terminal), the window, and the
/// open query, whose modes stay changed until `finish()` when the terminal did not answer
/// in time (a late answer is drained there, not echoed).
public final class PictureTerminal {
    public let renderer: PictureRenderer
    /// The window's size, with the cell size the terminal answered where TIOCGWINSZ gave no pixels.
    public let window: WindowSize
    private let query: TerminalQuery?

    public var way: GraphicsWay { renderer.way }

    private init(renderer: PictureRenderer, window: WindowSize, query: TerminalQuery?) {
        self.renderer = renderer
        self.window = window
        self.query = query
    }

    /// The terminal to draw on, or nil when nothing is to be drawn (the way is `none`).
    /// Asks the terminal only when stdout is one, this process is in its foreground, and the
    /// option, the variable and the hints leave the way open.
    /// - Parameters:
    ///   - option: `--graphics`, parsed (nil when not given).
    ///   - colourOff: `--no-color`.
    ///   - output: the descriptor pictures go to (the run's stdout).
    ///   - environment: the run's variables.
    public static func open(
        option: GraphicsRequest?, colourOff: Bool, output: Int32 = 1,
        environment: (String) -> String? = environmentValue
    ) throws(GraphicsChoice.BadVariable) -> PictureTerminal? {
        let window = WindowSize.current(fd: output, environment: environment)
        var query: TerminalQuery? = nil
        let choice = try GraphicsChoice.resolve(option: option, environment: environment, colourOff: colourOff) {
            query = TerminalQuery.open(output: output)
            return query?.ask(cellSize: !window.knowsPixels)
        }
        let terminal = PictureTerminal(
            renderer: PictureRenderer(choice: choice), window: choice.window(window), query: query)
        guard choice.way != .none else {
            terminal.finish()
            return nil
        }
        return terminal
    }

    /// Ends the query (drains a late answer, restores the terminal's modes): before the
    /// picture is written.
    public func finish() { query?.close() }

    /// kitty's image id for a picture of this run: the process's, so another imgsel's stays.
    public func imageID(slot: Int) -> UInt32 { Kitty.imageID(process: Posix.processID, slot: slot) }
}
