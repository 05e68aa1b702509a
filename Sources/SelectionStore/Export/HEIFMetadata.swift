/// HEIF's metadata sits in items beside the picture, not in the boxes that describe its pixels:
/// EXIF in an `Exif` item, XMP in a `mime` item of type `application/rdf+xml`, both named in
/// `iinf` and placed by `iloc`; the ICC profile is the primary item's `colr` property (`prof` or
/// `rICC`). A HEIC made JPEG needs the profile always (a phone's Display P3 values read as sRGB
/// come out dull) and, under `--keep-metadata`, its EXIF and XMP.
enum HEIFMetadata {
    static let maxItems = 10_000
    /// No JPEG APP segment holds more than 64 KiB; a larger EXIF or XMP would be dropped there anyway.
    static let maxBlob = 1 << 20

    static func read(_ bytes: [UInt8]) -> ExportMetadata? {
        var file = BoxCursor(bytes, 0..<bytes.count)
        guard let meta = file.boxes().first(where: { $0.type == "meta" }), meta.body.count >= 4 else { return nil }
        var inMeta = BoxCursor(bytes, (meta.body.lowerBound + 4)..<meta.body.upperBound)  // FullBox
        let parts = inMeta.boxes()
        func part(_ type: String) -> Range<Int>? { parts.first(where: { $0.type == type })?.body }
        guard let primary = part("pitm").flatMap({ primaryItem(bytes, $0) }) else { return nil }
        let items = part("iinf").map { itemTypes(bytes, $0) } ?? [:]
        let places = part("iloc").map { locations(bytes, $0) } ?? [:]
        let described = part("iref").map { describing(bytes, $0, primary) } ?? []
        func data(_ id: Int) -> [UInt8]? { places[id].flatMap { extents(bytes, $0, idat: part("idat")) } }
        // Of the items of a kind, the one a `cdsc` reference ties to the primary item, else the first.
        func chosen(_ kind: (type: String, contentType: String)) -> Int? {
            items.filter { $0.value == kind }.keys.min { a, b in
                (described.contains(a) ? 0 : 1, a) < (described.contains(b) ? 0 : 1, b)
            }
        }
        var metadata = ExportMetadata()
        metadata.exif = chosen(("Exif", "")).flatMap(data).flatMap(tiff(fromExifItem:))
        metadata.xmp = chosen(("mime", "application/rdf+xml")).flatMap(data)
        if let iprp = part("iprp") { metadata.icc = profile(bytes, iprp, primary).map { .raw($0) } }
        return metadata
    }

    /// An `Exif` item is a 32-bit offset to the TIFF header, then the payload (often `Exif\0\0` first).
    /// The orientation is set to 1: in HEIF it is informative only (irot and imir turn the pixels,
    /// and export writes them upright), so a viewer must not turn them again.
    static func tiff(fromExifItem block: [UInt8]) -> [UInt8]? {
        guard block.count >= 4 else { return nil }
        let skip = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        guard skip <= block.count - 4 - 8 else { return nil }
        let tiff = Array(block[(4 + skip)...])
        guard tiff.starts(with: [0x49, 0x49, 0x2A, 0]) || tiff.starts(with: [0x4D, 0x4D, 0, 0x2A]) else { return nil }
        return ExportMetadata.uprighted(ExportMetadata.app1Payload(tiff))
    }

    private static func primaryItem(_ b: [UInt8], _ body: Range<Int>) -> Int? {
        var c = BoxCursor(b, body)
        guard let version = c.u8(), c.skip(3) else { return nil }
        return c.uint(version == 0 ? 2 : 4)
    }

    /// Item id → its type, and a `mime` item's content type (infe version 2 and 3; older ones name no type).
    private static func itemTypes(_ b: [UInt8], _ body: Range<Int>) -> [Int: (type: String, contentType: String)] {
        var c = BoxCursor(b, body)
        guard let version = c.u8(), c.skip(3), c.uint(version == 0 ? 2 : 4) != nil else { return [:] }
        var result: [Int: (type: String, contentType: String)] = [:]
        for infe in c.boxes().prefix(maxItems) where infe.type == "infe" {
            var e = BoxCursor(b, infe.body)
            guard let v = e.u8(), v >= 2, e.skip(3), let id = e.uint(v == 2 ? 2 : 4), e.skip(2),
                let type = e.fourCC()
            else { continue }
            var contentType = ""
            if type == "mime" {
                _ = e.cString()  // the item's name
                contentType = e.cString() ?? ""
            }
            result[id] = (type, contentType)
        }
        return result
    }

    /// Where an item's bytes are: extents in the file (construction method 0) or in `idat` (1).
    struct Location {
        var inIdat: Bool
        var extents: [(offset: Int, length: Int)]
    }

    private static func locations(_ b: [UInt8], _ body: Range<Int>) -> [Int: Location] {
        var c = BoxCursor(b, body)
        guard let version = c.u8(), version <= 2, c.skip(3), let sizes = c.u8(), let more = c.u8(),
            let count = c.uint(version < 2 ? 2 : 4)
        else { return [:] }
        let (offsetSize, lengthSize, baseSize) = (Int(sizes >> 4), Int(sizes & 15), Int(more >> 4))
        let indexSize = version == 0 ? 0 : Int(more & 15)
        var result: [Int: Location] = [:]
        for _ in 0..<min(count, maxItems) {
            guard let id = c.uint(version < 2 ? 2 : 4) else { break }
            var method = 0
            if version > 0 { guard let m = c.uint(2) else { break }; method = m & 15 }
            guard c.skip(2), let base = c.uint(baseSize), let extentCount = c.uint(2) else { break }
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<extentCount {
                guard c.skip(indexSize), let offset = c.uint(offsetSize), let length = c.uint(lengthSize) else {
                    return result
                }
                extents.append((base &+ offset, length))
            }
            if method <= 1 { result[id] = Location(inIdat: method == 1, extents: extents) }
        }
        return result
    }

    /// The item's bytes, its extents joined; nil when one runs outside its space or the whole is too large.
    private static func extents(_ b: [UInt8], _ place: Location, idat: Range<Int>?) -> [UInt8]? {
        let space = place.inIdat ? (idat ?? 0..<0) : 0..<b.count
        var out: [UInt8] = []
        for (offset, length) in place.extents {
            // A length of 0 means "to the end of the space".
            let size = length == 0 ? space.count - offset : length
            guard offset >= 0, size >= 0, offset <= space.count - size, out.count <= maxBlob - size else { return nil }
            let start = space.lowerBound + offset
            out.append(contentsOf: b[start..<(start + size)])
        }
        return out
    }

    /// The items a `cdsc` reference says describe `primary`.
    private static func describing(_ b: [UInt8], _ body: Range<Int>, _ primary: Int) -> Set<Int> {
        var c = BoxCursor(b, body)
        guard let version = c.u8(), c.skip(3) else { return [] }
        let idSize = version == 0 ? 2 : 4
        var result: Set<Int> = []
        for reference in c.boxes().prefix(maxItems) where reference.type == "cdsc" {
            var r = BoxCursor(b, reference.body)
            guard let from = r.uint(idSize), let count = r.uint(2) else { continue }
            for _ in 0..<count {
                guard let to = r.uint(idSize) else { break }
                if to == primary { result.insert(from) }
            }
        }
        return result
    }

    /// The ICC profile among the properties `ipma` gives the primary item.
    private static func profile(_ b: [UInt8], _ iprp: Range<Int>, _ primary: Int) -> [UInt8]? {
        var c = BoxCursor(b, iprp)
        let parts = c.boxes()
        guard let ipco = parts.first(where: { $0.type == "ipco" }) else { return nil }
        var inIpco = BoxCursor(b, ipco.body)
        let properties = inIpco.boxes()
        let owned = parts.filter { $0.type == "ipma" }.flatMap { associations(b, $0.body, of: primary) }
        for index in owned where index > 0 && index <= properties.count {
            let colr = properties[index - 1]
            guard colr.type == "colr", colr.body.count > 4 else { continue }
            let kind = String(decoding: b[colr.body.prefix(4)], as: UTF8.self)
            if kind == "prof" || kind == "rICC" { return Array(b[colr.body.dropFirst(4)]) }
        }
        return nil
    }

    /// The 1-based property indices one `ipma` box gives `item`, in order.
    private static func associations(_ b: [UInt8], _ body: Range<Int>, of item: Int) -> [Int] {
        var a = BoxCursor(b, body)
        guard let version = a.u8(), a.skip(2), let flags = a.u8(), let count = a.uint(4) else { return [] }
        let (indexSize, mask) = flags & 1 != 0 ? (2, 0x7FFF) : (1, 0x7F)
        var result: [Int] = []
        for _ in 0..<min(count, maxItems) {
            guard let id = a.uint(version < 1 ? 2 : 4), let n = a.u8() else { break }
            for _ in 0..<n {
                guard let raw = a.uint(indexSize) else { return result }
                if id == item { result.append(raw & mask) }
            }
        }
        return result
    }
}
