import CommandLineModel
import ImageDecoding
import ImageEncoding
import SelectionStore

struct ThumbnailCommand: Command {
    static let spec = CommandSpec(
        name: "thumbnail", usage: "thumbnail FILE OUT [--size N]",
        summary: "decode an image, turn it upright and shrink it into a PNG; touches no selection",
        arguments: [("FILE", "the image"), ("OUT", "the PNG to write, whole or not at all ('-': standard output)")],
        options: [
            OptionSpec(
                names: ["--size"], value: "N",
                help: "fit within N×N pixels, aspect kept, never enlarged (default \(defaultSize))")
        ],
        examples: ["imgsel thumbnail shot.jpg shot-small.png", "imgsel thumbnail scan.tif - --size 64 > icon.png"],
        usesSelection: false)

    static let defaultSize = 256
    static let sizeRange = 1...DecodeLimits.maxSide

    let file: String
    let output: PictureOutput
    let size: Int

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 2...2, ["FILE", "OUT"])
        file = arguments.positionals[0]
        if file.isEmpty { throw .usage("thumbnail: FILE needs a path, not an empty string") }
        output = try PictureOutput(validating: arguments.positionals[1], command: "thumbnail")
        size = try PictureOutput.number(
            arguments, "--size", command: "thumbnail", range: Self.sizeRange, default: Self.defaultSize)
    }

    func run(_ context: Context) throws(ImgselError) {
        try output.check(context)
        // A type imgsel does not decode is refused by name below, whatever size its header claims.
        let picture = PictureLoader.file(file, cwd: context.cwd).flatMap { facts, bytes in
            PictureLoader.picture(bytes, facts: facts, within: size)
        }
        switch picture {
        case .success(let picture): try output.write(picture, context)
        case .failure(.input(let error)): throw error
        case .failure(let failure): throw .undecodable(path: file, problem: failure.pictureProblem)
        }
    }
}
