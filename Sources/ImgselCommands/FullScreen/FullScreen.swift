import ImageDecoding
import ImageHeaders
import Posix
import SelectionStore
import TerminalImage
import TerminalUI
import TextWidth

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
    /// terminal before the full screen starts; every way through `PictureRenderer`, each
    /// picture a `Placement` the screen sends once. Nil: no pictures (`none`, `TERM=dumb`).
    static func pictureRenderer(_ context: Context, terminal: TTYTerminal) throws(ImgselError) -> PictureRenderer? {
        var query: TerminalQuery? = nil
        defer { query?.close() }
        let choice: GraphicsChoice
        do {
            choice = try GraphicsChoice.resolve(
                option: context.graphics, environment: context.io.variable, colourOff: context.noColorOption
            ) {
                query = TerminalQuery.open(output: terminal.fd)
                let window = terminal.windowSize()
                return query?.ask(cellSize: window.pixelWidth == 0 || window.pixelHeight == 0)
            }
        } catch {
            throw .usage(error.message)
        }
        return choice.way == .none ? nil : PictureRenderer(choice: choice)
    }

    /// The pictures of one run: made on every core from what `load` gives (on a maker's thread;
    /// nil for an item that is no longer there), woken into the loop as each is ready. Nil when
    /// pictures are not drawn.
    static func pictureBoard(
        _ context: Context, on terminal: TTYTerminal, load: @escaping @Sendable (Int) -> LoadedImage?
    ) throws(ImgselError) -> PictureBoard? {
        guard let renderer = try pictureRenderer(context, terminal: terminal) else { return nil }
        let waker = terminal.waker
        let maker = PictureMaker(
            threads: Posix.processorCount, finished: { waker?.wake() },
            make: { request in
                guard let image = load(request.item) else { return .placeholder([]) }
                return PictureMaking.picture(
                    bytes: image.bytes, facts: image.facts, crop: image.crop, columns: request.columns,
                    rows: request.rows,
                    cellPixels: request.cellPixels, renderer: renderer)
            })
        return PictureBoard(renderer: renderer, maker: maker)
    }

    /// Why a listed file's picture cannot be had, without the path (the name is on the screen already).
    static func problem(_ error: ImgselError) -> PictureProblem {
        switch error {
        case let .undecodable(_, problem): return .unreadable(problem.reason)
        case let .inputUnreadable(_, reason), let .notAnImage(_, reason):
            return .unreadable(reason)
        case .inputMissing: return .missing
        default: return .unreadable(error.message)
        }
    }

    /// Runs `program` until it finishes, and returns how. A signal that ends it (SIGTERM,
    /// SIGHUP, SIGINT from outside) ends the process by that signal once the terminal is back,
    /// as the parent expects; nothing is written then.
    static func run<Program: FullScreenProgram>(
        _ program: inout Program, on terminal: TTYTerminal, board: PictureBoard?, command: String, _ context: Context
    ) throws(ImgselError) -> Program.Outcome {
        terminal.extraLeaveBytes = board?.renderer.leaveBytes ?? []
        let end: FullScreenEnd<Program.Outcome>
        do {
            end = try runFullScreen(&program, on: terminal)
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
            context.io.endBySignal(signal)
        }
    }
}

/// A file as its picture is made from it: its facts, and its bytes or why there are none;
/// the entry's crop, which is all that is shown of it.
struct LoadedImage: Sendable {
    var facts: ImageFacts
    var bytes: Result<[UInt8], PictureProblem>
    var crop: Crop? = nil
}
