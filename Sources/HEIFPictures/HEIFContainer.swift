import ImageCore
import ImageHeaders

/// A HEIF file's items as the decoder needs them: ImageHeaders' item model (HEIFItems: the
/// primary item, types, locations, properties in ipma order, references) over the whole file in
/// memory, with the lexer's errors worded as DecodeError and the item bytes and properties
/// the decoder reads.
struct HEIFContainer: Sendable {
    let items: HEIFItems
    let bytes: [UInt8]

    /// What the lexer may fetch while reading the meta box (it refetches as it hops between
    /// boxes): far more than any real meta box, and a bound on a crafted one.
    static let budget = 64 << 20

    init(_ bytes: [UInt8]) throws(DecodeError) {
        self.bytes = bytes
        do throws(ISOBMFFError) {
            items = try HEIFItems(MemoryByteSource(bytes), budget: Self.budget)
        } catch {
            throw Self.decodeError(error)
        }
        guard items.locations != nil else { throw .corrupt("HEIF file without item locations") }
        guard items.properties.complete else {
            throw .corrupt("HEIF ipma box with over \(HEIFItemProperties.maxAssociations) associations")
        }
    }

    /// The lexer's and item model's errors in the decoder's words.
    static func decodeError(_ error: ISOBMFFError) -> DecodeError {
        switch error {
        case .truncated(let section): return .truncated(section: "HEIF \(section)")
        case .corrupt(let why): return .corrupt(why)
        case .unsupported(let what): return .unsupported(what)
        case .boxSize(let size): return .corrupt("HEIF box of \(size) bytes")
        case .exhausted(let budget): return .corrupt("HEIF headers run past \(budget >> 20) MiB")
        }
    }

    var primary: Int { items.primary }

    /// The item's type (hvc1, grid, av01...); nil for an item iinf does not list.
    func type(of item: Int) -> UInt32? { items.infos[item]?.type }

    func references(_ type: StaticString, from item: Int) -> [Int] { items.references(type, from: item) }
    func items(referring type: StaticString, to item: Int) -> [Int] { items.items(referring: type, to: item) }

    func data(of item: Int) throws(DecodeError) -> [UInt8] {
        let ranges: [Range<Int>]
        do throws(ISOBMFFError) {
            ranges = try items.ranges(of: item)
        } catch {
            throw Self.decodeError(error)
        }
        var data: [UInt8] = []
        data.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        for range in ranges { data.append(contentsOf: bytes[range]) }
        return data
    }

    /// The item's properties, in ipma order (which is the order transformations apply in).
    func properties(of item: Int) throws(DecodeError) -> [HEIFProperty] {
        var list: [HEIFProperty] = []
        for box in items.properties.boxes(of: item) { list.append(try HEIFProperty.parse(bytes, box)) }
        return list
    }

    /// The payload of the item's first property of `type` (a codec's configuration), if it has one.
    func property(_ type: UInt32, of item: Int) -> [UInt8]? {
        items.properties.boxes(of: item).first { $0.type == type }.map { Array(bytes[$0.payloadRange]) }
    }
}
