import SelectionStore

struct ViewCommand: Command {
    static let spec = CommandSpec(
        name: "view", usage: "view [INDEX | next | prev | first | last] [--index]",
        summary: "move the cursor and show the current entry: 3 / 9  path  4032×3024 JPEG 2.1 MB",
        arguments: [("INDEX", "go to this entry; next and prev stop (exit 1) at the ends")],
        options: [
            OptionSpec(names: ["--index"], value: nil, help: "print only '3 / 9'"),
            OptionSpec(names: ["--no-image"], value: nil, help: "never show the image itself, only the text line"),
        ],
        examples: ["imgsel view first; while imgsel view next; do :; done", "imgsel view --index"])

    /// Where to move the cursor; nil shows the current entry without moving.
    enum Move { case step(Selection.CursorTarget), index(IndexArgument) }
    let move: Move?
    let indexOnly: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...1, "")
        indexOnly = arguments.has("--index")
        switch arguments.positionals.first {
        case nil: move = nil
        case "next": move = .step(.next)
        case "prev", "previous": move = .step(.previous)
        case "first": move = .step(.first)
        case "last": move = .step(.last)
        case let text?: move = .index(try IndexArgument(parsing: text))
        }
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection: Selection
        if let move {
            selection = try context.store.update { (selection) throws(ImgselError) -> Selection in
                switch move {
                case let .step(target): selection = try selection.movingCursor(target)
                case let .index(index): selection = try selection.movingCursor(.index(try index.resolve(in: selection)))
                }
                return selection
            }
        } else {
            selection = try context.store.read()
            guard selection.current != nil else { throw .emptySelection }
        }
        let current = selection.current!
        let entry = selection.items[current - 1]
        let position = Format.position(current, selection.count)
        context.warnIfFileChanged(entry, index: current)
        if context.json {
            context.console.json(.object([("position", .string(position)), ("count", .int(selection.count)),
                                          ("entry", Format.entryJSON(entry, index: current, context: context))]))
            return
        }
        if indexOnly {
            context.console.out(position)
            return
        }
        context.console.confirm("\(position)  \(context.displayPath(entry))  \(Format.orientedSize(entry)) \(entry.type.displayName) \(Format.bytes(entry.bytes))")
    }
}
