@testable import ImageDecoding

/// Builds classic TIFF files byte by byte: the header, one IFD of the given entries (sorted by tag, values
/// stored in the entry or after the IFD), then the strip or tile data blocks, whose offsets and byte counts
/// are filled in for StripOffsets/TileOffsets and StripByteCounts/TileByteCounts.
struct TIFFTestBuilder {
    var bigEndian = false
    var entries: [Int: (type: Int, values: [Int])] = [:]
    var blocks: [[UInt8]] = []
    var tiled = false
    /// Replaces the computed offsets (for damaged files).
    var offsetsOverride: [Int]?
    var nextIFD = 0

    init(width: Int, height: Int, bits: [Int], samples: Int, photometric: Int, compression: Int = 1) {
        set(256, width)
        set(257, height)
        set(258, bits)
        set(259, compression)
        set(262, photometric)
        set(277, samples)
    }

    mutating func set(_ tag: Int, _ values: Int..., type: Int = 3) { entries[tag] = (type, values) }
    mutating func set(_ tag: Int, _ values: [Int], type: Int = 3) { entries[tag] = (type, values) }

    func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 255), UInt8(v & 255)] : LegacyFormatFixtures.u16le(v) }
    func u32(_ v: Int) -> [UInt8] {
        bigEndian ? u16(v >> 16 & 0xFFFF) + u16(v & 0xFFFF) : LegacyFormatFixtures.u32le(v)
    }

    func file() -> [UInt8] {
        var all = entries
        let counts = blocks.map(\.count)
        all[tiled ? 325 : 279] = (4, counts)
        all[tiled ? 324 : 273] = (4, offsetsOverride ?? counts.map { _ in 0 })
        let tags = all.keys.sorted()
        let ifdSize = 2 + tags.count * 12 + 4
        var extra: [UInt8] = []
        let extraStart = 8 + ifdSize
        // Block data goes after the out-of-line values; compute its offsets first.
        var outOfLine = 0
        for tag in tags {
            let e = all[tag]!
            let size = e.values.count * (e.type == 3 ? 2 : e.type == 1 ? 1 : 4)
            if size > 4 { outOfLine += size + size % 2 }
        }
        var offset = extraStart + outOfLine
        var blockOffsets: [Int] = []
        for block in blocks {
            blockOffsets.append(offset)
            offset += block.count
        }
        if offsetsOverride == nil { all[tiled ? 324 : 273] = (4, blockOffsets) }
        var ifd = u16(tags.count)
        for tag in tags {
            let e = all[tag]!
            var valueBytes: [UInt8] = []
            for v in e.values { valueBytes += e.type == 3 ? u16(v) : e.type == 1 ? [UInt8(v & 255)] : u32(v) }
            ifd += u16(tag) + u16(e.type) + u32(e.values.count)
            if valueBytes.count <= 4 {
                ifd += valueBytes + [UInt8](repeating: 0, count: 4 - valueBytes.count)
            } else {
                ifd += u32(extraStart + extra.count)
                extra += valueBytes
                if valueBytes.count % 2 == 1 { extra.append(0) }
            }
        }
        ifd += u32(nextIFD)
        let header: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8)
        return header + ifd + extra + blocks.flatMap { $0 }
    }

    /// Codes of `width` bits packed MSB first (TIFF LZW), or LSB first for the old-style variant.
    static func packCodes(_ codes: [(code: Int, width: Int)], msbFirst: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = 0
        var count = 0
        for (code, width) in codes {
            if msbFirst {
                buffer = buffer << width | code
                count += width
                while count >= 8 {
                    out.append(UInt8(buffer >> (count - 8) & 255))
                    count -= 8
                }
                buffer &= (1 << count) - 1
            } else {
                buffer |= code << count
                count += width
                while count >= 8 {
                    out.append(UInt8(buffer & 255))
                    buffer >>= 8
                    count -= 8
                }
            }
        }
        if count > 0 { out.append(UInt8(msbFirst ? buffer << (8 - count) & 255 : buffer & 255)) }
        return out
    }
}
