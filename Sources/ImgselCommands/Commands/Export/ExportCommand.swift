import CommandLineModel
import ImageDecoding
import SelectionStore

/// `export DIR`: the upload set, every entry one file the rules accept, written all or nothing.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export", usage: "export DIR [OPTIONS]",
        summary: "write the upload set: each entry upright, shrunk, re-encoded or copied to fit the rules",
        arguments: [("DIR", "the folder to write; made whole in one step when it does not exist")],
        options: [
            OptionSpec(
                names: ["--max-bytes"], value: "SIZE",
                help: "each file at most SIZE bytes (5MB): JPEG quality lowered to 50, then the picture shrunk"),
            OptionSpec(names: ["--max-width"], value: "PX", help: "each picture at most PX wide"),
            OptionSpec(names: ["--max-height"], value: "PX", help: "each picture at most PX high"),
            OptionSpec(names: ["--max-pixels"], value: "N", help: "each picture at most N pixels (12M: 12,000,000)"),
            OptionSpec(names: ["--max-side"], value: "PX", help: "each picture's longer side at most PX"),
            OptionSpec(
                names: ["--types"], value: "LIST",
                help: "only these types are written (jpeg,png); a forbidden format is replaced by the other"),
            OptionSpec(
                names: ["--quality"], value: "Q",
                help: "JPEG quality 1-100 on libjpeg's scale (default \(ExportOptions.defaultQuality))"),
            OptionSpec(
                names: ["--format"], value: "FORMAT",
                help: "encode every entry as jpeg or png, even one that could be copied"),
            OptionSpec(
                names: ["--names"], value: "NAMING",
                help: "numbered (01-NAME.jpg, the default) or keep (each file's own name, \" (1)\" on a clash)"),
            OptionSpec(
                names: ["--keep-metadata"], value: nil,
                help: "keep EXIF and XMP (orientation set to 1 when turned); otherwise only the ICC profile stays"),
            OptionSpec(
                names: ["--colour"], value: "COLOUR",
                help: "keep (own colours, with their profile; the default) or srgb (converted to sRGB, no profile)"),
            OptionSpec(
                names: ["--hdr"], value: "HDR",
                help: "keep (an Ultra HDR gain map written with its picture; the default) or drop (SDR alone)"),
            OptionSpec(
                names: ["--first-frame"], value: nil,
                help: "write an animation as its first frame instead of an animated GIF"),
            OptionSpec(names: ["--force"], value: nil, help: "replace files in DIR of the names written"),
            OptionSpec(
                names: ["--replace"], value: nil,
                help: "DIR holds the new set and nothing else, swapped in for the old one in one rename"),
        ],
        examples: [
            "imgsel export upload/", "imgsel export out/ --max-side 1080 --quality 80 --format jpeg",
            "imgsel export mail/ --max-bytes 2MB --names keep",
        ])

    /// The options that add a rule for this export, parsed as `rules` parses them.
    static let ruleOptions: [RuleName] = [.maxBytes, .maxWidth, .maxHeight, .maxPixels, .types]

    let dir: String
    let options: ExportOptions

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 1...1, ["DIR"])
        dir = arguments.positionals[0]
        if dir.isEmpty { throw .usage("export: DIR needs a path, not an empty string") }
        var rules: [Rule] = []
        for name in Self.ruleOptions {
            guard let text = arguments.values[name.option] else { continue }
            do {
                rules.append(try Rule.parse(name, text))
            } catch {
                // A rule's value is a usage error; the command names itself before the option.
                throw .usage("export: " + ImgselError(error).message)
            }
        }
        var options = ExportOptions(rules: Rules(rules))
        if arguments.values["--max-side"] != nil {
            options.maxSide = try PictureOutput.number(
                arguments, "--max-side", command: "export", range: 1...DecodeLimits.maxSide, default: 1)
        }
        options.quality = try PictureOutput.number(
            arguments, "--quality", command: "export", range: 1...100, default: ExportOptions.defaultQuality)
        if let text = arguments.values["--format"] {
            guard let format = ExportFormat(rawValue: text) else {
                throw .usage("export: --format must be jpeg or png, not '\(text)'")
            }
            options.format = format
        }
        if let text = arguments.values["--names"] {
            guard let naming = ExportNaming(rawValue: text) else {
                throw .usage("export: --names must be numbered or keep, not '\(text)'")
            }
            options.naming = naming
        }
        if let text = arguments.values["--colour"] {
            guard let colour = ExportColour(rawValue: text) else {
                throw .usage("export: --colour must be keep or srgb, not '\(text)'")
            }
            options.colour = colour
        }
        if let text = arguments.values["--hdr"] {
            guard let hdr = ExportHDR(rawValue: text) else {
                throw .usage("export: --hdr must be keep or drop, not '\(text)'")
            }
            options.hdr = hdr
        }
        options.keepMetadata = arguments.has("--keep-metadata")
        options.firstFrame = arguments.has("--first-frame")
        options.force = arguments.has("--force")
        options.replace = arguments.has("--replace")
        self.options = options
    }

    func run(_ context: Context) throws(ImgselError) {
        let selection = try lift(store: context.store.read())
        let made = try ExportRun(dir: dir, options: options, context: context).run(selection)
        ExportReport.show(made, context: context)
    }
}
