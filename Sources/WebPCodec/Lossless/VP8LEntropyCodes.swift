import ImageCore

/// The prefix codes of one VP8L image stream: groups of five codes (green
/// with length prefixes and cache indices, red, blue, alpha, distance), and
/// for the main image an entropy image choosing a group per tile
/// (RFC 9649 section 3.7.2.2).
struct VP8LEntropyCodes {
    static let codesPerGroup = 5
    static let lengthPrefixCount = 24
    static let distancePrefixCount = 40

    /// Every table, one after another; `codes` point into it.
    var store: [UInt32] = []
    /// Five per used group, in the order green, red, blue, alpha, distance.
    var codes: [VP8LPrefixCode] = []
    /// log2 of the tile side, 0 when every pixel uses group 0.
    var tileBits = 0
    var tilesPerRow = 0
    /// The (compacted) group of each tile, row by row; empty without an entropy image.
    var groupOfTile: [Int32] = []
    /// log2 of the colour cache size, 0 for none.
    var cacheBits = 0

    /// Reads the colour cache size, the entropy image (if allowed and present)
    /// and every group's codes. `tableBudget` caps the tables' bytes.
    static func read(
        width: Int, height: Int, allowEntropyImage: Bool, from reader: inout VP8LBitReader,
        tableBudget: Int
    ) throws(DecodeError) -> VP8LEntropyCodes {
        var result = VP8LEntropyCodes()
        if reader.read(1) == 1 {
            result.cacheBits = reader.read(4)
            guard (1...11).contains(result.cacheBits) else {
                throw .corrupt("VP8L colour cache of \(result.cacheBits) bits (1 to 11 allowed)")
            }
        }
        var declaredGroups = 1
        var groupMap: [Int32] = [0]
        if allowEntropyImage && reader.read(1) == 1 {
            result.tileBits = reader.read(3) + 2
            result.tilesPerRow = VP8LDecoder.subsampled(width, result.tileBits)
            let tileRows = VP8LDecoder.subsampled(height, result.tileBits)
            let image = try VP8LDecoder.decodeSubImage(width: result.tilesPerRow, height: tileRows, from: &reader)
            // Groups are numbered by the red and green bytes; only the used ones
            // get tables (renumbered in increasing order), so unused numbers cost
            // nothing but reading past their codes.
            var maxGroup = 0
            for pixel in image { maxGroup = max(maxGroup, Int((pixel >> 8) & 0xFFFF)) }
            declaredGroups = maxGroup + 1
            groupMap = [Int32](repeating: -1, count: declaredGroups)
            for pixel in image { groupMap[Int((pixel >> 8) & 0xFFFF)] = 0 }
            var used: Int32 = 0
            for group in 0..<declaredGroups where groupMap[group] >= 0 {
                groupMap[group] = used
                used += 1
            }
            result.groupOfTile = image.map { groupMap[Int(($0 >> 8) & 0xFFFF)] }
        }
        let greenSize = 256 + lengthPrefixCount + (result.cacheBits > 0 ? 1 << result.cacheBits : 0)
        let alphabetSizes = [greenSize, 256, 256, 256, distancePrefixCount]
        let limit = max(0, tableBudget / 4)
        var lengths = [UInt8](repeating: 0, count: greenSize)
        for group in 0..<declaredGroups {
            let isUsed = groupMap[group] >= 0
            for size in alphabetSizes {
                let code = try VP8LPrefixCodeReader.read(
                    alphabetSize: size, from: &reader, lengths: &lengths,
                    store: &result.store, storeLimit: limit, build: isUsed)
                if isUsed { result.codes.append(code) }
            }
        }
        return result
    }
}
