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
        let newFolders = album.missingFolders()
        var saved: [(index: Int, result: Album.Saved)] = []
        var failures: [ImgselError] = []
        for i in chosen {
            let entry = selection.items[i - 1]
            let source = context.absolutePath(entry)
            do {
                saved.append((i, try album.save(entry, source: source, index: i)))
            } catch {
                // Every entry is tried so that every failure is reported at once.
                failures.append(error.replacingPath(source, with: context.displayPath(entry)))
            }
        }
        if let failure = ImgselError.combining(failures) {
            // All or nothing: take back the copies this command made (Album never removes ones already there).
            for copy in saved { album.remove(copy.result) }
            album.removeFolders(newFolders)
            throw failure
        }
        let shown = saved.map { (index: $0.index, path: PathName.display($0.result.path, cwd: context.cwd), result: $0.result) }
        if context.json {
            context.console.json(.object([("saved", .array(shown.map {
                .object([("index", .int($0.index)), ("path", .string($0.path)), ("already_there", .bool($0.result.alreadyThere))])
            }))]))
        }
        for copy in shown { context.console.confirm(copy.path) }
    }
}
