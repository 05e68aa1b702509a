import CommandLineModel
import SelectionStore

struct InitCommand: Command {
    static let spec = CommandSpec(
        name: "init", usage: "init [--capacity N] [--force]",
        summary: "create an empty selection",
        options: [
            OptionSpec(
                names: ["--capacity"], value: "N",
                help: "how many images it holds, \(Selection.capacityRangeText)"
                    + " (default \(Selection.defaultCapacity))"),
            OptionSpec(names: ["--force"], value: nil, help: "replace an existing selection file"),
        ],
        examples: ["imgsel init", "imgsel -f upload.json init --capacity 4"])

    let capacity: Int
    let force: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
        force = arguments.has("--force")
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
            capacity = Selection.defaultCapacity
        }
    }

    func run(_ context: Context) throws(ImgselError) {
        try context.store.create(capacity: capacity, force: force)
        if context.json {
            context.console.json(.object([("file", .string(context.store.path)), ("capacity", .int(capacity))]))
        }
        context.console.confirm(
            "created \(PathName.display(context.store.path, cwd: context.cwd)) (capacity \(capacity))")
    }
}
