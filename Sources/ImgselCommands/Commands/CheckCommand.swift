import CommandLineModel
import SelectionStore

struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", usage: "check [--format FORMAT]",
        summary: "every entry's file still has its recorded size and sha256 and keeps the rules; exit 1 if not",
        options: [
            OptionSpec(
                names: ["--format"], value: "FORMAT",
                help: "text (the default) or github: each problem a GitHub Actions annotation on stdout")
        ],
        examples: ["imgsel check || echo 'the upload set changed'", "imgsel check --format github"])

    /// How problems are told: lines on stderr, or GitHub Actions annotations on stdout (a pull
    /// request then shows each on its file).
    enum ReportFormat: String, CaseIterable { case text, github }

    let format: ReportFormat

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
        let text = arguments.values["--format"] ?? ReportFormat.text.rawValue
        guard let format = ReportFormat(rawValue: text) else {
            throw .usage("check: --format must be text or github, not '\(text)'")
        }
        self.format = format
    }

    func run(_ context: Context) throws(ImgselError) {
        let read = try lift(store: context.store.read())
        let selection = read.lookingUpAlpha(under: read.rules, folder: context.store.folder)
        var problems: [JSONValue] = []
        var warnings: [JSONValue] = []
        var notes: [JSONValue] = []
        let github = format == .github && !context.json
        // An annotation's file is the path as `list` prints it, its message that path and the text line's words.
        func annotate(_ level: GitHubAnnotation.Level, _ shown: String?, code: String, _ text: String) {
            let message = shown.map { "\($0): \(text)" } ?? text
            context.console.out(
                GitHubAnnotation(level: level, file: shown, title: code, message: message).line)
        }
        func report(
            _ members: [(String, JSONValue)], code: String, rule: RuleName?, _ text: String, line: String,
            shown: String?
        ) {
            let named = rule.map { [("rule", JSONValue.string($0.rawValue))] } ?? []
            problems.append(.object(members + [("code", .string(code))] + named + [("problem", .string(text))]))
            if github {
                annotate(.error, shown, code: code, text)
            } else if !context.json {
                context.console.errText(Format.printable("imgsel: " + line))
            }
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
                    line: "entry \(index) (\(shown)): \(text)", shown: shown)
            } else if let misnamed = entry.type.nameDisagreement(entry.path) {
                // Content unchanged, so the recorded type is still its type: point out a misleading name.
                warnings.append(.object(members + [("warning", .string(misnamed))]))
                if github {
                    annotate(.warning, shown, code: "misnamed", misnamed)
                } else {
                    context.console.confirm("entry \(index) (\(shown)): \(misnamed)")
                }
            }
            for (brokenIndex, problem) in broken where brokenIndex == index {
                let text = problem.description
                report(
                    members, code: "rule-broken", rule: problem.rule.name, text,
                    line: "entry \(index) (\(shown)): \(text)", shown: shown)
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
                if github {
                    annotate(.notice, shown, code: "rule-broken", mending)
                } else if !context.json, !context.quiet {
                    context.console.errText(Format.printable("imgsel: note: entry \(index) (\(shown)): \(mending)"))
                }
            }
        }
        if selection.rules[.distinct] != nil {
            // A reader: fingerprints it has to make are used, not written back.
            var fingerprinted = selection
            for finding in context.alikeEntries(in: &fingerprinted) {
                let entry = selection.items[finding.index - 1]
                let shown = context.displayPath(entry)
                let text = context.alikeProblem(finding, in: selection).description
                report(
                    [("index", JSONValue.int(finding.index))] + context.pathMembers(entry), code: "rule-broken",
                    rule: .distinct, text, line: "entry \(finding.index) (\(shown)): \(text)", shown: shown)
            }
        }
        if let short = selection.rules.shortfall(count: selection.count) {
            report(
                [], code: "too-few-entries", rule: short.rule.name, short.description, line: short.message,
                shown: nil)
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
