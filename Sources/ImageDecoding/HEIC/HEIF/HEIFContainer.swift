/// The items of a HEIF file's meta box, as the decoder needs them: which is primary, what
/// type each is, where its bytes are, its properties in ipma order, and the references between
/// items (dimg: a grid's tiles; thmb: a thumbnail; auxl: an alpha plane). Read from the whole
/// file in memory, every count bounded by the box that holds it. The probe in ImageHeaders
/// reads the same boxes for the facts (size, orientation); this reads what drawing needs, with
/// the decoders' typed errors, and stays free of ImageHeaders so the fuzzers build it alone.
struct HEIFContainer {
    var primary: Int
    /// Item type (hvc1, grid, iden...) by item ID.
    var itemTypes: [Int: UInt32]
    var locations: [Int: HEIFItemLocation]
    /// The payload of the meta's idat box, where construction method 1 points.
    var idat: Range<Int>?
    /// The ipco boxes, in order: an association's index - 1.
    var propertyBoxes: [HEIFBox]
    /// Property indices (0-based into propertyBoxes) by item, in ipma order.
    var associations: [Int: [Int]]
    var references: [(type: UInt32, from: Int, to: [Int])]
    let bytes: [UInt8]

    static let maxAssociations = 100_000
    static let maxReferences = 100_000

    init(_ bytes: [UInt8]) throws(DecodeError) {
        self.bytes = bytes
        let top = try HEIFBox.children(of: bytes, from: 0, to: bytes.count, cutShort: true)
        guard let meta = top.first(where: { $0.type == heifCode("meta") }) else {
            throw .corrupt("HEIF file without a meta box")
        }
        // meta is a FullBox: its version and flags come before its children.
        let boxes = try HEIFBox.children(of: bytes, in: meta, skipping: 4)
        func box(_ code: StaticString) -> HEIFBox? { boxes.first { $0.type == heifCode(code) } }
        guard let pitm = box("pitm") else { throw .corrupt("HEIF file without a primary item") }
        var c = HEIFCursor(bytes, box: pitm)
        primary = try c.versionAndFlags().version == 0 ? try c.u16() : try c.u32()
        guard let iloc = box("iloc") else { throw .corrupt("HEIF file without item locations") }
        locations = try HEIFItemLocation.parse(bytes, iloc)
        idat = box("idat").map { $0.payload..<$0.end }
        itemTypes = try box("iinf").map { (b) throws(DecodeError) in try Self.itemTypes(bytes, b) } ?? [:]
        propertyBoxes = []
        associations = [:]
        if let iprp = box("iprp") {
            let parts = try HEIFBox.children(of: bytes, in: iprp)
            if let ipco = parts.first(where: { $0.type == heifCode("ipco") }) {
                propertyBoxes = try HEIFBox.children(of: bytes, in: ipco)
            }
            var budget = Self.maxAssociations
            for ipma in parts where ipma.type == heifCode("ipma") {
                try Self.readAssociations(bytes, ipma, into: &associations, budget: &budget)
            }
        }
        references = try box("iref").map { (b) throws(DecodeError) in try Self.references(bytes, b) } ?? []
    }

    /// iinf: an infe box an item; infe versions 2 and 3 name the item's type.
    private static func itemTypes(_ bytes: [UInt8], _ iinf: HEIFBox) throws(DecodeError) -> [Int: UInt32] {
        var c = HEIFCursor(bytes, box: iinf)
        let version = try c.versionAndFlags().version
        try c.skip(version == 0 ? 2 : 4)  // the entry count: the boxes themselves are counted
        var types: [Int: UInt32] = [:]
        for infe in try HEIFBox.children(of: bytes, from: c.offset, to: iinf.end) where infe.type == heifCode("infe") {
            var e = HEIFCursor(bytes, box: infe)
            let version = try e.versionAndFlags().version
            guard version >= 2 else { continue }
            let item = version == 2 ? try e.u16() : try e.u32()
            try e.skip(2)  // item_protection_index
            types[item] = UInt32(try e.unsigned(4))
        }
        return types
    }

    private static func readAssociations(
        _ bytes: [UInt8], _ ipma: HEIFBox, into associations: inout [Int: [Int]], budget: inout Int
    ) throws(DecodeError) {
        var c = HEIFCursor(bytes, box: ipma)
        let (version, flags) = try c.versionAndFlags()
        let entries = try c.u32()
        for _ in 0..<entries {
            guard budget > 0 else { throw .corrupt("HEIF ipma box with over \(maxAssociations) associations") }
            let item = version < 1 ? try c.u16() : try c.u32()
            let count = Int(try c.u8())
            budget -= 1 + count
            var list = associations[item] ?? []
            for _ in 0..<count {
                let index = flags & 1 != 0 ? try c.u16() & 0x7FFF : Int(try c.u8() & 0x7F)
                if index > 0 { list.append(index - 1) }
            }
            associations[item] = list
        }
    }

    private static func references(
        _ bytes: [UInt8], _ iref: HEIFBox
    ) throws(DecodeError) -> [(type: UInt32, from: Int, to: [Int])] {
        var c = HEIFCursor(bytes, box: iref)
        let wide = try c.versionAndFlags().version != 0
        var result: [(type: UInt32, from: Int, to: [Int])] = []
        var budget = maxReferences
        for ref in try HEIFBox.children(of: bytes, from: c.offset, to: iref.end) {
            var r = HEIFCursor(bytes, box: ref)
            let from = wide ? try r.u32() : try r.u16()
            let count = try r.u16()
            budget -= count
            guard budget >= 0 else { throw .corrupt("HEIF iref box with over \(maxReferences) references") }
            var to: [Int] = []
            for _ in 0..<count { to.append(wide ? try r.u32() : try r.u16()) }
            result.append((ref.type, from, to))
        }
        return result
    }

    /// The items `item` refers to by `type`, in order (a grid's tiles, row by row).
    func references(_ type: StaticString, from item: Int) -> [Int] {
        references.first { $0.type == heifCode(type) && $0.from == item }?.to ?? []
    }

    /// The items that refer to `item` by `type` (its thumbnails, its auxiliary images).
    func items(referring type: StaticString, to item: Int) -> [Int] {
        references.filter { $0.type == heifCode(type) && $0.to.contains(item) }.map(\.from)
    }

    func data(of item: Int) throws(DecodeError) -> [UInt8] {
        guard let location = locations[item] else { throw .corrupt("HEIF item \(item) has no location") }
        return try location.data(bytes, idat: idat, item: item)
    }

    /// The item's properties, in ipma order (which is the order transformations apply in).
    func properties(of item: Int) throws(DecodeError) -> [HEIFProperty] {
        var list: [HEIFProperty] = []
        for index in associations[item] ?? [] where index < propertyBoxes.count {
            list.append(try HEIFProperty.parse(bytes, propertyBoxes[index]))
        }
        return list
    }
}
