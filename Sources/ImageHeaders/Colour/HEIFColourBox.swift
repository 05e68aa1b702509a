/// A HEIF's (or AVIF's) description: the primary item's `colr` boxes (a grid without one takes its
/// first tile's, as the decoder takes the matrix). A profile (`prof`, `rICC`) is preferred to
/// `nclx` when both are there: the profile says more, and it is what the file's maker meant.
enum HEIFColourBox {
    static func read(_ source: any ByteSource) -> ColourDescription {
        guard let items = try? HEIFItems(source) else { return .none }
        let found = described(items.primary, source, items)
        if found != .none { return found }
        if let tile = items.references("dimg", from: items.primary).first { return described(tile, source, items) }
        return .none
    }

    private static func described(_ item: Int, _ source: any ByteSource, _ items: HEIFItems) -> ColourDescription {
        var codePoints: ColourDescription?
        for colr in items.properties.boxes(of: item) where colr.type == fourCC("colr") {
            guard colr.end - colr.payload >= 4,
                let bytes = try? source.read(at: colr.payload, count: colr.end - colr.payload), bytes.count >= 4
            else { continue }
            let kind = Array(bytes.prefix(4))
            if kind == Array("prof".utf8) || kind == Array("rICC".utf8) {
                return .icc(.raw(Array(bytes.dropFirst(4))))
            }
            if kind == Array("nclx".utf8), bytes.count >= 11, codePoints == nil {
                func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
                codePoints = .codePoints(
                    .nclx, primaries: u16(4), transfer: u16(6), matrix: u16(8), fullRange: bytes[10] & 0x80 != 0)
            }
        }
        return codePoints ?? .none
    }
}
