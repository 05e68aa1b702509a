import CommandLineModel
import SelectionStore

struct RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules", usage: "rules [rule options] [--clear RULE] [--force]",
        summary: "show or set the upload rules each image must keep",
        options: [RuleOptions.targetSpec] + RuleOptions.specs + [
            OptionSpec(
                names: ["--clear"], value: "RULE",
                help: "remove a rule: its option without dashes (max-bytes), or all; may be repeated"),
            OptionSpec(names: ["--force"], value: nil, help: "set rules that entries break; check then reports them"),
            OptionSpec(
                names: ["--targets"], value: nil,
                help: "list the known upload targets, their rules, when they were checked and where from"),
        ],
        examples: [
            "imgsel rules", "imgsel rules --max-bytes 5MB --types jpeg,png,webp --min-count 2",
            "imgsel rules --clear max-bytes", "imgsel -f b.json rules $(imgsel -f a.json rules)",
            "imgsel rules --target app-store-iphone-6.9", "imgsel rules --targets",
        ])

    /// `--target`: its rules replace every rule but `as-is`, its capacity the selection's.
    let target: UploadTarget?
    /// `--targets`: list them, touching no selection.
    let listsTargets: Bool
    let given: [Rule]
    /// The rules to remove first; every rule for `--clear all`.
    let cleared: [RuleName]
    let force: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
        force = arguments.has("--force")
        listsTargets = arguments.has("--targets")
        target = try RuleOptions.target(arguments, command: "rules")
        given = try RuleOptions.parse(arguments, command: "rules")
        if listsTargets, target != nil || !given.isEmpty || force || arguments.values["--clear"] != nil {
            throw .usage("rules: --targets lists the targets and takes no other option")
        }
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
        if clearAll, let target { throw .usage("rules: --target \(target.name) and --clear all cannot be combined") }
        self.cleared = clearAll ? RuleName.allCases : cleared
        if let conflict = Rules(given).conflicts(capacity: nil).first { throw .usage("rules: " + conflict.words) }
    }

    func run(_ context: Context) throws(ImgselError) {
        if listsTargets { return TargetList.show(context) }
        guard !given.isEmpty || !cleared.isEmpty || target != nil else {
            return show(try lift(store: context.store.read()).rules, context)
        }
        let (before, after) = try context.store.update { (selection) throws(ImgselError) -> (Selection, Selection) in
            let before = selection
            var rules = selection.rules
            if let target { rules = Rules(target.rules.all + (rules.asIs ? [.asIs] : []), target: target.name) }
            for name in cleared { rules.clear(name) }
            for rule in given { rules.set(rule) }
            do throws(ImgselError) {
                // Entries are judged with their alpha looked up; the rules are what is written.
                let looked = selection.lookingUpAlpha(under: rules, folder: context.store.folder)
                selection = try lift(model: looked.settingRules(rules, force: force, capacity: target?.capacity))
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
        if let target { context.console.confirm("set --target \(target.name) (capacity \(after.capacity))") }
        let targetRules = (target?.rules.all ?? []).filter { rule in !given.contains { $0.name == rule.name } }
        for rule in targetRules + given where after.rules[rule.name] == rule {
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
        if let target = rules.target { context.console.out("--target " + target) }
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
