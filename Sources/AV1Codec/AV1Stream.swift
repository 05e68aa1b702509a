import ImageCore

/// The first frame of an AV1 still's OBUs (AV1 7.5): its sequence header, its frame header,
/// and the tile data of its tile groups, with the OBUs of other operating points dropped and
/// temporal delimiters, metadata, padding and reserved types skipped. A layered or animated
/// stream gives its first frame; a frame after it is never read.
struct AV1Stream {
    let bytes: [UInt8]
    let sequence: AV1SequenceHeader
    let frame: AV1FrameHeader
    /// The tile groups' payloads, with where each group's header starts (a frame OBU's after its
    /// frame header) and the payload's end.
    let tileGroups: [Range<Int>]

    /// - Parameters:
    ///   - bytes: the OBUs: av1C's configuration OBUs, if any, followed by the item's.
    init(_ bytes: [UInt8]) throws(DecodeError) {
        self.bytes = bytes
        var sequence: AV1SequenceHeader?
        var frame: AV1FrameHeader?
        var groups: [Range<Int>] = []
        units: for unit in try AV1OBU.units(bytes) {
            if let sequence, unit.type != 1, unit.type != 2, sequence.operatingPointIdc != 0, unit.hasExtension {
                let idc = sequence.operatingPointIdc
                let inTemporal = (idc >> unit.temporalID) & 1 == 1
                let inSpatial = (idc >> (unit.spatialID + 8)) & 1 == 1
                if !inTemporal || !inSpatial { continue }
            }
            switch unit.kind {
            case .sequenceHeader?:
                // A sequence header repeated before the frame replaces the one before it.
                if frame == nil { sequence = try AV1SequenceHeader(bytes, unit.payload) }
            case .frameHeader?, .frame?:
                guard let sequence else { throw .corrupt("AV1 frame before any sequence header") }
                if frame != nil {
                    if unit.kind == .frameHeader { continue }  // a repeated header of the same frame
                    break units  // the next frame: a still shows its first
                }
                let header = try AV1FrameHeader(
                    bytes, unit.payload, sequence: sequence, temporalID: unit.temporalID, spatialID: unit.spatialID)
                frame = header
                if unit.kind == .frame { groups.append(header.headerEnd..<unit.payload.upperBound) }
            case .tileGroup?:
                guard frame != nil else { throw .corrupt("AV1 tile group before any frame header") }
                groups.append(unit.payload)
            case .redundantFrameHeader?, .temporalDelimiter?, .metadata?, .padding?, .tileList?, nil:
                continue
            }
            if let frame, groups.count > 0, Self.complete(frame, groups, bytes) { break units }
        }
        guard let sequence else { throw .corrupt("AV1 data without a sequence header") }
        guard let frame else { throw .corrupt("AV1 data without a frame") }
        guard !groups.isEmpty else { throw .truncated(section: "AV1 data: a frame without tiles") }
        self.sequence = sequence
        self.frame = frame
        tileGroups = groups
    }

    /// Whether the tile groups read so far end with the frame's last tile.
    private static func complete(_ frame: AV1FrameHeader, _ groups: [Range<Int>], _ bytes: [UInt8]) -> Bool {
        guard let last = groups.last else { return false }
        let tiles = frame.tiles.columns * frame.tiles.rows
        guard tiles > 1 else { return true }
        var r = AV1BitReader(bytes, range: last, section: "in the AV1 tile group")
        guard let present = try? r.flag(), present else { return true }
        let bits = frame.tiles.columnsLog2 + frame.tiles.rowsLog2
        _ = try? r.f(bits)
        guard let end = try? r.f(bits) else { return false }
        return end == tiles - 1
    }
}
