import CommandLineModel
import SelectionStore

/// What a command receives after parsing: checked raw values, not yet interpreted.
struct ParsedArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    /// The last value of each option that takes one, as most options want it.
    var values: [String: String] = [:]
    /// Every value of each option, in order, for one that may be given again (`--clear`).
    var allValues: [String: [String]] = [:]
    /// Where `-` reads paths from: the run's stdin (set by the run, not parsed).
    var stdin: Int32 = 0

    func has(_ option: String) -> Bool { flags.contains(option) }
}

/// The whole command line, parsed: globals, the command's name, its arguments.
struct Invocation {
    var globals = GlobalOptions()
    var commandName: String? = nil
    var arguments = ParsedArguments()
}

/// Tokenizes argv by hand: global options anywhere, `--` ends options,
/// `--opt=value` and `--opt value`, bundled short flags (`-q0`), and `-` as a
/// positional. Unknown options are usage errors that suggest the nearest name.
enum ArgvParser {
    static func parse(_ argv: [String]) throws(ImgselError) -> Invocation {
        var result = Invocation()
        let commandIndex = findCommand(argv)
        if let commandIndex { result.commandName = argv[commandIndex] }
        let command = result.commandName.flatMap(CommandRegistry.find)
        if let name = result.commandName, command == nil {
            // `--fil x.json list`: the misspelt option, not its value, is the problem to name.
            if let commandIndex, let stray = unknownOptionBefore(commandIndex, in: argv) {
                let strayName = stray.hasPrefix("--") ? splitInline(stray).0 : stray
                throw unknownOption(strayName, options: GlobalOptions.specs, command: nil)
            }
            throw .usage("unknown command '\(name)'" + commandHint(name))
        }
        let options = GlobalOptions.specs + (command?.spec.options ?? [])
        var i = 0
        var endOfOptions = false
        while i < argv.count {
            let token = argv[i]
            i += 1
            if i - 1 == commandIndex { continue }
            if endOfOptions || !looksLikeOption(token) {
                result.arguments.positionals.append(token)
                continue
            }
            if token == "--" { endOfOptions = true; continue }
            if token.hasPrefix("--") {
                let (name, inline) = splitInline(token)
                guard let spec = options.first(where: { $0.names.contains(name) }) else {
                    throw unknownOption(name, options: options, command: command)
                }
                var value: String? = nil
                if spec.value != nil {
                    if let inline {
                        value = inline
                    } else {
                        guard i < argv.count else { throw .usage("option \(name) needs a value (\(spec.value!))") }
                        value = argv[i]
                        i += 1
                    }
                } else if inline != nil {
                    throw .usage("option \(name) takes no value")
                }
                record(spec, value, into: &result)
            } else {
                // Short flags, possibly bundled; the last one may take a value.
                let letters = Array(token.dropFirst())
                for (k, letter) in letters.enumerated() {
                    let name = "-" + String(letter)
                    guard let spec = options.first(where: { $0.names.contains(name) }) else {
                        throw unknownOption(letters.count == 1 ? name : token, options: options, command: command)
                    }
                    if spec.value != nil {
                        let rest = String(letters[(k + 1)...])
                        if !rest.isEmpty {
                            record(spec, rest, into: &result)
                        } else {
                            guard i < argv.count else { throw .usage("option \(name) needs a value (\(spec.value!))") }
                            record(spec, argv[i], into: &result)
                            i += 1
                        }
                        break
                    }
                    record(spec, nil, into: &result)
                }
            }
        }
        return result
    }

    /// The first positional token outside any global option's value: the command's name.
    private static func findCommand(_ argv: [String]) -> Int? {
        var i = 0
        while i < argv.count {
            let token = argv[i]
            if token == "--" { return i + 1 < argv.count ? i + 1 : nil }
            if !looksLikeOption(token) { return i }
            if takesNextTokenAsValue(token) { i += 1 }
            i += 1
        }
        return nil
    }

    /// The first option token before the command that is not a global option,
    /// stepping over the values of those that take one (`-f -x.json` is a value).
    private static func unknownOptionBefore(_ end: Int, in argv: [String]) -> String? {
        var i = 0
        while i < end {
            let token = argv[i]
            if looksLikeOption(token), token != "--" {
                guard isGlobalOption(token) else { return token }
                if takesNextTokenAsValue(token) { i += 1 }
            }
            i += 1
        }
        return nil
    }

    /// `--json`, `--file=x`, `-q`, `-qf`: a token made only of global options.
    private static func isGlobalOption(_ token: String) -> Bool {
        if token.hasPrefix("--") {
            let name = splitInline(token).0
            return GlobalOptions.specs.contains { $0.names.contains(name) }
        }
        for letter in token.dropFirst() {
            guard let spec = GlobalOptions.specs.first(where: { $0.names.contains("-" + String(letter)) }) else {
                return false
            }
            if spec.value != nil { return true }  // the rest of the token is its value (`-fPATH`)
        }
        return true
    }

    /// Whether a global option token leaves its value in the next token:
    /// `--file PATH`, `-f PATH`, `-qf PATH`, but not `--file=PATH` or `-fPATH`.
    private static func takesNextTokenAsValue(_ token: String) -> Bool {
        if token.hasPrefix("--") {
            let (name, inline) = splitInline(token)
            return inline == nil && GlobalOptions.specs.contains { $0.names.contains(name) && $0.value != nil }
        }
        for (k, letter) in token.dropFirst().enumerated() {
            guard let spec = GlobalOptions.specs.first(where: { $0.names.contains("-" + String(letter)) }) else {
                return false
            }
            if spec.value != nil { return k == token.count - 2 }
        }
        return false
    }

    /// The command named on a command line, for usage lines and `--json` even when parsing fails.
    static func commandSpec(_ argv: [String]) -> CommandSpec? {
        findCommand(argv).flatMap { CommandRegistry.find(argv[$0]) }?.spec
    }

    /// `--json` anywhere before `--`, so that even a usage error comes out as JSON.
    static func wantsJSON(_ argv: [String]) -> Bool {
        argv.prefix(while: { $0 != "--" }).contains("--json")
    }

    /// `-` alone and negative numbers (`-1`, a bad index) are positionals.
    private static func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        if token == "-0" { return true }
        return !token.dropFirst().allSatisfy(\.isNumber)
    }

    private static func splitInline(_ token: String) -> (String, String?) {
        guard token.hasPrefix("--"), let eq = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<eq]), String(token[token.index(after: eq)...]))
    }

    private static func record(_ spec: OptionSpec, _ value: String?, into result: inout Invocation) {
        if let option = GlobalOption(spec) {
            result.globals.set(option, value)
        } else if let value {
            result.arguments.values[spec.canonical] = value
            result.arguments.allValues[spec.canonical, default: []].append(value)
        } else {
            result.arguments.flags.insert(spec.canonical)
        }
    }

    /// An unknown option, with the nearest of the command's own options, else the other commands
    /// that have it or one close to it: `add --max-bytes` is an option of `init`, `rules`, `export`.
    private static func unknownOption(_ name: String, options: [OptionSpec], command: Command.Type?) -> ImgselError {
        let known = options.flatMap(\.names)
        var text = "unknown option \(name)"
        if let command { text += " for '\(command.spec.name)'" }
        if let near = Suggestion.nearestOption(name, among: known) {
            return .usage(text + " (did you mean '\(near)'?)")
        }
        let own: String? = command.map { $0.spec.name }
        let others = CommandRegistry.all.map { $0.spec }.filter { $0.name != own }
        guard let (option, commands) = Suggestion.otherCommands(having: name, among: others) else {
            return .usage(text)
        }
        let owners = "an option of " + Suggestion.quotedList(commands)
        return .usage(text + (option == name ? " (\(owners))" : " (did you mean '\(option)', \(owners)?)"))
    }

    /// " (did you mean 'list'?)" for a command's name; `--help` and `--version` stand in for a
    /// command, so `imgsel version` is offered `--version`.
    static func commandHint(_ name: String) -> String {
        let commands = CommandRegistry.names
        let standIns = GlobalOption.allCases.filter { !$0.appliesToCommands }.map {
            String($0.spec.canonical.dropFirst(2))
        }
        guard let best = Suggestion.nearest(name, among: commands + standIns) else { return "" }
        return " (did you mean '\(commands.contains(best) ? best : "--" + best)'?)"
    }
}
