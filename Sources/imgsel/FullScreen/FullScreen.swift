import CommandLineModel
import ImageHeaders
import SelectionStore
import TerminalImage
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// What `pick` and `browse` share: the controlling terminal, the way pictures are drawn, and
/// the ways out that are not the program's (a signal: the terminal put back, then death by it).
enum FullScreen {
    /// `/dev/tty`, so that both work with stdout in a pipe or inside `$( )`. None: exit 2 at once.
    static func openTerminal(for command: String) throws(ImgselError) -> TTYTerminal {
        do {
            return try TTYTerminal.open()
        } catch {
            switch error {
            case let .noTerminal(reason), let .setupFailed(reason):
                throw .needsTerminal(command: command, reason: reason)
            }
        }
    }

    /// How pictures are drawn in pick and browse: the way `view` chooses (`--graphics`,
    /// `$IMGSEL_GRAPHICS`, the environment's hints, else one query), asked on the controlling
    /// terminal before the full screen starts; half blocks by `HalfBlockDrawer`, kitty, iTerm2
    /// and sixel through `PictureRenderer`, each picture a `Placement` the screen sends once.
    /// Nil: no pictures (`none`, `TERM=dumb`).
    static func pictureDrawer(_ context: Context, terminal: TTYTerminal) throws(ImgselError) -> PictureDrawer? {
        var query: TerminalQuery? = nil
        defer { query?.close() }
        let choice: GraphicsChoice
        do {
            choice = try GraphicsChoice.resolve(option: context.graphics, colourOff: context.noColorOption) {
                query = TerminalQuery.open(output: terminal.fd)
                let window = terminal.windowSize()
                return query?.ask(cellSize: window.pixelWidth == 0 || window.pixelHeight == 0)
            }
        } catch {
            throw .usage(error.message)
        }
        switch choice.way {
        case .none: return nil
        case .blocks: return HalfBlockDrawer(colours: choice.colours, background: choice.background)
        case .kitty, .iterm, .sixel: return RendererDrawer(renderer: PictureRenderer(choice: choice))
        }
    }

    /// Terminal columns of a character, by the same table as the rest of the command line.
    static let characterWidth: CharacterWidth = { DisplayWidth.of(String($0)) }

    /// The pictures of one run: made on every core from what `load` gives (on a maker's thread;
    /// nil for an item that is no longer there), woken into the loop as each is ready. Nil when
    /// pictures are not drawn.
    static func pictureBoard(
        _ context: Context, on terminal: TTYTerminal, load: @escaping @Sendable (Int) -> LoadedImage?
    ) throws(ImgselError) -> PictureBoard? {
        guard let drawer = try pictureDrawer(context, terminal: terminal) else { return nil }
        let waker = terminal.waker
        let maker = PictureMaker(
            threads: max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))), finished: { waker?.wake() },
            make: { request in
                guard let image = load(request.item) else { return .placeholder([]) }
                return PictureMaking.picture(
                    bytes: image.bytes, facts: image.facts, failure: image.failure, columns: request.columns,
                    rows: request.rows, cellPixels: request.cellPixels, drawer: drawer)
            })
        return PictureBoard(drawer: drawer, maker: maker)
    }

    /// Why a file's picture cannot be had, without the path (the name is on the screen already).
    static func reason(_ error: ImgselError, path: String) -> String {
        switch error {
        case let .undecodable(_, reason), let .inputUnreadable(_, reason), let .notAnImage(_, reason): return reason
        case .inputMissing: return "no such file"
        default: return error.message
        }
    }

    /// Runs `program` until it finishes, and returns how. A signal that ends it (SIGTERM,
    /// SIGHUP, SIGINT from outside) ends the process by that signal once the terminal is back,
    /// as the parent expects; nothing is written then.
    static func run<Program: FullScreenProgram>(
        _ program: inout Program, on terminal: TTYTerminal, board: PictureBoard?, command: String
    ) throws(ImgselError) -> Program.Outcome {
        terminal.extraLeaveBytes = board?.drawer.leaveBytes ?? []
        let end: FullScreenEnd<Program.Outcome>
        do {
            end = try runFullScreen(&program, on: terminal, characterWidth: characterWidth)
        } catch {
            board?.maker.stop()
            switch error {
            case let .noTerminal(reason), let .setupFailed(reason):
                throw .needsTerminal(command: command, reason: reason)
            }
        }
        board?.maker.stop()
        switch end {
        case .finished(let outcome):
            return outcome
        case .signalled(let signal):
            TerminalSignals.restoreDefault(signal)
            raise(signal)
            exit(128 + signal)
        }
    }
}

/// A file as its picture is made from it: its facts, and its bytes or why there are none
/// (no bytes and no failure: a type imgsel does not decode, shown as a placeholder).
struct LoadedImage: Sendable {
    var facts: ImageFacts
    var bytes: [UInt8]? = nil
    var failure: String? = nil
}
