/// One option a command (or imgsel itself) accepts.
public struct OptionSpec: Sendable {
    /// Every spelling, the first being the canonical one: ["--file", "-f"].
    public let names: [String]
    /// Name of the value it takes, nil for a flag: "PATH".
    public let value: String?
    public let help: String

    public init(names: [String], value: String?, help: String) {
        self.names = names
        self.value = value
        self.help = help
    }

    public var canonical: String { names[0] }
    /// `-f, --file PATH`: the spellings, shortest first, and the value.
    public var display: String {
        let spelled = names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return value.map { spelled + " " + $0 } ?? spelled
    }
}

/// What `help` shows for a command, and the options the parser accepts for it.
public struct CommandSpec: Sendable {
    public let name: String
    /// After "imgsel ": "add FILE...".
    public let usage: String
    public let summary: String
    public var arguments: [(String, String)] = []
    public var options: [OptionSpec] = []
    public var examples: [String] = []
    /// False for commands that never read or write the selection (help, info).
    public var usesSelection = true

    public init(
        name: String, usage: String, summary: String, arguments: [(String, String)] = [],
        options: [OptionSpec] = [], examples: [String] = [], usesSelection: Bool = true
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.usesSelection = usesSelection
    }
}
