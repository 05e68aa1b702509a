import CommandLineModel
import SelectionStore
import TerminalUI

struct BrowseCommand: Command {
    static let spec = CommandSpec(
        name: "browse", usage: "browse [INDEX]",
        summary: "the paging browser, full screen: one image at a time, fitted, with 3 / 9, save, delete and crop",
        arguments: [("INDEX", "start at this entry: 1, 2, … or 'last' (default: the current one)")],
        examples: ["imgsel browse", "upload \"$(imgsel browse 3)\""])

    let index: IndexArgument?

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...1)
        index = try arguments.positionals.first.map { (text) throws(ImgselError) in try IndexArgument(parsing: text) }
    }

    func run(_ context: Context) throws(ImgselError) {
        let terminal = try FullScreen.openTerminal(for: "browse")
        let selection = try lift(store: context.store.read())
        guard let current = selection.current else { throw .emptySelection }
        let start = try index?.resolve(in: selection) ?? current
        let session = BrowseSession(selection, context: context)
        let pictures = session.pictures
        let board = try FullScreen.pictureBoard(context, on: terminal) { id in pictures.load(id) }
        var screen = BrowseScreen(
            model: BrowserModel(total: selection.count, index: start - 1), board: board,
            pictureID: session.pictureID, wholePictureID: session.wholePictureID,
            caption: session.caption, save: session.save, delete: session.delete, refresh: session.follow(shown:))
        screen.crops(source: session.cropSource, keep: session.keepCrop)
        switch try FullScreen.run(&screen, on: terminal, board: board, command: "browse", context) {
        case .cancel:
            throw .cancelled(command: "browse", what: "the cursor was not moved")
        case .quit(let entry):
            try session.quit(on: entry)
        }
    }
}
