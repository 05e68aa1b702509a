/// What a shell can offer at each point of an imgsel command line, read from
/// the command specs at run time, so that a command added to the registry is
/// completed without touching the scripts.
public struct CompletionModel: Sendable {
    /// One positional argument's candidates: markers (`@files`, `@dirs`,
    /// `@indices`, `@commands`) and literal words (`next`, `bash`). `@list` before words
    /// makes them items of a comma-separated list (`jpeg,png`): each completes after the last comma.
    public typealias Slot = [String]

    public struct CommandEntry: Sendable {
        public let name: String
        public let summary: String
        public let options: [OptionSpec]
        public let slots: [Slot]
        /// The last slot repeats (`FILE...`, `INDEX...`).
        public let repeats: Bool
    }

    public let globals: [OptionSpec]
    public let commands: [CommandEntry]
    /// Placeholders whose value is a comma-separated list of known words (`LIST`: the type
    /// names), with the words: the executable knows them, this leaf does not.
    public let lists: [String: [String]]

    /// The model of a command line with these global options and commands, in the order
    /// help lists them.
    public init(globals: [OptionSpec], commands: [CommandSpec], lists: [String: [String]] = [:]) {
        self.globals = globals
        self.commands = commands.map(Self.entry)
        self.lists = lists
    }

    /// Every option that takes a value, with what to offer for the value.
    public var valueOptions: [(name: String, marker: String)] {
        var seen: Set<String> = []
        var result: [(String, String)] = []
        for option in globals + commands.flatMap(\.options) where option.value != nil {
            let placeholder = option.value!
            let marker = lists[placeholder].map { (["@list"] + $0).joined(separator: " ") }
            for name in option.names where seen.insert(name).inserted {
                result.append((name, marker ?? Self.marker(forPlaceholder: placeholder) ?? ""))
            }
        }
        return result
    }

    /// Reads the positional arguments from a usage line such as
    /// `replace INDEX FILE`, `view [INDEX | next | prev] [--index]`, `completion bash|zsh|fish`.
    public static func entry(for spec: CommandSpec) -> CommandEntry {
        var slots: [Slot] = []
        var repeats = false
        for group in groups(String(spec.usage.dropFirst(spec.name.count))) {
            let alternatives = group.split(separator: "|").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            // Options, and words about them (`[rule options]`), are no positional argument.
            guard !alternatives.isEmpty, !alternatives.contains(where: { $0.hasPrefix("-") || $0.contains(" ") })
            else { continue }
            var slot: Slot = []
            for alternative in alternatives {
                var word = alternative
                if word.hasSuffix("...") { word.removeLast(3); repeats = true }
                if word.first?.isUppercase == true {
                    if let marker = marker(forPlaceholder: word) { slot.append(marker) }
                } else {
                    slot.append(word)
                }
            }
            // `last` is already among the indices.
            if slot.contains("@indices") { slot.removeAll { $0 == "last" } }
            slots.append(slot)
        }
        return CommandEntry(
            name: spec.name, summary: spec.summary, options: spec.options, slots: slots, repeats: repeats)
    }

    /// What a placeholder's value is made of; nil for values nothing can guess (`N`).
    public static func marker(forPlaceholder placeholder: String) -> String? {
        switch placeholder {
        case "FILE", "OUT", "PATH": return "@files"
        case "DIR": return "@dirs"
        case "INDEX", "FROM", "TO": return "@indices"
        case "COMMAND": return "@commands"
        default: return nil
        }
    }

    /// `[A | b] C...` → ["A | b", "C..."]: bracketed groups and bare words.
    private static func groups(_ usage: String) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        for character in usage {
            switch character {
            case "[":
                depth += 1
            case "]":
                depth -= 1
                if depth == 0 { result.append(current); current = "" }
            case " " where depth == 0:
                if !current.isEmpty { result.append(current); current = "" }
            default:
                current.append(character)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// Quoting for generated shell scripts.
public enum ShellQuote {
    /// '…' for bash and zsh: a quote inside becomes '\''.
    public static func single(_ s: String) -> String {
        "'" + s.replacingAll("'", with: "'\\''") + "'"
    }

    /// '…' for fish, where a backslash and a quote inside are escaped with a backslash.
    public static func fish(_ s: String) -> String {
        "'" + s.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
