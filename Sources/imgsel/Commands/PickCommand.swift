import CommandLineModel
import ImageDecoding
import ImageHeaders
import SelectionStore
import TerminalUI

struct PickCommand: Command {
    static let spec = CommandSpec(
        name: "pick", usage: "pick [PATH...]",
        summary: "the album picker, full screen: toggle thumbnails into the selection, Enter writes",
        arguments: [
            ("PATH", "an image, or a folder whose images are shown (default: the current folder)")
        ],
        examples: ["imgsel pick shots/ && upload", "imgsel pick a.jpg b.jpg c.jpg"])

    let paths: [String]

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        if arguments.positionals.contains("") { throw .usage("pick: PATH needs a path, not an empty string") }
        paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
    }

    func run(_ context: Context) throws(ImgselError) {
        let terminal = try FullScreen.openTerminal(for: "pick")
        let images = try ImageListing.images(in: paths, cwd: context.cwd)
        let selection: Selection
        do {
            selection = try context.store.read()
        } catch {
            guard case .noSelection = error else { throw error }
            selection = Selection()
        }
        let shown = ShownImages(images)
        var picked: [Int] = []
        for entry in selection.items {
            if let item = shown.item(matching: entry, entryPath: context.absolutePath(entry)) { picked.append(item) }
        }
        let rules = selection.rules
        let model = PickerModel(
            names: images.map(\.name), picked: picked, capacity: selection.capacity,
            otherEntries: selection.count - picked.count,
            refusal: { item in
                let problems = rules.problems(
                    for: Rule.Image(facts: images[item].facts, bytes: images[item].bytes), path: images[item].name)
                return problems.isEmpty
                    ? nil : problems.map { ImgselError.ruleBroken($0).message }.joined(separator: "; ")
            })
        let board = try FullScreen.pictureBoard(context, on: terminal) { item in Self.load(images[item]) }
        var screen = PickScreen(model: model, board: board, characterWidth: FullScreen.characterWidth)
        switch try FullScreen.run(&screen, on: terminal, board: board, command: "pick") {
        case .cancel:
            throw .cancelled(command: "pick", what: "nothing written")
        case .commit(let order):
            try commit(order.map { images[$0].typed }, shown: shown, context)
        }
    }

    /// Enter: one update under the lock. The picked files are inspected (hashed) first; the
    /// entries not shown are told apart from the shown ones by content, in the selection as it is
    /// at write time, so a change another imgsel made meanwhile is kept (or refuses the pick).
    private func commit(_ typed: [String], shown: ShownImages, _ context: Context) throws(ImgselError) {
        let entries = try context.inspectAll(typed)
        let (before, after) = try context.namingInputs(entries, as: typed) { () throws(ImgselError) in
            try context.store.update(creating: true) { (selection) throws(ImgselError) -> (Selection, Selection) in
                let before = selection
                selection = try selection.picking(entries) { entry in
                    shown.item(matching: entry, entryPath: context.absolutePath(entry)) != nil
                }
                return (before, selection)
            }
        }
        ChangeReport.print(before: before, after: after, context)
    }

    /// The file's bytes for its thumbnail (on a maker's thread): none for a type imgsel does not
    /// decode, which shows its placeholder.
    @Sendable static func load(_ image: ListedImage) -> LoadedImage {
        guard PixelDecoders.decodes(image.facts.type) else { return LoadedImage(facts: image.facts) }
        do {
            let (facts, bytes) = try ImageLoader.load(image.path) {
                DecodeLimits.budget(width: $0.width, height: $0.height)
            }
            return LoadedImage(facts: facts, bytes: bytes)
        } catch {
            return LoadedImage(facts: image.facts, failure: FullScreen.reason(error, path: image.path))
        }
    }
}
