import CommandLineModel
import SelectionStore

struct ReplaceCommand: Command {
    static let spec = CommandSpec(
        name: "replace", usage: "replace INDEX FILE",
        summary: "put FILE at INDEX, keeping the position (the re-pick)",
        arguments: [("INDEX", "the entry to replace: 1, 2, … or 'last'"), ("FILE", "the new image")],
        examples: ["imgsel replace 3 better.jpg"])

    let index: IndexArgument
    let path: String

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 2...2, ["INDEX", "FILE"])
        index = try IndexArgument(parsing: arguments.positionals[0])
        path = arguments.positionals[1]
    }

    func run(_ context: Context) throws(ImgselError) {
        let entry = try context.inspectAll([path])[0]
        let (at, old, count, rules, alike) = try context.namingInputs([entry], as: [path]) {
            () throws(ImgselError) in
            try context.store.update {
                (
                    selection
                ) throws(ImgselError) -> (Int, Entry, Int, Rules, AlikeOutcome)
                in
                let at = try index.resolve(in: selection)
                let old = selection.items[at - 1]
                var after = try lift(model: selection.replacing(at: at, with: entry))
                let findings = context.alikeFindings(added: [at], in: &after)
                if let refusal = context.alikeRefusal(findings, in: after) { throw refusal }
                selection = after
                return (at, old, selection.count, selection.rules, (findings, after))
            }
        }
        context.warnAlike(alike.findings, in: alike.in)
        context.noteMends([(at, entry)], rules: rules)
        if context.json {
            context.console.json(
                .object([
                    ("replaced", Format.entryJSON(old, index: at, context: context)),
                    ("with", Format.entryJSON(entry, index: at, context: context)),
                ]))
        }
        context.console.confirm(
            "replaced \(Format.position(at, count))  \(context.displayPath(old)) → \(context.displayPath(entry))")
    }
}
