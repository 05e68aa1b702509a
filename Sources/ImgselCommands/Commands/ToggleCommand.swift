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
        let (before, after, findings) = try context.namingInputs(entries, as: paths) { () throws(ImgselError) in
            try context.store.update(creating: true) {
                (selection) throws(ImgselError) -> (Selection, Selection, [AlikeFinding]) in
                let before = selection
                var after = try lift(model: selection.toggling(entries))
                let findings = context.alikeFindings(added: Self.added(before, after), in: &after)
                if let refusal = context.alikeRefusal(findings, in: after) { throw refusal }
                selection = after
                return (before, selection, findings)
            }
        }
        context.warnAlike(findings, in: after)
        ChangeReport.write(before: before, after: after, context)
    }

    /// The indices in `after` of the entries `before` did not hold (by content).
    static func added(_ before: Selection, _ after: Selection) -> [Int] {
        let held = Set(before.items.map(\.sha256))
        return after.items.indices.filter { !held.contains(after.items[$0].sha256) }.map { $0 + 1 }
    }
}
