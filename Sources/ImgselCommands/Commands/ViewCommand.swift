import CommandLineModel
import ImageDecoding
import ImageHeaders
import SelectionStore
import TerminalImage

struct ViewCommand: Command {
    static let spec = CommandSpec(
        name: "view", usage: "view [INDEX | next | prev | first | last] [--index] [--image | --no-image]",
        summary: "move the cursor and show the current entry: 3 / 9  path  4032×3024 JPEG 2.1 MB",
        arguments: [
            ("INDEX", "go to this entry: 1, 2, … or 'last'"),
            ("next, prev", "go to the entry after or before the current one; exit 1 at the end"),
            ("first, last", "go to the first or the last entry"),
        ],
        options: [
            OptionSpec(names: ["--index"], value: nil, help: "print only '3 / 9'"),
            OptionSpec(names: ["--image"], value: nil, help: "draw the picture even on a pipe or with -q"),
            OptionSpec(names: ["--no-image"], value: nil, help: "only the text line, never the picture"),
        ],
        examples: [
            "imgsel view first; while imgsel view next; do :; done", "imgsel view --index",
            "imgsel view 3 --no-image", "imgsel view --graphics sixel",
        ])

    /// Where to move the cursor; nil shows the current entry without moving.
    enum Move { case step(Selection.CursorTarget), index(IndexArgument) }
    let move: Move?
    let indexOnly: Bool
    /// --image (true), --no-image (false), or neither (nil: decide from the terminal).
    let image: Bool?

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...1)
        indexOnly = arguments.has("--index")
        if arguments.has("--image") && arguments.has("--no-image") {
            throw .usage("view: --image and --no-image cannot be combined")
        }
        image = arguments.has("--image") ? true : arguments.has("--no-image") ? false : nil
        switch arguments.positionals.first {
        case nil: move = nil
        case "next": move = .step(.next)
        case "prev", "previous": move = .step(.previous)
        case "first": move = .step(.first)
        case "last": move = .step(.last)
        case let text?:
            do {
                move = .index(try IndexArgument(parsing: text))
            } catch {
                // `view nxt`: name the nearest word rather than only "not an index".
                let words = ["next", "prev", "first", "last"]
                guard let word = Suggestion.nearest(text, among: words) else { throw error }
                throw .usage(
                    "view: '\(text)' is not an index or one of next, prev, first, last (did you mean '\(word)'?)")
            }
        }
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection: Selection
        if let move {
            selection = try context.store.update { (selection) throws(ImgselError) -> Selection in
                switch move {
                case let .step(target): selection = try lift(model: selection.movingCursor(target))
                case let .index(index):
                    let resolved = try index.resolve(in: selection)
                    selection = try lift(model: selection.movingCursor(.index(resolved)))
                }
                return selection
            }
        } else {
            selection = try lift(store: context.store.read())
            guard selection.current != nil else { throw .emptySelection }
        }
        let current = selection.current!
        let entry = selection.items[current - 1]
        let position = Format.position(current, selection.count)
        context.warnIfFileChanged(entry, index: current)
        if context.json {
            context.console.json(
                .object([
                    ("position", .string(position)), ("count", .int(selection.count)),
                    ("entry", Format.entryJSON(entry, index: current, context: context)),
                ]))
            return
        }
        if indexOnly {
            context.console.out(position)
            return
        }
        let line =
            "\(position)  \(context.displayPath(entry))  \(Format.shownSize(entry))"
            + " \(entry.type.displayName) \(Format.bytes(entry.bytes))"
        // The picture is made first, so that the line can say when it shows less than the file describes.
        let picture = try picture(entry, index: current, context)
        context.console.confirm(line + (picture?.damaged == true ? "  damaged" : ""))
        if let picture {
            context.console.bytes(Self.placed(picture.bytes, rows: picture.rows, way: picture.way))
        }
    }

    /// The picture's bytes with the cursor moves that put it under the text line and the
    /// prompt on the row after it, whatever the terminal does with the cursor after a picture
    /// (xterm leaves it on the picture's last row; mlterm, foot and Konsole's sixel one below;
    /// kitty and Konsole below a picture as wide as the window): `rows` newlines make room
    /// (scrolling if need be) and climb back, the cursor is saved, the picture drawn, the
    /// cursor restored and moved down past the picture. Half blocks are text: each row ends
    /// with a newline already.
    static func placed(_ bytes: [UInt8], rows: Int, way: GraphicsWay) -> [UInt8] {
        guard way != .blocks, rows > 0 else { return bytes }
        let room = String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A\u{1B}7"
        return Array(room.utf8) + bytes + Array("\u{1B}8\u{1B}[\(rows)B".utf8)
    }

    /// On a terminal (or with --image), the picture under the text line, fitted to the window
    /// less two rows (the line above, the prompt below), drawn the way `PictureTerminal`
    /// chose; never on a pipe, with --no-image, or with -q unless --image. Nor when the file
    /// is not the one recorded (it is read whole and checked first), nor for a file that does not
    /// decode: the text line says enough.
    /// A damaged file that decoded in part (a truncated JPEG) shows what decoded, `damaged`.
    private func picture(
        _ entry: Entry, index: Int, _ context: Context
    ) throws(ImgselError) -> (bytes: [UInt8], damaged: Bool, way: GraphicsWay, rows: Int)? {
        let wanted = image ?? (context.console.stdoutIsTerminal && !context.quiet)
        guard wanted, let terminal = try context.pictureTerminal() else { return nil }
        defer { terminal.finish() }
        let path = context.absolutePath(entry)
        guard case .success(let file) = PictureLoader.shownBytes(EntryFile(entry, path: path, index: index)) else {
            return nil
        }
        let shown = entry.shownSize
        let renderer = terminal.renderer
        let box = renderer.box(width: shown.width, height: shown.height, window: terminal.window, reservedRows: 2)
        let options = PictureRenderer.Options(imageID: terminal.imageID(slot: 0), name: PathName.baseName(path))
        guard
            let picture = try? renderer.drawReportingDamage(
                file: file, facts: entry.facts, crop: entry.crop, box: box, options: options)
        else { return nil }
        return (picture.bytes, picture.damaged, terminal.way, box.rows)
    }
}
