import CommandLineModel
import SelectionStore
import TerminalImage

struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", usage: "list [--paths | -0 | --grid [--image | --no-image]]",
        summary: "the entries in order (a table by default, the current entry marked)",
        options: [
            OptionSpec(names: ["--paths"], value: nil, help: "one path a line"),
            OptionSpec(names: ["-0"], value: nil, help: "each path followed by a NUL, as find -print0"),
            OptionSpec(names: ["--grid"], value: nil, help: "the nine-grid, with a + cell while there is room"),
            OptionSpec(names: ["--image"], value: nil, help: "a picture in each grid cell even on a pipe"),
            OptionSpec(names: ["--no-image"], value: nil, help: "the grid as text, without pictures"),
        ],
        examples: [
            "imgsel list", "imgsel list -0 | xargs -0 ls -l", "imgsel list --grid", "imgsel list --grid --no-image",
        ])

    /// Which of the listing forms was asked for.
    enum Form { case table, paths, nul, grid }
    let form: Form
    /// --image (true), --no-image (false), or neither (nil: pictures on a terminal).
    let image: Bool?

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
        let chosen = ["--paths", "-0", "--grid"].filter(arguments.has)
        guard chosen.count <= 1 else { throw .usage("list: \(chosen.joined(separator: " and ")) cannot be combined") }
        switch chosen.first {
        case "--paths": form = .paths
        case "-0": form = .nul
        case "--grid": form = .grid
        default: form = .table
        }
        if arguments.has("--image") && arguments.has("--no-image") {
            throw .usage("list: --image and --no-image cannot be combined")
        }
        image = arguments.has("--image") ? true : arguments.has("--no-image") ? false : nil
        if image != nil && form != .grid {
            throw .usage("list: --\(image! ? "image" : "no-image") goes with --grid")
        }
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection = try lift(store: context.store.read())
        let console = context.console
        if context.json {
            console.json(
                .object([
                    ("file", .string(context.store.path)),
                    ("capacity", .int(selection.capacity)),
                    ("rules", selection.rules.json),
                    ("count", .int(selection.count)),
                    ("current", selection.current.map { .int($0) } ?? .null),
                    (
                        "items",
                        .array(
                            selection.items.enumerated().map { Format.entryJSON($1, index: $0 + 1, context: context) })
                    ),
                ]))
            return
        }
        switch form {
        case .paths: for entry in selection.items { console.out(context.displayPath(entry)) }
        case .nul: for entry in selection.items { console.raw(context.displayPath(entry) + "\0") }
        case .grid:
            let width = WindowSize.current(fd: context.io.stdout, environment: context.io.variable).columns
            var pictures: GridPictures? = nil
            var terminal: PictureTerminal? = nil
            if image ?? context.console.stdoutIsTerminal, !selection.items.isEmpty {
                terminal = try context.pictureTerminal()
            }
            if let terminal {
                pictures = GridPictures.make(
                    selection, context: context, terminal: terminal, cellWidth: Grid.layout(width: width).cellWidth)
                terminal.finish()
            }
            for line in Grid.render(selection, context: context, width: width, pictures: pictures) {
                console.out(line)
            }
        case .table: for line in Table.render(selection, context: context) { console.out(line) }
        }
    }
}
