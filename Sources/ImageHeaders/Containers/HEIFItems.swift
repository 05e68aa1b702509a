/// The HEIF item model (ISO/IEC 23008-12) as the meta box gives it: which item is primary
/// (pitm), each item's type (iinf/infe), where its bytes are (iloc, HEIFItemLocations.swift),
/// its properties (iprp, HEIFItemProperties.swift) and the references between items (iref: dimg
/// a grid's tiles, thmb a thumbnail, auxl an auxiliary image such as alpha, cdsc metadata that
/// describes an item). Read through the one lexer (ISOBMFFReader); the decoder draws from it, and
/// export's metadata reading (HEIFMetadata.swift) finds EXIF, XMP and the profile in it.
public struct HEIFItems: Sendable {
    public var primary: Int
    /// Item type and, for a `mime` item, its content type, by item ID.
    public var infos: [Int: HEIFItemInfo]
    /// Where each item's bytes are; nil when the meta box has no iloc.
    public var locations: [Int: HEIFItemLocation]?
    /// The payload of the meta's idat box, where construction method 1 points.
    public var idat: Range<Int>?
    public var properties: HEIFItemProperties
    public var references: [HEIFReference]
    /// The size of the file the items are in: no item is larger.
    public var fileSize: Int

    public static let maxReferences = 100_000

    /// Reads the items of the file's first top-level meta box. A last top-level box running
    /// past the end of the file is cut to it, so a truncated mdat is found out by the item it
    /// cuts short.
    public init(_ source: any ByteSource, budget: Int = 1 << 20) throws(ISOBMFFError) {
        var r = ISOBMFFReader(source, budget: budget)
        let top = try r.children(from: 0, to: r.size, cutShort: true)
        guard let meta = top.first(where: { $0.type == fourCC("meta") }) else {
            throw .corrupt("HEIF file without a meta box")
        }
        try self.init(&r, meta: meta)
    }

    public init(_ r: inout ISOBMFFReader, meta: ISOBMFFBox) throws(ISOBMFFError) {
        fileSize = r.size
        // meta is a FullBox: its version and flags come before its children.
        let boxes = try r.children(of: meta, skipping: 4)
        func box(_ code: StaticString) -> ISOBMFFBox? { boxes.first { $0.type == fourCC(code) } }
        guard let pitm = box("pitm") else { throw .corrupt("HEIF file without a primary item") }
        primary = try Self.primary(&r, pitm)
        locations = try box("iloc").map { (b) throws(ISOBMFFError) in try HEIFItemLocations.read(&r, b) }
        idat = box("idat")?.payloadRange
        infos = try box("iinf").map { (b) throws(ISOBMFFError) in try Self.infos(&r, b) } ?? [:]
        properties = try box("iprp").map { (b) throws(ISOBMFFError) in try HEIFItemProperties(&r, iprp: b) } ?? .none
        references = try box("iref").map { (b) throws(ISOBMFFError) in try Self.references(&r, b) } ?? []
    }

    /// pitm: the primary item's ID, 16 or 32 bits by version.
    public static func primary(_ r: inout ISOBMFFReader, _ pitm: ISOBMFFBox) throws(ISOBMFFError) -> Int {
        try r.enter(pitm)
        return try r.versionAndFlags().version == 0 ? try r.u16() : try r.u32()
    }

    /// iinf: an infe box an item; infe versions 2 and 3 name the item's type (older ones do not).
    static func infos(_ r: inout ISOBMFFReader, _ iinf: ISOBMFFBox) throws(ISOBMFFError) -> [Int: HEIFItemInfo] {
        try r.enter(iinf)
        let version = try r.versionAndFlags().version
        try r.skip(version == 0 ? 2 : 4)  // the entry count: the boxes themselves are counted
        var infos: [Int: HEIFItemInfo] = [:]
        for infe in try r.children(from: r.offset, to: iinf.end) where infe.type == fourCC("infe") {
            try r.enter(infe)
            let version = try r.versionAndFlags().version
            guard version >= 2 else { continue }
            let item = version == 2 ? try r.u16() : try r.u32()
            try r.skip(2)  // item_protection_index
            var info = HEIFItemInfo(type: UInt32(try r.unsigned(4)))
            if info.type == fourCC("mime") {
                _ = try r.cString()  // the item's name
                info.contentType = try r.cString()
            }
            infos[item] = info
        }
        return infos
    }

    /// iref: one box a reference, its type the box's; item IDs of 16 or 32 bits by version.
    static func references(_ r: inout ISOBMFFReader, _ iref: ISOBMFFBox) throws(ISOBMFFError) -> [HEIFReference] {
        try r.enter(iref)
        let wide = try r.versionAndFlags().version != 0
        var result: [HEIFReference] = []
        var budget = maxReferences
        for ref in try r.children(from: r.offset, to: iref.end) {
            try r.enter(ref)
            let from = wide ? try r.u32() : try r.u16()
            let count = try r.u16()
            budget -= count
            guard budget >= 0 else { throw .corrupt("HEIF iref box with over \(maxReferences) references") }
            var to: [Int] = []
            for _ in 0..<count { to.append(wide ? try r.u32() : try r.u16()) }
            result.append(HEIFReference(type: ref.type, from: from, to: to))
        }
        return result
    }

    /// The items `item` refers to by `type`, in order (a grid's tiles, row by row).
    public func references(_ type: StaticString, from item: Int) -> [Int] {
        references.first { $0.type == fourCC(type) && $0.from == item }?.to ?? []
    }

    /// The items that refer to `item` by `type` (its thumbnails, auxiliary images, metadata).
    public func items(referring type: StaticString, to item: Int) -> [Int] {
        references.filter { $0.type == fourCC(type) && $0.to.contains(item) }.map(\.from)
    }

    /// The ranges of the file that make up `item`'s bytes, in order.
    public func ranges(of item: Int) throws(ISOBMFFError) -> [Range<Int>] {
        guard let location = locations?[item] else { throw .corrupt("HEIF item \(item) has no location") }
        return try location.ranges(item: item, fileSize: fileSize, idat: idat)
    }
}

/// What infe says of an item.
public struct HEIFItemInfo: Equatable, Sendable {
    /// hvc1, av01, grid, iden, Exif, mime...
    public var type: UInt32
    /// A `mime` item's content type ("application/rdf+xml"); empty for others.
    public var contentType: String = ""

    public init(type: UInt32, contentType: String = "") { (self.type, self.contentType) = (type, contentType) }
}

/// One iref entry: `from` refers to each of `to` by `type`.
public struct HEIFReference: Equatable, Sendable {
    public var type: UInt32
    public var from: Int
    public var to: [Int]
}
