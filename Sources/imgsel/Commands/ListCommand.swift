import CommandLineModel
import SelectionStore
import TerminalImage

struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", usage: "list [--paths | -0 | --grid]",
        summary: "the entries in order (a table by default, the current entry marked)",
        options: [
            OptionSpec(names: ["--paths"], value: nil, help: "one path a line"),
            OptionSpec(names: ["-0"], value: nil, help: "each path followed by a NUL, as find -print0"),
            OptionSpec(names: ["--grid"], value: nil, help: "the nine-grid, with a + cell while there is room"),
        ],
        examples: ["imgsel list", "imgsel list -0 | xargs -0 ls -l", "imgsel list --grid"])

    /// Which of the listing forms was asked for.
    enum Form { case table, paths, nul, grid }
    let form: Form

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
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection = try context.store.read()
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
            for line in Grid.render(selection, context: context, width: WindowSize.current().columns) {
                console.out(line)
            }
        case .table: for line in Table.render(selection, context: context) { console.out(line) }
        }
    }
}
