import CommandLineModel
import SelectionStore

/// One command: a `validate` step that turns parsed arguments into checked
/// values (usage errors, exit 2), and a `run` step that does the work.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    init(validating arguments: ParsedArguments) throws(ImgselError)
    func run(_ context: Context) throws(ImgselError)
}

extension Command {
    /// `required` names the required arguments in order, so that a message names only those
    /// not given: `move 1` is missing TO, not FROM and TO.
    static func requireCount(
        _ arguments: ParsedArguments, _ range: ClosedRange<Int>, _ required: [String] = []
    ) throws(ImgselError) {
        let n = arguments.positionals.count
        if n < range.lowerBound {
            throw .usage("\(spec.name): missing \(required.dropFirst(n).joined(separator: " and "))")
        }
        if n > range.upperBound {
            throw .usage("\(spec.name): unexpected argument '\(arguments.positionals[range.upperBound])'")
        }
    }
}

/// An index as typed: a 1-based number or `last`, checked against the selection later.
enum IndexArgument: Equatable {
    case number(Int, typed: String)
    case last

    /// Digits only (any length) or `last`; anything else is a usage error.
    init(parsing text: String) throws(ImgselError) {
        if text == "last" { self = .last; return }
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .usage("'\(text)' is not an index (a number from 1, or 'last')")
        }
        self = .number(Int(text) ?? Int.max, typed: text)
    }

    /// The 1-based index in a selection of `count` entries.
    func resolve(in selection: Selection) throws(ImgselError) -> Int {
        switch self {
        case .last:
            guard selection.count > 0 else { throw .indexOutOfRange(index: "last", count: 0) }
            return selection.count
        case let .number(n, typed):
            guard n >= 1, n <= selection.count else { throw .indexOutOfRange(index: typed, count: selection.count) }
            return n
        }
    }
}

/// Every command, in the order help lists them.
enum CommandRegistry {
    static let all: [Command.Type] = [
        InitCommand.self, AddCommand.self, ReplaceCommand.self, DeleteCommand.self, MoveCommand.self,
        ToggleCommand.self, ClearCommand.self, ListCommand.self, ViewCommand.self, SaveCommand.self,
        PickCommand.self, BrowseCommand.self,
        InfoCommand.self, CheckCommand.self, RulesCommand.self, CropCommand.self, ExportCommand.self, HtmlCommand.self,
        ThumbnailCommand.self, SheetCommand.self, SimilarCommand.self, TerminalCommand.self, HelpCommand.self,
        CompletionCommand.self,
    ]

    static var names: [String] { all.map { $0.spec.name } }

    static func find(_ name: String) -> Command.Type? { all.first { $0.spec.name == name } }
}
