import CommandLineModel
import SelectionStore

struct DeleteCommand: Command {
    static let spec = CommandSpec(
        name: "delete", usage: "delete INDEX...",
        summary: "remove entries (indices as they were before the command); later entries move up",
        arguments: [("INDEX", "an entry: 1, 2, … or 'last'")],
        examples: ["imgsel delete 2", "imgsel delete 1 last"])

    let indices: [IndexArgument]

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        guard !arguments.positionals.isEmpty else { throw .usage("delete: missing INDEX") }
        var parsed: [IndexArgument] = []
        for text in arguments.positionals { parsed.append(try IndexArgument(parsing: text)) }
        indices = parsed
    }

    func run(_ context: Context) throws(ImgselError) {
        let removed = try context.store.update { (selection) throws(ImgselError) -> [(Int, Entry)] in
            var resolved: [Int] = []
            for index in indices { resolved.append(try index.resolve(in: selection)) }
            let unique = Array(Set(resolved)).sorted()
            let removed = unique.map { ($0, selection.items[$0 - 1]) }
            selection = try lift(model: selection.deleting(unique))
            return removed
        }
        if context.json {
            context.console.json(
                .object([("deleted", .array(removed.map { Format.entryJSON($1, index: $0, context: context) }))]))
        }
        for (index, entry) in removed { context.console.confirm("deleted \(index)  \(context.displayPath(entry))") }
    }
}
