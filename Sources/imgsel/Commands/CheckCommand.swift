import CommandLineModel
import SelectionStore

struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", usage: "check",
        summary: "every entry's file still exists with the recorded size and sha256; exit 1 if not",
        examples: ["imgsel check || echo 'the upload set changed'"])

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection = try context.store.read()
        var problems: [JSONValue] = []
        var warnings: [JSONValue] = []
        for (offset, entry) in selection.items.enumerated() {
            let index = offset + 1
            let shown = context.displayPath(entry)
            let problem = EntryFile(entry, path: context.absolutePath(entry), index: index).problem().map(
                Format.problem)
            guard let problem else {
                // Content unchanged, so the recorded type is still its type: point out a misleading name.
                if let misnamed = entry.type.nameDisagreement(entry.path) {
                    warnings.append(
                        .object(
                            [("index", .int(index))] + context.pathMembers(entry) + [("warning", .string(misnamed))]))
                    context.console.confirm("entry \(index) (\(shown)): \(misnamed)")
                }
                continue
            }
            problems.append(
                .object([("index", .int(index))] + context.pathMembers(entry) + [("problem", .string(problem))]))
            if !context.json {
                context.console.errText(Format.printable("imgsel: entry \(index) (\(shown)): \(problem)"))
            }
        }
        if context.json {
            context.console.json(
                .object([
                    ("ok", .bool(problems.isEmpty)), ("checked", .int(selection.count)),
                    ("problems", .array(problems)), ("warnings", .array(warnings)),
                ]))
        }
        guard problems.isEmpty else { throw .checkFailed(problems: problems.count) }
        context.console.confirm("ok: \(selection.count) \(selection.count == 1 ? "entry" : "entries") checked")
    }
}
