import CommandLineModel
import ImageEncoding
import ImageHeaders
import SelectionStore

struct InfoCommand: Command {
    static let spec = CommandSpec(
        name: "info", usage: "info FILE...",
        summary: "what add would record for each file, touching no selection",
        arguments: [("FILE", "an image file")],
        examples: ["imgsel info shot.jpg", "imgsel --json info *.png"], usesSelection: false)

    let paths: [String]

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        guard !arguments.positionals.isEmpty else { throw .usage("info: missing FILE") }
        paths = arguments.positionals
    }

    func run(_ context: Context) throws(ImgselError) {
        var objects: [JSONValue] = []
        var failures: [ImgselError] = []
        for path in paths {
            do {
                let image = try lift(store: ImageInspector.inspect(path, cwd: context.cwd))
                let f = image.facts
                let entry = context.entry(for: path, image)
                // The type comes from the content; a name that suggests another type is pointed out.
                let misnamed = f.type.nameDisagreement(path)
                let colour = Self.colour(path, type: f.type, cwd: context.cwd)
                let gainMap = ImageInspector.gainMap(path, type: f.type, cwd: context.cwd)
                var fields: [(String, JSONValue)] =
                    context.pathMembers(entry) + [
                        ("type", .string(f.type.rawValue)),
                        ("width", .int(f.width)), ("height", .int(f.height)), ("orientation", .int(f.orientation)),
                        ("frames", .int(f.frames)), ("bytes", .int(image.bytes)), ("sha256", .string(image.sha256)),
                    ]
                if let colour {
                    fields.append(
                        (
                            "colour",
                            .object([("source", .string(colour.source.rawValue)), ("name", .string(colour.name))])
                        ))
                }
                if let gainMap { fields.append(("gain_map", .string(gainMap.kind.rawValue))) }
                if let misnamed { fields.append(("warning", .string(misnamed))) }
                objects.append(.object(fields))
                if !context.json {
                    let frames = f.frames == 1 ? "1 frame" : "\(f.frames) frames"
                    let described =
                        (colour.map { ", colour " + Format.printable($0.words) } ?? "")
                        + (gainMap.map { ", " + $0.words } ?? "")
                    let note = misnamed.map { "; " + Format.printable($0) } ?? ""
                    context.console.out(
                        Format.printable(path)
                            + ": \(f.type.rawValue) \(f.width)×\(f.height), orientation \(f.orientation)"
                            + " (shown \(Format.uprightSize(entry))), \(frames)\(described), \(image.bytes)"
                            + " bytes, sha256 \(image.sha256)"
                            + note)
                }
            } catch {
                objects.append(.object(context.pathMembers(forInput: path) + [("error", Format.errorJSON(error))]))
                failures.append(error)
            }
        }
        if context.json { context.console.json(.array(objects)) }
        if let failure = ImgselError.combining(failures) { throw failure }
    }

    /// What the file's colour description comes to, read from its header (a file of any size).
    static func colour(_ path: String, type: ImageType, cwd: String) -> PictureColour? {
        ImageInspector.colour(path, type: type, cwd: cwd).map { PictureColour.of($0) }
    }
}
