import CommandLineModel
import SelectionStore

struct ClearCommand: Command {
    static let spec = CommandSpec(
        name: "clear", usage: "clear", summary: "empty the selection",
        examples: ["imgsel clear"])

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
    }

    func run(_ context: Context) throws(ImgselError) {
        let removed: Int
        do {
            removed = try context.store.update { (selection) throws(ImgselError) -> Int in
                let n = selection.count
                selection = selection.cleared()
                return n
            }
        } catch {
            // No selection file: nothing to clear, and nothing to say (a script's `clear` stays quiet).
            guard case .noSelection = error else { throw error }
            if context.json { context.console.json(.object([("cleared", .int(0))])) }
            return
        }
        if context.json { context.console.json(.object([("cleared", .int(removed))])) }
        context.console.confirm("cleared \(removed) \(removed == 1 ? "entry" : "entries")")
    }
}
