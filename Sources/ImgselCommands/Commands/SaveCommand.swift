import CommandLineModel
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
        try Self.requireCount(arguments, 0...1)
        all = arguments.has("--all")
        index = try arguments.positionals.first.map { (t) throws(ImgselError) in try IndexArgument(parsing: t) }
        if all && index != nil { throw .usage("save: give INDEX or --all, not both") }
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection = try lift(store: context.store.read())
        guard let current = selection.current else { throw .emptySelection }
        let chosen: [Int]
        if all {
            chosen = Array(1...selection.count)
        } else if let index {
            chosen = [try index.resolve(in: selection)]
        } else {
            chosen = [current]
        }
        let requests = chosen.map { index in
            Album.Request(
                entry: selection.items[index - 1], source: context.absolutePath(selection.items[index - 1]),
                index: index)
        }
        let copies: [Album.Saved]
        do {
            copies = try Album(folder: context.albumFolder).save(requests)
        } catch {
            // The library names the files it read by their absolute paths; the user knows them as shown.
            throw requests.reduce(ImgselError(error)) {
                $0.replacingPath($1.source, with: context.displayPath($1.entry))
            }
        }
        let shown = zip(chosen, copies).map {
            (index: $0, path: PathName.display($1.path, cwd: context.cwd), result: $1)
        }
        if context.json {
            // `path` and `display_path` name the entry, as everywhere; `copy` is the album's file.
            context.console.json(
                .object([
                    (
                        "saved",
                        .array(
                            shown.map {
                                .object(
                                    [("index", .int($0.index))] + context.pathMembers(selection.items[$0.index - 1])
                                        + [
                                            ("copy", .string($0.path)),
                                            ("already_there", .bool($0.result.alreadyThere)),
                                        ])
                            })
                    )
                ]))
        }
        for copy in shown { context.console.confirm(copy.path) }
    }
}
