/// HEIF's metadata sits in items beside the picture, not in the boxes that describe its pixels:
/// EXIF in an `Exif` item, XMP in a `mime` item of type `application/rdf+xml`, both named in
/// iinf and placed by iloc; the ICC profile is the primary item's `colr` property (`prof` or
/// `rICC`). Found through the HEIF item model, as bytes; what to do with them is the caller's.
public struct HEIFMetadataItems: Equatable, Sendable {
    /// The Exif item's bytes as stored: a 32-bit offset to the TIFF header, then the payload.
    public var exif: [UInt8]?
    public var xmp: [UInt8]?
    public var icc: [UInt8]?

    /// No JPEG APP segment holds more than 64 KiB; a larger EXIF or XMP would be dropped there anyway.
    public static let maxBlob = 1 << 20

    /// The metadata of a HEIF file; nil when its items cannot be read. A blob whose item is
    /// damaged or over maxBlob is left out.
    public static func read(_ source: any ByteSource) -> HEIFMetadataItems? {
        guard let items = try? HEIFItems(source) else { return nil }
        let described = Set(items.items(referring: "cdsc", to: items.primary))
        // Of the items of a kind, the one a `cdsc` reference ties to the primary item, else the first.
        func chosen(_ type: StaticString, _ contentType: String = "") -> Int? {
            items.infos.filter { $0.value == HEIFItemInfo(type: fourCC(type), contentType: contentType) }.keys.min {
                a, b in (described.contains(a) ? 0 : 1, a) < (described.contains(b) ? 0 : 1, b)
            }
        }
        func data(_ item: Int) -> [UInt8]? {
            guard let ranges = try? items.ranges(of: item), ranges.reduce(0, { $0 + $1.count }) <= maxBlob else {
                return nil
            }
            return try? ranges.flatMap { (range) throws in try source.read(at: range.lowerBound, count: range.count) }
        }
        var found = HEIFMetadataItems()
        found.exif = chosen("Exif").flatMap(data)
        found.xmp = chosen("mime", "application/rdf+xml").flatMap(data)
        found.icc = profile(source, items)
        return found
    }

    /// The ICC profile among the primary item's properties: the first colr of type prof or rICC.
    static func profile(_ source: any ByteSource, _ items: HEIFItems) -> [UInt8]? {
        for colr in items.properties.boxes(of: items.primary) where colr.type == fourCC("colr") {
            guard colr.end - colr.payload > 4,
                let bytes = try? source.read(at: colr.payload, count: colr.end - colr.payload)
            else { continue }
            if bytes.starts(with: Array("prof".utf8)) || bytes.starts(with: Array("rICC".utf8)) {
                return Array(bytes.dropFirst(4))
            }
        }
        return nil
    }
}
