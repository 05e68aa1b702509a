import SelectionStore

struct SaveCommand: Command {
    static let spec = CommandSpec(
        name: "save", usage: "save [INDEX] [--all]",
        summary: "copy the current entry (or INDEX, or all) into the album; never overwrites",
        arguments: [("INDEX", "save this entry instead of the current one")],
        options: [OptionSpec(names: ["--all"], value: nil, help: "save every entry, in order")],
        examples: ["imgsel save", "imgsel --album ~/Pictures/upload save --all"])

    let index: IndexArgument?
    let all: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...1, "")
        all = arguments.has("--all")
        index = try arguments.positionals.first.map { (t) throws(ImgselError) in try IndexArgument(parsing: t) }
        if all && index != nil { throw .usage("save: give INDEX or --all, not both") }
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection = try context.store.read()
        guard let current = selection.current else { throw .emptySelection }
        let chosen: [Int]
        if all {
            chosen = Array(1...selection.count)
        } else if let index {
            chosen = [try index.resolve(in: selection)]
        } else {
            chosen = [current]
        }
        let album = Album(folder: context.albumFolder)
        var saved: [JSONValue] = []
        var failures: [ImgselError] = []
        for i in chosen {
            let entry = selection.items[i - 1]
            do {
                let result = try album.save(entry, source: context.absolutePath(entry), index: i)
                let shown = PathName.display(result.path, cwd: context.cwd)
                saved.append(.object([("index", .int(i)), ("path", .string(shown)), ("already_there", .bool(result.alreadyThere))]))
                context.console.confirm(shown)
            } catch {
                // Each copy is whole or absent, so the others still go ahead; every failure is reported.
                failures.append(error)
            }
        }
        if context.json { context.console.json(.object([("saved", .array(saved))])) }
        if failures.count == 1 { throw failures[0] }
        if let first = failures.first {
            for failure in failures.dropFirst() { context.console.error(failure) }
            throw first
        }
    }
}
