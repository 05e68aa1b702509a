/// iprp: the property boxes (ipco) and which items they belong to (ipma), in ipma's order,
/// which is the order transformative properties (clap, irot, imir) apply in. The boxes are
/// handed on as boxes: each reader parses the payloads it needs (the probe ispe, clap, irot,
/// imir; the decoder those and its codec's configuration; metadata colr).
public struct HEIFItemProperties: Sendable {
    /// The ipco boxes, in order: an association's `index`.
    public var boxes: [ISOBMFFBox]
    /// Each item's properties, in ipma order.
    public var associations: [Int: [HEIFPropertyAssociation]]
    /// False when ipma held more than `maxAssociations` entries and indices, and reading stopped there.
    public var complete: Bool

    public static let maxAssociations = 100_000
    static let none = HEIFItemProperties(boxes: [], associations: [:], complete: true)

    init(boxes: [ISOBMFFBox], associations: [Int: [HEIFPropertyAssociation]], complete: Bool) {
        (self.boxes, self.associations, self.complete) = (boxes, associations, complete)
    }

    public init(_ r: inout ISOBMFFReader, iprp: ISOBMFFBox) throws(ISOBMFFError) {
        let parts = try r.children(of: iprp)
        boxes =
            try parts.first { $0.type == fourCC("ipco") }.map { (b) throws(ISOBMFFError) in try r.children(of: b) }
            ?? []
        associations = [:]
        complete = true
        var budget = Self.maxAssociations
        for ipma in parts where ipma.type == fourCC("ipma") {
            try r.enter(ipma)
            let (version, flags) = try r.versionAndFlags()
            let entries = try r.u32()
            for _ in 0..<entries {
                let item = version < 1 ? try r.u16() : try r.u32()
                let count = Int(try r.u8())
                budget -= 1 + count
                // A file of endless tables stops here: an earlier ipma may have spent the budget.
                guard budget >= 0 else {
                    complete = false
                    return
                }
                var list = associations[item] ?? []
                let wide = flags & 1 != 0
                for _ in 0..<count {
                    // The top bit says essential; the rest is the 1-based index into ipco, 0 for none.
                    let raw = wide ? try r.u16() : Int(try r.u8())
                    let index = raw & (wide ? 0x7FFF : 0x7F)
                    let essential = raw & (wide ? 0x8000 : 0x80) != 0
                    if index > 0 { list.append(HEIFPropertyAssociation(index: index - 1, essential: essential)) }
                }
                associations[item] = list
            }
        }
    }

    /// The property boxes of `item`, in ipma order; indices past ipco are passed over.
    public func boxes(of item: Int) -> [ISOBMFFBox] {
        (associations[item] ?? []).compactMap { $0.index < boxes.count ? boxes[$0.index] : nil }
    }
}

/// One ipma entry: a property of an item.
public struct HEIFPropertyAssociation: Equatable, Sendable {
    /// 0-based, into ipco's boxes.
    public var index: Int
    /// A reader that does not understand an essential property must not show the item.
    public var essential: Bool
}
