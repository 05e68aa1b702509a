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
    /// Placeholders whose value is one word of a known set (`FORMAT`: jpeg or png), offered as
    /// whole words: a comma there would make a value the option refuses.
    public let words: [String: [String]]
    /// One command's option whose value is one of these words, where the placeholder does not
    /// say (check's `--format FORMAT` is text or github, export's is jpeg or png): command name →
    /// option name → words. It wins over `lists` for that command only.
    public let choices: [String: [String: [String]]]

    /// The model of a command line with these global options and commands, in the order
    /// help lists them.
    public init(
        globals: [OptionSpec], commands: [CommandSpec], lists: [String: [String]] = [:],
        words: [String: [String]] = [:], choices: [String: [String: [String]]] = [:]
    ) {
        self.globals = globals
        self.commands = commands.map(Self.entry)
        self.lists = lists
        self.words = words
        self.choices = choices
    }

    /// Every option that takes a value, once, with what to offer for the value: `marker` as the
    /// first command (or the globals) to have the option name gives it, and `byCommand` where
    /// a later command gives the same name other values, so the scripts choose by command there.
    public var valueOptions: [(name: String, marker: String, byCommand: [(command: String, marker: String)])] {
        var names: [String] = []
        var markers: [String: String] = [:]
        var byCommand: [String: [(command: String, marker: String)]] = [:]
        let owned =
            globals.map { (command: String?.none, option: $0) }
            + commands.flatMap { command in command.options.map { (command: Optional(command.name), option: $0) } }
        for (command, option) in owned {
            guard let marker = marker(for: option, of: command) else { continue }
            for name in option.names {
                if let first = markers[name] {
                    if let command, marker != first { byCommand[name, default: []].append((command, marker)) }
                } else {
                    markers[name] = marker
                    names.append(name)
                }
            }
        }
        return names.map { ($0, markers[$0]!, byCommand[$0] ?? []) }
    }

    /// The arms of a `case` on the option before the cursor, as bash and zsh write them: one a
    /// value option, `indent` deep, and where two commands give one name different values, an
    /// inner `case $command` `step` deeper. `offer` ends an arm (`_imgsel_offer 'marker' …;;`).
    public func valueCaseArms(indent: Int, step: Int, offer: (String) -> String) -> String {
        let outer = String(repeating: " ", count: indent)
        let inner = String(repeating: " ", count: indent + step)
        let arms = String(repeating: " ", count: indent + 2 * step)
        var text = ""
        for (name, marker, byCommand) in valueOptions {
            if byCommand.isEmpty {
                text += "\(outer)\(name)) \(offer(marker))\n"
                continue
            }
            text += "\(outer)\(name))\n\(inner)case $command in\n"
            for (command, own) in byCommand { text += "\(arms)\(command)) \(offer(own))\n" }
            text += "\(inner)esac\n\(inner)\(offer(marker))\n"
        }
        return text
    }

    /// What `option`'s value is made of on `command`'s line (nil for a global one); nil for a flag.
    private func marker(for option: OptionSpec, of command: String?) -> String? {
        guard let placeholder = option.value else { return nil }
        if let command, let words = option.names.lazy.compactMap({ self.choices[command]?[$0] }).first {
            return words.joined(separator: " ")
        }
        if let words = words[placeholder] { return words.joined(separator: " ") }
        if let words = lists[placeholder] { return (["@list"] + words).joined(separator: " ") }
        return Self.marker(forPlaceholder: placeholder) ?? ""
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
