import CommandLineModel
import ImageHeaders
import SelectionStore

/// The options that set upload rules, shared by `init` and `rules`: one a rule, named by the
/// rule (`RuleName`), so a rule added to the library is an option of both.
enum RuleOptions {
    static var specs: [OptionSpec] {
        RuleName.allCases.map { OptionSpec(names: [$0.option], value: valueName($0), help: help($0)) }
    }

    /// What the option's value is; nil for a flag.
    static func valueName(_ name: RuleName) -> String? {
        switch name {
        case .maxBytes: return "SIZE"
        case .minWidth, .minHeight, .maxWidth, .maxHeight: return "PX"
        case .maxPixels, .minCount: return "N"
        case .minAspect, .maxAspect: return "R"
        case .sizes: return "SIZES"
        case .types: return "LIST"
        case .noAnimation, .noAlpha, .asIs, .distinct: return nil
        }
    }

    static func help(_ name: RuleName) -> String {
        switch name {
        case .maxBytes: return "each image has at most SIZE bytes (500KB, 5MB or 5M, 5.5MB: 1024-based)"
        case .minWidth: return "each image is at least PX wide, upright"
        case .minHeight: return "each image is at least PX high, upright"
        case .maxWidth: return "each image is at most PX wide, upright"
        case .maxHeight: return "each image is at most PX high, upright"
        case .maxPixels: return "each image has at most N pixels, width × height (12M: 12,000,000)"
        case .minAspect: return "each image's upright width / height is at least R (0.8, 4:5)"
        case .maxAspect: return "each image's upright width / height is at most R (1.91, 16:9)"
        case .types:
            return "each image's type is in LIST, comma-separated: "
                + ImageFormats.all.map(\.name).joined(separator: ", ")
        case .sizes: return "each image's upright size is one of SIZES, comma-separated (1320x2868,2868x1320)"
        case .noAnimation: return "each image has one frame"
        case .noAlpha: return "no image has an alpha channel or transparency"
        case .minCount: return "the selection holds at least N images (only check enforces it)"
        case .asIs: return "the files are uploaded as they are: every rule judged on the file, none left to export"
        case .distinct: return "no image looks like another entry (as similar finds them); add refuses one that does"
        }
    }

    /// `--target NAME`: a known upload target's rules and capacity at once.
    static let targetSpec = OptionSpec(
        names: ["--target"], value: "TARGET",
        help: "a known upload target's rules and capacity (rules --targets lists them); rule options adjust them")

    /// The target `--target` names; an unknown name is a usage error naming the nearest one.
    static func target(_ arguments: ParsedArguments, command: String) throws(ImgselError) -> UploadTarget? {
        guard let name = arguments.values["--target"] else { return nil }
        if let target = UploadTargets.named(name) { return target }
        let hint = Suggestion.didYouMean(name, among: UploadTargets.names)
        throw .usage("\(command): --target: no target '\(name)'\(hint); 'imgsel rules --targets' lists them")
    }

    /// The rules a command line sets, in rule order; a bad value is a usage error naming
    /// `command` and the option.
    static func parse(_ arguments: ParsedArguments, command: String) throws(ImgselError) -> [Rule] {
        var rules: [Rule] = []
        for name in RuleName.allCases {
            let text = arguments.values[name.option]
            guard text != nil || arguments.has(name.option) else { continue }
            do {
                rules.append(try Rule.parse(name, text))
            } catch {
                // A rule's value is a usage error; the command names itself before the option.
                throw .usage("\(command): " + ImgselError(error).message)
            }
        }
        return rules
    }

    /// `--max-bytes 5MB --types jpeg,png`: rules as the options that set them, on one line.
    static func line(_ rules: Rules) -> String { rules.all.map(\.asOption).joined(separator: " ") }
}
