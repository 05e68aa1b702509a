import CommandLineModel
import SelectionStore

struct AddCommand: Command {
    static let spec = CommandSpec(
        name: "add", usage: "add [-0] FILE...",
        summary: "append images in the given order, all or nothing",
        arguments: [("FILE", "an image file; '-' reads paths from stdin, one a line")],
        options: [OptionSpec(names: ["-0"], value: nil, help: "paths on stdin are NUL-separated (find -print0)")],
        examples: ["imgsel add shot1.png shot2.jpg", "find shots -name '*.jpg' -print0 | imgsel add -0 -"])

    let paths: [String]

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        guard !arguments.positionals.isEmpty else { throw .usage("add: missing FILE") }
        // No selection takes more images than the largest capacity, so a longer list is refused as soon as it is one.
        paths = try FileArguments.expand(
            arguments.positionals, nulSeparated: arguments.has("-0"),
            limit: Selection.capacityRange.upperBound, command: "add", stdin: arguments.stdin)
        guard !paths.isEmpty else { throw .usage("add: no paths were given on stdin") }
    }

    func run(_ context: Context) throws(ImgselError) {
        let entries = try context.inspectAll(paths)
        let (first, total, rules, alike) = try context.namingInputs(entries, as: paths) { () throws(ImgselError) in
            try context.store.update(creating: true) {
                (selection) throws(ImgselError) -> (Int, Int, Rules, AlikeOutcome) in
                let first = selection.count + 1
                var after = try lift(model: selection.adding(entries))
                let findings = context.alikeFindings(added: Array(first..<(first + entries.count)), in: &after)
                if let refusal = context.alikeRefusal(findings, in: after) { throw refusal }
                selection = after
                return (first, selection.count, selection.rules, (findings, after))
            }
        }
        context.warnAlike(alike.findings, in: alike.in)
        context.noteMends(entries.enumerated().map { (first + $0, $1) }, rules: rules)
        if context.json {
            let items = entries.enumerated().map { Format.entryJSON($1, index: first + $0, context: context) }
            context.console.json(.object([("added", .array(items)), ("count", .int(total))]))
        }
        for (offset, entry) in entries.enumerated() {
            context.console.confirm("added \(Format.position(first + offset, total))  \(context.displayPath(entry))")
        }
    }
}
