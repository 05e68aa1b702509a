import ImageHeaders
import SelectionStore

/// What `export` prints: a line a file, or (`--json`) an array of one object a file.
enum ExportReport {
    static func show(_ files: [ExportedFile], context: Context) {
        if context.json {
            context.console.json(.array(files.map { json($0, context) }))
            return
        }
        for file in files { context.console.confirm(line(file)) }
    }

    /// `upload/01-sunset.jpg  4032×3024 → 2048×1536  JPEG q85  1.2 MB  upright, shrunk, re-encoded, metadata removed`.
    static func line(_ file: ExportedFile) -> String {
        let made = file.made
        let source = Format.uprightSize(made.entry)
        let written = "\(made.width)×\(made.height)"
        let size = source == written ? source : "\(source) → \(written)"
        let type = ImageTypeName.display(made.typeName) + (made.quality.map { " q\($0)" } ?? "")
        let changes = made.changes.map(\.words).joined(separator: ", ")
        return [file.shownPath, size, type, Format.bytes(made.bytes.count), changes].joined(separator: "  ")
    }

    static func json(_ file: ExportedFile, _ context: Context) -> JSONValue {
        let made = file.made
        var hasher = SHA256()
        made.bytes.withUnsafeBytes { hasher.update($0) }
        return .object(
            [("index", .int(made.index))] + context.pathMembers(made.entry) + [
                ("copy", .string(file.shownPath)), ("type", .string(made.typeName)), ("width", .int(made.width)),
                ("height", .int(made.height)), ("bytes", .int(made.bytes.count)),
                ("sha256", .string(SHA256.hex(hasher.finalize()))),
                ("quality", made.quality.map { .int($0) } ?? .null),
                ("changes", .array(made.changes.map { .string($0.rawValue) })),
            ])
    }
}

/// `JPEG`, `PNG`: a type's name as the lines print it.
enum ImageTypeName {
    static func display(_ name: String) -> String {
        ImageType(rawValue: name)?.displayName ?? name.uppercased()
    }
}
