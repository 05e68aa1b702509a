import CommandLineModel
import ImageDecoding
import ImageEncoding
import PNGCodec
import SelectionStore

/// Where `thumbnail` and `sheet` put their PNG: a file written whole or not at all, or
/// standard output for `-`; then what they report (`--json`: path, size, bytes).
struct PictureOutput {
    /// As typed: a path, or "-".
    let out: String

    let command: String

    init(validating out: String, command: String) throws(ImgselError) {
        guard !out.isEmpty else { throw .usage("\(command): OUT needs a path, not an empty string") }
        self.out = out
        self.command = command
    }

    /// Before any work: `--json` and a PNG on stdout cannot share it.
    func check(_ context: Context) throws(ImgselError) {
        if out == "-" && context.json {
            throw .usage("\(command): --json and OUT '-' would both write to standard output; give OUT a name")
        }
    }

    /// Writes the raster as PNG and reports it.
    func write(_ picture: Raster, _ context: Context) throws(ImgselError) {
        let png = PNGWriter.encode(picture)
        let shown: String
        if out == "-" {
            context.console.bytes(png)
            shown = "-"
        } else {
            let path = PhysicalPath.absoluteOnDisk(out, base: context.cwd)
            let file = try lift(store: StreamedFile(path: path))
            try lift(store: file.write(png))
            try lift(store: file.commit())
            shown = PathName.display(path, cwd: context.cwd)
        }
        if context.json {
            context.console.json(
                .object([
                    ("path", .string(shown)), ("width", .int(picture.width)), ("height", .int(picture.height)),
                    ("bytes", .int(png.count)),
                ]))
        } else if out != "-" {
            context.console.confirm("\(shown): \(picture.width)×\(picture.height) PNG, \(Format.bytes(png.count))")
        }
    }

    /// `--size N` and the like: digits only, within `range`.
    static func number(
        _ arguments: ParsedArguments, _ option: String, command: String, range: ClosedRange<Int>, default value: Int
    ) throws(ImgselError) -> Int {
        guard let text = arguments.values[option] else { return value }
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let n = Int(text), range.contains(n)
        else {
            throw .usage(
                "\(command): \(option) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }
}
