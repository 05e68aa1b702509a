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
        let images = try lift(store: ImageListing.images(in: paths, cwd: context.cwd))
        let selection: Selection
        do {
            selection = try context.store.read()
        } catch {
            guard case .noSelection = error else { throw ImgselError(error) }
            selection = Selection()
        }
        // Said before any pick is made, rather than at an Enter that could never write.
        if let problem = context.store.writeProblem() { throw ImgselError(problem) }
        let session = PickSession(images: images, selection: selection, entryPath: context.absolutePath)
        let model = PickerModel(
            names: images.map(\.name), picked: session.startPicked, capacity: selection.capacity,
            otherEntries: session.notShownCount, refusal: { session.refusal(toPick: $0, picked: $1)?.message })
        // A selected entry's thumbnail shows its crop, as everything that shows the entry does.
        let crops = images.indices.map { session.crop(ofItem: $0) }
        let board = try FullScreen.pictureBoard(context, on: terminal) { item in
            var loaded = Self.load(images[item])
            loaded.crop = crops[item]
            return loaded
        }
        var written: PickWrite? = nil
        var screen = PickScreen(
            model: model, board: board,
            commit: { model in
                do throws(ImgselError) {
                    written = try commit(model.picked, session: session, context)
                    return nil
                } catch {
                    return error.message
                }
            })
        switch try FullScreen.run(&screen, on: terminal, board: board, command: "pick", context) {
        case .cancel:
            throw .cancelled(command: "pick", what: "nothing written")
        case .commit:
            guard let written else { return }
            context.warnAlike(written.alike, in: written.after)
            ChangeReport.write(before: written.before, after: written.after, moved: written.moved, context)
        }
    }

    /// What Enter wrote, printed once the terminal is back.
    private struct PickWrite {
        let before: Selection
        let after: Selection
        /// The entries the picks moved to their new numbers (unpicked and picked again, or added by
        /// another imgsel meanwhile and picked), by content.
        let moved: Set<String>
        /// The picked images that look like an entry, warned of once the terminal is back.
        let alike: [AlikeFinding]
    }

    /// Enter: one update under the lock, of the user's toggles onto the selection as it is then
    /// (SPEC "Interactive"). The images picked during the session are inspected (hashed) first;
    /// any failure leaves everything as it was and is said on the status line.
    private func commit(_ picked: [Int], session: PickSession, _ context: Context) throws(ImgselError) -> PickWrite {
        let (unpicked, appended) = session.toggles(picked: picked)
        let typed = appended.map { session.images[$0].typed }
        let entries = try context.inspectAll(typed)
        let (before, after, alike) = try context.namingInputs(entries, as: typed) { () throws(ImgselError) in
            try context.store.update(creating: true) {
                (selection) throws(ImgselError) -> (Selection, Selection, [AlikeFinding]) in
                let before = selection
                var after = try lift(model: selection.picking(PickToggles(unpicked: unpicked, picked: entries)))
                let findings = context.alikeFindings(added: ToggleCommand.added(before, after), in: &after)
                if let refusal = context.alikeRefusal(findings, in: after) { throw refusal }
                selection = after
                return (before, selection, findings)
            }
        }
        let moved = Set(entries.map(\.sha256).filter { before.index(ofSHA256: $0) != nil })
        return PickWrite(before: before, after: after, moved: moved, alike: alike)
    }

    /// The file's bytes for its thumbnail (on a maker's thread), or why there are none: a type
    /// imgsel does not decode shows its placeholder, the others `PictureProblem`'s words.
    @Sendable static func load(_ image: ListedImage) -> LoadedImage {
        if let refusal = PictureLoader.refusal(image.facts, bytes: image.bytes) {
            return LoadedImage(facts: image.facts, bytes: .failure(PictureProblem(refusal)))
        }
        // Probed again as it is read: the file may have changed since it was listed.
        switch PictureLoader.file(image.path) {
        case let .success((facts, bytes)): return LoadedImage(facts: facts, bytes: .success(bytes))
        case let .failure(failure): return LoadedImage(facts: image.facts, bytes: .failure(failure.pictureProblem))
        }
    }
}
