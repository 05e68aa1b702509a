import CommandLineModel
import ImageHeaders
import SelectionStore

/// `crop INDEX 1:1|4:5|1.91|WxH+X+Y|none`: the edited image the phone picker hands over, kept
/// beside the entry (SPEC "Crop"); the file is never touched.
struct CropCommand: Command {
    static let spec = CommandSpec(
        name: "crop", usage: "crop INDEX 1:1|4:5|1.91|WxH+X+Y|none [--force]",
        summary: "keep a crop of an entry (the edited image): shown, judged by the rules and exported as cropped",
        arguments: [
            ("INDEX", "the entry to crop"),
            (
                "ASPECT|GEOMETRY|none",
                "an aspect's largest centred rectangle (1:1, 4:5, 1.91), WxH+X+Y in upright pixels, or none"
            ),
        ],
        options: [OptionSpec(names: ["--force"], value: nil, help: "keep a crop that breaks a rule; check reports it")],
        examples: ["imgsel crop 2 1:1", "imgsel crop 1 3000x2000+500+0", "imgsel crop last none"])

    let index: IndexArgument
    /// As typed: what it means is judged against the entry, so a message can name its size.
    let request: String
    let force: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 2...2, ["INDEX", "ASPECT|GEOMETRY|none"])
        index = try IndexArgument(parsing: arguments.positionals[0])
        request = arguments.positionals[1]
        force = arguments.has("--force")
    }

    func run(_ context: Context) throws(ImgselError) {
        let (position, entry, rules) = try context.store.update {
            (selection) throws(ImgselError) -> (Int, Entry, Rules) in
            let position = try index.resolve(in: selection)
            let entry = selection.items[position - 1]
            let crop = try Self.crop(request, of: entry, index: position, context)
            do throws(ImgselError) {
                selection = try lift(model: selection.cropping(at: position, to: crop, force: force))
                selection = context.withFingerprints(selection, at: [position])
            } catch {
                throw Self.naming(error, entry, context)
            }
            return (position, selection.items[position - 1], selection.rules)
        }
        context.noteMends([(position, entry)], rules: rules)
        if context.json {
            return context.console.json(
                .object([
                    ("index", .int(position)), ("crop", entry.crop.map(SelectionFile.cropJSON) ?? .null),
                    ("entry", Format.entryJSON(entry, index: position, context: context)),
                ]))
        }
        let name = context.displayPath(entry)
        guard let crop = entry.crop else { return context.console.confirm("uncropped \(position)  \(name)") }
        context.console.confirm("cropped \(position) to \(crop.width)×\(crop.height) at +\(crop.x)+\(crop.y)  \(name)")
    }

    /// The crop asked for, judged against the entry's upright size: a text that is none of the
    /// three forms, or a rectangle that is empty or outside, is a usage error naming both.
    private static func crop(
        _ text: String, of entry: Entry, index: Int, _ context: Context
    ) throws(ImgselError) -> Crop? {
        let upright = entry.facts.uprightSize
        let named = "crop: entry \(index) (\(context.displayPath(entry)), \(upright.width)×\(upright.height) upright)"
        guard let request = CropRequest(parsing: text) else {
            throw .usage(
                "\(named): '\(text)' is not an aspect above zero (1:1, 4:5, 1.91), a geometry (WxH+X+Y) or none")
        }
        switch request.crop(width: upright.width, height: upright.height) {
        case .success(let crop): return crop
        case .failure(let problem): throw .usage("\(named): \(problem.reason)")
        }
    }

    /// A refusal with the entry named by the path that works from here.
    private static func naming(_ error: ImgselError, _ entry: Entry, _ context: Context) -> ImgselError {
        let parts = error.parts.map { part -> ImgselError in
            guard case .entryBreaksRule(let index, var problem) = part else { return part }
            problem.path = context.displayPath(entry)
            return .entryBreaksRule(index: index, problem)
        }
        return ImgselError.combining(parts) ?? error
    }
}
