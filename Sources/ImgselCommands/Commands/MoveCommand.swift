import CommandLineModel
import SelectionStore

struct MoveCommand: Command {
    static let spec = CommandSpec(
        name: "move", usage: "move FROM TO",
        summary: "reorder: the entry at FROM ends up at TO",
        arguments: [("FROM", "the entry to move"), ("TO", "where it ends up")],
        examples: ["imgsel move last 1"])

    let from: IndexArgument
    let to: IndexArgument

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 2...2, ["FROM", "TO"])
        from = try IndexArgument(parsing: arguments.positionals[0])
        to = try IndexArgument(parsing: arguments.positionals[1])
    }

    func run(_ context: Context) throws(ImgselError) {
        let (a, b, entry) = try context.store.update { (selection) throws(ImgselError) -> (Int, Int, Entry) in
            let a = try from.resolve(in: selection)
            let b = try to.resolve(in: selection)
            let entry = selection.items[a - 1]
            selection = try lift(model: selection.moving(from: a, to: b))
            return (a, b, entry)
        }
        if context.json {
            context.console.json(
                .object([
                    ("from", .int(a)), ("to", .int(b)), ("entry", Format.entryJSON(entry, index: b, context: context)),
                ]))
        }
        context.console.confirm("moved \(a) → \(b)  \(context.displayPath(entry))")
    }
}
