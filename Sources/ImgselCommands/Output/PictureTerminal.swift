import ImageDecoding
import SelectionStore
import TerminalImage

#if canImport(Glibc)
import Glibc
#endif

/// What `view` and `list --grid` need to draw pictures: the way chosen (`--graphics`,
/// `$IMGSEL_GRAPHICS`, else the hints and one query on the terminal), the window, and the
/// open query, whose modes stay changed until `finish()` when the terminal did not answer
/// in time (a late answer is drained there, not echoed).
final class PictureTerminal {
    let renderer: PictureRenderer
    /// The window's size, with the cell size the terminal answered where TIOCGWINSZ gave no pixels.
    let window: WindowSize
    private let query: TerminalQuery?

    var way: GraphicsWay { renderer.way }

    private init(renderer: PictureRenderer, window: WindowSize, query: TerminalQuery?) {
        self.renderer = renderer
        self.window = window
        self.query = query
    }

    /// The terminal to draw on, or nil when nothing is to be drawn (the way is `none`).
    /// Asks the terminal only when stdout is one, this process is in its foreground, and the
    /// option, the variable and the hints leave the way open.
    static func open(_ context: Context) throws(ImgselError) -> PictureTerminal? {
        let window = WindowSize.current(fd: context.io.stdout, environment: context.io.variable)
        var query: TerminalQuery? = nil
        let choice: GraphicsChoice
        do {
            choice = try GraphicsChoice.resolve(
                option: context.graphics, environment: context.io.variable, colourOff: context.noColorOption
            ) {
                query = TerminalQuery.open(output: context.io.stdout)
                return query?.ask(cellSize: !window.knowsPixels)
            }
        } catch {
            throw .usage(error.message)
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
    func finish() { query?.close() }

    /// kitty's image id for a picture of this run: the process's, so another imgsel's stays.
    func imageID(slot: Int) -> UInt32 { Kitty.imageID(process: getpid(), slot: slot) }

    /// An entry's file, read whole and checked against its sha256; nil when it changed, is
    /// gone, or is too large to decode (the text says why elsewhere).
    static func contents(of entry: Entry, path: String, index: Int) -> [UInt8]? {
        guard entry.bytes <= DecodeLimits.budget(width: entry.width, height: entry.height) else { return nil }
        return try? EntryFile(entry, path: path, index: index).contents()
    }
}
