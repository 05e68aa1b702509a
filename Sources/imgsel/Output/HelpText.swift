import SelectionStore

/// Help in fixed sections with aligned columns, built from the command specs
/// so that it cannot drift from what the parser accepts.
enum HelpText {
    static let version = "imgsel 0.1.0"

    static func main() -> String {
        var text = "imgsel: an ordered selection of up to nine images, kept in a JSON file\n\n"
        text += "Usage:\n  imgsel [global options] COMMAND [options] [arguments]\n\n"
        text += "Commands:\n" + columns(CommandRegistry.all.map { ($0.spec.name, $0.spec.summary) })
        text += "\nGlobal options (before or after COMMAND):\n" + columns(GlobalOptions.specs.map { ($0.display, $0.help) })
        text += "\nEnvironment:\n" + columns([
            ("IMGSEL_FILE", "the selection file when -f is not given"),
            ("IMGSEL_ALBUM", "the album folder when --album is not given"),
            ("IMGSEL_LOCK_TIMEOUT", "seconds to wait for another imgsel (default 10)"),
            ("NO_COLOR", "no colour when set and not empty"),
        ])
        text += "\nExit status:\n" + columns([
            ("0", "done"), ("1", "refused by the selection's state (full, out of range, duplicate, empty, no next)"),
            ("2", "usage error"), ("3", "an input file is missing, unreadable or not an image"),
            ("4", "the selection file is invalid or newer (left untouched)"),
            ("5", "writing failed (nothing changed)"), ("6", "timed out waiting for another imgsel's lock"),
        ])
        text += "\nSee 'imgsel help COMMAND' for one command."
        return text
    }

    static func command(_ spec: CommandSpec) -> String {
        var text = "imgsel \(spec.name): \(spec.summary)\n\nUsage:\n  imgsel \(spec.usage)\n"
        if !spec.arguments.isEmpty { text += "\nArguments:\n" + columns(spec.arguments) }
        if !spec.options.isEmpty { text += "\nOptions:\n" + columns(spec.options.map { ($0.display, $0.help) }) }
        if !spec.examples.isEmpty { text += "\nExamples:\n" + spec.examples.map { "  " + $0 + "\n" }.joined() }
        text += "\nGlobal options (-f, --album, --json, -q, --no-color) apply too; see 'imgsel --help'."
        return text
    }

    static func usageLine(_ spec: CommandSpec?) -> String {
        guard let spec else { return "usage: imgsel [global options] COMMAND [options] [arguments]\nSee 'imgsel --help'." }
        return "usage: imgsel \(spec.usage)\nSee 'imgsel help \(spec.name)'."
    }

    private static func columns(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  " + Format.pad($0.0, width) + "  " + $0.1 + "\n" }.joined()
    }
}
