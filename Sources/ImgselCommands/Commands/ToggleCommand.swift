import CommandLineModel
import SelectionStore

struct ToggleCommand: Command {
    static let spec = CommandSpec(
        name: "toggle", usage: "toggle [-0] FILE...",
        summary: "add each file that is not selected, remove each that is (matched by content)",
        arguments: [("FILE", "an image file; '-' reads paths from stdin, one a line")],
        options: [OptionSpec(names: ["-0"], value: nil, help: "paths on stdin are NUL-separated")],
        examples: ["imgsel toggle shot3.png"])

    let paths: [String]

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        guard !arguments.positionals.isEmpty else { throw .usage("toggle: missing FILE") }
        // At most a full selection to remove and as many to add: a longer list cannot end within a selection.
        paths = try FileArguments.expand(
            arguments.positionals, nulSeparated: arguments.has("-0"),
            limit: 2 * Selection.capacityRange.upperBound, command: "toggle", stdin: arguments.stdin)
        guard !paths.isEmpty else { throw .usage("toggle: no paths were given on stdin") }
    }

    func run(_ context: Context) throws(ImgselError) {
        let entries = try context.inspectAll(paths)
        let (before, after) = try context.namingInputs(entries, as: paths) { () throws(ImgselError) in
            try context.store.update(creating: true) { (selection) throws(ImgselError) -> (Selection, Selection) in
                let before = selection
                selection = try lift(model: selection.toggling(entries))
                return (before, selection)
            }
        }
        ChangeReport.write(before: before, after: after, context)
    }
}
