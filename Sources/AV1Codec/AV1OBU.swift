import ImageCore

/// One open bitstream unit (AV1 5.3): its type, layer ids and where its payload lies in the
/// bytes it was read from.
struct AV1OBU: Equatable {
    enum Kind: Int {
        case sequenceHeader = 1, temporalDelimiter = 2, frameHeader = 3, tileGroup = 4, metadata = 5
        case frame = 6, redundantFrameHeader = 7, tileList = 8, padding = 15
    }

    /// The obu_type (0...15); `kind` is nil for a reserved one, which is skipped.
    let type: Int
    let temporalID: Int
    let spatialID: Int
    /// Whether the OBU carried an extension header (its layer ids were coded).
    let hasExtension: Bool
    let payload: Range<Int>

    var kind: Kind? { Kind(rawValue: type) }

    /// At most this many OBUs in one item: far more than any still, and a bound on a crafted one.
    static let maxUnits = 100_000

    /// The OBUs of a low-overhead stream (AV1 5.2), as an AVIF item and av1C hold them. An OBU
    /// without a size field runs to the end of the bytes, as in the spec's open_bitstream_unit(sz).
    static func units(_ bytes: [UInt8], section: String = "in the AV1 data") throws(DecodeError) -> [AV1OBU] {
        var units: [AV1OBU] = []
        var offset = 0
        while offset < bytes.count {
            guard units.count < maxUnits else { throw .corrupt("AV1 data of over \(maxUnits) OBUs") }
            var reader = AV1BitReader(bytes, range: offset..<bytes.count, section: section)
            guard try reader.bit() == 0 else { throw .corrupt("AV1 OBU with its forbidden bit set") }
            let type = try reader.f(4)
            let hasExtension = try reader.flag()
            let hasSize = try reader.flag()
            _ = try reader.bit()
            var temporalID = 0
            var spatialID = 0
            if hasExtension {
                temporalID = try reader.f(3)
                spatialID = try reader.f(2)
                _ = try reader.f(3)
            }
            let size = hasSize ? try reader.leb128() : bytes.count - reader.byteOffset
            let start = reader.byteOffset
            guard size <= bytes.count - start else { throw .truncated(section: section) }
            units.append(
                AV1OBU(
                    type: type, temporalID: temporalID, spatialID: spatialID, hasExtension: hasExtension,
                    payload: start..<start + size))
            offset = start + size
        }
        return units
    }
}
