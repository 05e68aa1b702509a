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
        // First every copy, verified and flushed but unnamed; then the names, all
        // in one short stretch, so a kill part-way leaves no part of the set.
        var prepared: [(index: Int, entry: Entry, save: PreparedSave)] = []
        var failures: [ImgselError] = []
        for i in chosen {
            let entry = selection.items[i - 1]
            let source = context.absolutePath(entry)
            do {
                prepared.append((i, entry, try album.prepare(entry, source: source, index: i)))
            } catch {
                // Every entry is tried so that every failure is reported at once.
                failures.append(error.replacingPath(source, with: context.displayPath(entry)))
            }
        }
        var saved: [(index: Int, result: Album.Saved)] = []
        if failures.isEmpty {
            for item in prepared {
                do {
                    saved.append((item.index, try album.place(item.save)))
                } catch {
                    failures.append(error.replacingPath(context.absolutePath(item.entry), with: context.displayPath(item.entry)))
                    break
                }
            }
        }
        prepared.removeAll()  // unplaced copies vanish here
        if let failure = ImgselError.combining(failures) {
            // All or nothing: take back the copies this command named (Album never removes ones already there).
            for copy in saved { album.remove(copy.result) }
            album.removeFolders(newFolders)
            throw failure
        }
        album.flush()
        let shown = saved.map { (index: $0.index, path: PathName.display($0.result.path, cwd: context.cwd), result: $0.result) }
        if context.json {
            // `path` and `display_path` name the entry, as everywhere; `copy` is the album's file.
            context.console.json(.object([("saved", .array(shown.map {
                .object([("index", .int($0.index))] + context.pathMembers(selection.items[$0.index - 1])
                        + [("copy", .string($0.path)), ("already_there", .bool($0.result.alreadyThere))])
            }))]))
        }
        for copy in shown { context.console.confirm(copy.path) }
    }
}
