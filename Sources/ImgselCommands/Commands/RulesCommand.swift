import CommandLineModel
import SelectionStore

struct RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules", usage: "rules [rule options] [--clear RULE] [--force]",
        summary: "show or set the upload rules each image must keep",
        options: RuleOptions.specs + [
            OptionSpec(
                names: ["--clear"], value: "RULE",
                help: "remove a rule: its option without dashes (max-bytes), or all; may be repeated"),
            OptionSpec(names: ["--force"], value: nil, help: "set rules that entries break; check then reports them"),
        ],
        examples: [
            "imgsel rules", "imgsel rules --max-bytes 5MB --types jpeg,png,webp --min-count 2",
            "imgsel rules --clear max-bytes", "imgsel -f b.json rules $(imgsel -f a.json rules)",
        ])

    let given: [Rule]
    /// The rules to remove first; every rule for `--clear all`.
    let cleared: [RuleName]
    let force: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
        force = arguments.has("--force")
        given = try RuleOptions.parse(arguments, command: "rules")
        var cleared: [RuleName] = []
        var clearAll = false
        let names = RuleName.allCases.map(\.rawValue).joined(separator: ", ")
        for text in arguments.allValues["--clear"] ?? [] {
            for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                if word == "all" {
                    clearAll = true
                } else if let name = RuleName(rawValue: word), !cleared.contains(name) {
                    cleared.append(name)
                } else if RuleName(rawValue: word) == nil {
                    throw .usage("rules: --clear takes a rule (\(names)) or all, not '\(word)'")
                }
            }
        }
        // `--clear all --max-bytes 5MB` replaces the rules; clearing one rule and setting it is a contradiction.
        if !clearAll, let both = given.first(where: { cleared.contains($0.name) }) {
            throw .usage("rules: \(both.name.option) and --clear \(both.name.rawValue) cannot be combined")
        }
        self.cleared = clearAll ? RuleName.allCases : cleared
        if let conflict = Rules(given).conflicts(capacity: nil).first { throw .usage("rules: " + conflict.words) }
    }

    func run(_ context: Context) throws(ImgselError) {
        guard !given.isEmpty || !cleared.isEmpty else {
            return show(try lift(store: context.store.read()).rules, context)
        }
        let (before, after) = try context.store.update { (selection) throws(ImgselError) -> (Selection, Selection) in
            let before = selection
            var rules = selection.rules
            for name in cleared { rules.clear(name) }
            for rule in given { rules.set(rule) }
            do throws(ImgselError) {
                selection = try lift(model: selection.settingRules(rules, force: force))
            } catch {
                throw Self.namingEntries(error, in: selection, context)
            }
            // `--distinct` is judged on pixels, which the model does not see: entries already alike refuse it.
            if !force, before.rules[.distinct] == nil, selection.rules[.distinct] != nil {
                let alike = context.alikeEntries(in: &selection)
                if !alike.isEmpty {
                    throw .several(
                        alike.map { .entryBreaksRule(index: $0.index, context.alikeProblem($0, in: selection)) }
                            + [.rulesRefused(entries: alike.count)])
                }
            }
            return (before, selection)
        }
        if context.json { return context.console.json(after.rules.json) }
        for rule in before.rules.all where after.rules[rule.name] == nil {
            context.console.confirm("cleared \(rule.name.option)")
        }
        let broken = after.entriesBreaking()
        for rule in given {
            let breaking = Set(broken.filter { $0.problem.rule.name == rule.name }.map(\.index)).count
            let mended = after.items.enumerated().filter { _, entry in
                after.rules.judge(Rule.Image(entry), path: nil).mends.contains { $0.rule.name == rule.name }
            }
            var note =
                breaking == 0
                ? ""
                : breaking == 1
                    ? "; 1 entry breaks it, check reports it"
                    : "; \(breaking) entries break it, check reports them"
            if !mended.isEmpty {
                let named = mended.map { "\($0.offset + 1) (\(context.displayPath($0.element)))" }
                note += "; export will mend \(mended.count == 1 ? "entry" : "entries") " + named.joined(separator: ", ")
            }
            context.console.confirm("set \(rule.asOption)\(note)")
        }
    }

    /// One rule a line, as the options that set them, so that `rules $(imgsel -f a.json rules)`
    /// copies them; nothing at all when there are none. `--json`: the rules object.
    private func show(_ rules: Rules, _ context: Context) {
        if context.json { return context.console.json(rules.json) }
        for rule in rules.all { context.console.out(rule.asOption) }
    }

    /// The refusal with each entry named by the path that works from here, as `check` names it.
    private static func namingEntries(_ error: ImgselError, in selection: Selection, _ context: Context) -> ImgselError
    {
        let parts = error.parts.map { part -> ImgselError in
            guard case .entryBreaksRule(let index, var problem) = part, selection.items.indices.contains(index - 1)
            else { return part }
            problem.path = context.displayPath(selection.items[index - 1])
            return .entryBreaksRule(index: index, problem)
        }
        return ImgselError.combining(parts) ?? error
    }
}
