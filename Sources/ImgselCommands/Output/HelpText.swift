import CommandLineModel
import SelectionStore

/// Help in fixed sections with aligned columns, built from the command specs
/// so that it cannot drift from what the parser accepts.
enum HelpText {
    static let versionNumber = "0.1.0"
    static let version = "imgsel " + versionNumber

    static func main() -> String {
        let capacity =
            "\(Format.spelledOut(Selection.defaultCapacity)) by default, up to \(Selection.capacityRange.upperBound)"
        var text = "imgsel: an ordered selection of images (\(capacity)), kept in a JSON file\n\n"
        text += "Usage:\n  imgsel [global options] COMMAND [options] [arguments]\n\n"
        text += "Commands:\n" + columns(CommandRegistry.all.map { ($0.spec.name, $0.spec.summary) })
        text +=
            "\nGlobal options (before or after COMMAND):\n" + columns(GlobalOptions.specs.map { ($0.display, $0.help) })
        text +=
            "\nEnvironment:\n"
            + columns([
                ("IMGSEL_FILE", "the selection file when -f is not given"),
                ("IMGSEL_ALBUM", "the album folder when --album is not given"),
                (
                    "IMGSEL_LOCK_TIMEOUT",
                    "seconds to wait for another imgsel (default \(Int(Store.defaultLockTimeout)))"
                ),
                ("IMGSEL_GRAPHICS", "how pictures are drawn when --graphics is not given"),
                ("NO_COLOR", "no colour when set and not empty"),
            ])
        text +=
            "\nExit status:\n"
            + columns(
                ExitStatus.allCases.flatMap { status in
                    status.meanings.map { (String(status.rawValue), $0) }
                })
        text +=
            "\nExamples:\n"
            + [
                "imgsel init && imgsel add shots/*.jpg",
                "imgsel list --grid",
                "imgsel view next",
                "imgsel --json list | jq -r '.items[].display_path'",
            ].map { "  " + $0 + "\n" }.joined()
        text += "\nSee 'imgsel help COMMAND' for one command."
        return text
    }

    static func command(_ spec: CommandSpec) -> String {
        var text = "imgsel \(spec.name): \(spec.summary)\n\nUsage:\n  imgsel \(spec.usage)\n"
        if !spec.arguments.isEmpty { text += "\nArguments:\n" + columns(spec.arguments) }
        if !spec.options.isEmpty { text += "\nOptions:\n" + columns(spec.options.map { ($0.display, $0.help) }) }
        if !spec.examples.isEmpty { text += "\nExamples:\n" + spec.examples.map { "  " + $0 + "\n" }.joined() }
        let globals = GlobalOption.allCases.filter(\.appliesToCommands).map(\.shortestName)
        text += "\nGlobal options (\(globals.joined(separator: ", "))) apply too; see 'imgsel --help'."
        return text
    }

    /// The line under a usage error's message: a usage error is these two lines, as the README says.
    static func usageLine(_ spec: CommandSpec?) -> String {
        "usage: imgsel " + (spec?.usage ?? "[global options] COMMAND [options] [arguments]")
    }

    /// `--json help`: the same facts for scripts (and for the man page's test).
    static func json(_ spec: CommandSpec) -> JSONValue {
        .object([
            ("name", .string(spec.name)), ("usage", .string("imgsel " + spec.usage)),
            ("summary", .string(spec.summary)),
            ("arguments", .array(spec.arguments.map { .object([("name", .string($0.0)), ("help", .string($0.1))]) })),
            ("options", .array(spec.options.map(json))),
            ("examples", .array(spec.examples.map { .string($0) })),
        ])
    }

    static func mainJSON() -> JSONValue {
        .object([
            ("version", .string(versionNumber)),
            ("usage", .string("imgsel [global options] COMMAND [options] [arguments]")),
            ("commands", .array(CommandRegistry.all.map { json($0.spec) })),
            ("global_options", .array(GlobalOptions.specs.map(json))),
        ])
    }

    private static func json(_ option: OptionSpec) -> JSONValue {
        .object([
            ("names", .array(option.names.map { .string($0) })), ("value", option.value.map { .string($0) } ?? .null),
            ("help", .string(option.help)),
        ])
    }

    /// Help as asked: text, or JSON with --json.
    static func write(_ spec: CommandSpec?, to console: Console) {
        if console.json {
            console.json(spec.map(json) ?? mainJSON())
        } else {
            console.out(spec.map(command) ?? main())
        }
    }

    private static func columns(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  " + Format.pad($0.0, width) + "  " + $0.1 + "\n" }.joined()
    }
}
