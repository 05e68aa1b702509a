import CommandLineModel
import ImageHeaders
import SelectionStore
import TerminalImage

/// The completion scripts of this imgsel: the model read from the command registry at run
/// time, so a command added there is completed without touching the scripts.
enum CompletionScripts {
    static var model: CompletionModel {
        CompletionModel(
            globals: GlobalOptions.specs, commands: CommandRegistry.all.map { $0.spec },
            // Comma-separated lists: --types of the format registry's names, --clear of the rules'.
            lists: ["LIST": ImageFormats.all.map(\.name), "RULE": RuleName.allCases.map(\.rawValue) + ["all"]],
            // One word each: --graphics's ways, --target's targets, export's --format, --names, --colour, --hdr.
            words: [
                "WAY": GraphicsRequest.names, "TARGET": UploadTargets.names,
                "FORMAT": ExportFormat.allCases.map(\.rawValue), "NAMING": ExportNaming.allCases.map(\.rawValue),
                "COLOUR": ExportColour.allCases.map(\.rawValue), "HDR": ExportHDR.allCases.map(\.rawValue),
            ],
            // check's --format is FORMAT in help too, but a report's format, not an image's.
            choices: ["check": ["--format": CheckCommand.ReportFormat.allCases.map(\.rawValue)]])
    }

    /// `shell` is one of `CompletionCommand.shells`.
    static func script(for shell: String) -> String {
        switch shell {
        case "zsh": return ZshCompletion.script(model, version: HelpText.version)
        case "fish": return FishCompletion.script(model, version: HelpText.version)
        default: return BashCompletion.script(model, version: HelpText.version)
        }
    }
}
