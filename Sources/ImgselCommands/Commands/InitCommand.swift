import CommandLineModel
import SelectionStore

struct InitCommand: Command {
    static let spec = CommandSpec(
        name: "init", usage: "init [--capacity N] [rule options] [--force]",
        summary: "create an empty selection",
        options: [
            OptionSpec(
                names: ["--capacity"], value: "N",
                help: "how many images it holds, \(Selection.capacityRangeText)"
                    + " (default \(Selection.defaultCapacity))"),
            RuleOptions.targetSpec,
        ] + RuleOptions.specs + [
            OptionSpec(names: ["--force"], value: nil, help: "replace an existing selection file, rules and all")
        ],
        examples: [
            "imgsel init", "imgsel -f upload.json init --capacity 4",
            "imgsel init --capacity 4 --max-bytes 5MB --types jpeg,png,webp --min-width 320",
            "imgsel init --target app-store-iphone-6.9",
        ])

    let capacity: Int
    let rules: Rules
    let force: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
        force = arguments.has("--force")
        let target = try RuleOptions.target(arguments, command: "init")
        if let text = arguments.values["--capacity"] {
            guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let n = Int(text),
                Selection.capacityRange.contains(n)
            else {
                let range = Selection.capacityRange
                throw .usage(
                    "init: --capacity must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            capacity = n
        } else {
            capacity = target?.capacity ?? Selection.defaultCapacity
        }
        // A target's rules, adjusted by the rule options given with it.
        var rules = target?.rules ?? Rules()
        for rule in try RuleOptions.parse(arguments, command: "init") { rules.set(rule) }
        self.rules = rules
        // Every value is on this command line: a contradiction is the command's mistake.
        if let conflict = rules.conflicts(capacity: capacity).first { throw .usage("init: " + conflict.words) }
    }

    func run(_ context: Context) throws(ImgselError) {
        try lift(store: context.store.create(capacity: capacity, rules: rules, force: force))
        if context.json {
            context.console.json(
                .object([
                    ("file", .string(context.store.path)), ("capacity", .int(capacity)), ("rules", rules.json),
                ]))
        }
        let named = rules.target.map { "--target \($0) " } ?? ""
        let ruled = rules.isEmpty ? "" : "; rules: " + named + RuleOptions.line(rules)
        context.console.confirm(
            "created \(PathName.display(context.store.path, cwd: context.cwd)) (capacity \(capacity)\(ruled))")
    }
}
