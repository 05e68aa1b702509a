import CommandLineModel
import SelectionStore

struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", usage: "check",
        summary: "every entry's file still has its recorded size and sha256 and keeps the rules; exit 1 if not",
        examples: ["imgsel check || echo 'the upload set changed'"])

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection = try lift(store: context.store.read())
        var problems: [JSONValue] = []
        var warnings: [JSONValue] = []
        var notes: [JSONValue] = []
        func report(_ members: [(String, JSONValue)], code: String, rule: RuleName?, _ text: String, line: String) {
            let named = rule.map { [("rule", JSONValue.string($0.rawValue))] } ?? []
            problems.append(.object(members + [("code", .string(code))] + named + [("problem", .string(text))]))
            if !context.json { context.console.errText(Format.printable("imgsel: " + line)) }
        }
        let broken = selection.entriesBreaking()
        for (offset, entry) in selection.items.enumerated() {
            let index = offset + 1
            let shown = context.displayPath(entry)
            let members = [("index", JSONValue.int(index))] + context.pathMembers(entry)
            if let found = EntryFile(entry, path: context.absolutePath(entry), index: index).problem() {
                let text = Format.problem(found)
                report(
                    members, code: Format.problemCode(found), rule: nil, text,
                    line: "entry \(index) (\(shown)): \(text)")
            } else if let misnamed = entry.type.nameDisagreement(entry.path) {
                // Content unchanged, so the recorded type is still its type: point out a misleading name.
                warnings.append(.object(members + [("warning", .string(misnamed))]))
                context.console.confirm("entry \(index) (\(shown)): \(misnamed)")
            }
            for (brokenIndex, problem) in broken where brokenIndex == index {
                let text = problem.description
                report(
                    members, code: "rule-broken", rule: problem.rule.name, text,
                    line: "entry \(index) (\(shown)): \(text)")
            }
            // What export will mend keeps the set uploadable: said, never failed.
            let judged = selection.rules.judge(Rule.Image(entry), path: entry.path)
            if let mending = judged.mending {
                let rules = JSONValue.array(judged.mends.map { .string($0.rule.name.rawValue) })
                notes.append(
                    .object(
                        members + [
                            ("code", .string("rule-broken")), ("rules", rules), ("problem", .string(mending)),
                            ("mended-by-export", .bool(true)),
                        ]))
                if !context.json, !context.quiet {
                    context.console.errText(Format.printable("imgsel: note: entry \(index) (\(shown)): \(mending)"))
                }
            }
        }
        if let short = selection.rules.shortfall(count: selection.count) {
            report([], code: "too-few-entries", rule: short.rule.name, short.description, line: short.message)
        }
        if context.json {
            context.console.json(
                .object([
                    ("ok", .bool(problems.isEmpty)), ("checked", .int(selection.count)),
                    ("problems", .array(problems)), ("notes", .array(notes)), ("warnings", .array(warnings)),
                ]))
        }
        guard problems.isEmpty else { throw .checkFailed(problems: problems.count) }
        let rules = selection.rules.all.filter { $0 != .asIs }.count
        let kept = rules == 0 ? "" : " against \(rules) \(rules == 1 ? "rule" : "rules")"
        context.console.confirm("ok: \(selection.count) \(selection.count == 1 ? "entry" : "entries") checked\(kept)")
    }
}
