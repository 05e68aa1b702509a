@testable import ImageDecoding

/// Builds GIF files byte by byte for the tests: a screen, an optional global table, an optional transparent
/// index, one image descriptor and LZW codes packed LSB first into sub-blocks.
struct GIFTestBuilder {
    var screenWidth: Int
    var screenHeight: Int
    var globalTable: [[UInt8]]? = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0]]
    var transparent: Int?
    var frame: (x: Int, y: Int, width: Int, height: Int)?
    var interlaced = false
    var minimumCodeSize = 2

    init(width: Int, height: Int) {
        screenWidth = width
        screenHeight = height
    }

    /// The file, its image data being `codes` packed at the widths a decoder reads them at.
    func file(codes: [Int], trailer: Bool = true) -> [UInt8] {
        file(data: Self.pack(codes, minimumCodeSize: minimumCodeSize), trailer: trailer)
    }

    /// The file with each pixel sent as its own literal code (after a clear), then the end code.
    func file(literals: [Int]) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        return file(codes: [clear] + literals + [clear + 1])
    }

    func file(data: [UInt8], trailer: Bool = true) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += LegacyFormatFixtures.u16le(screenWidth) + LegacyFormatFixtures.u16le(screenHeight)
        out += [globalTable.map { 0x80 | UInt8(Self.tableBits($0.count) - 1) } ?? 0, 0, 0]
        if let globalTable { out += Self.table(globalTable) }
        if let transparent { out += [0x21, 0xF9, 4, 1, 0, 0, UInt8(transparent), 0] }
        let f = frame ?? (0, 0, screenWidth, screenHeight)
        out += [0x2C] + LegacyFormatFixtures.u16le(f.x) + LegacyFormatFixtures.u16le(f.y)
        out += LegacyFormatFixtures.u16le(f.width) + LegacyFormatFixtures.u16le(f.height) + [interlaced ? 0x40 : 0]
        out += [UInt8(minimumCodeSize)]
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            out += [UInt8(n)] + data[i..<i + n]
            i += n
        }
        out += [0]
        if trailer { out += [0x3B] }
        return out
    }

    static func tableBits(_ count: Int) -> Int { max(1, Int.bitWidth - (max(count, 2) - 1).leadingZeroBitCount) }

    static func table(_ colours: [[UInt8]]) -> [UInt8] {
        let size = 1 << tableBits(colours.count)
        return colours.flatMap { $0 } + [UInt8](repeating: 0, count: 3 * (size - colours.count))
    }

    /// Packs codes LSB first, widening them exactly when a GIF decoder (Pillow's) widens: when the entry just
    /// added is the largest the width can name; the table stops at 4096 entries; a clear resets it.
    static func pack(_ codes: [Int], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var width = minimumCodeSize + 1
        var next = clear + 2
        var first = true
        var out: [UInt8] = []
        var buffer = 0
        var count = 0
        for code in codes {
            buffer |= code << count
            count += width
            while count >= 8 {
                out.append(UInt8(buffer & 255))
                buffer >>= 8
                count -= 8
            }
            if code == clear {
                width = minimumCodeSize + 1
                next = clear + 2
                first = true
                continue
            }
            if code == clear + 1 { break }
            if first { first = false; continue }
            if next < 4096 {
                if next == (1 << width) - 1, width < 12 { width += 1 }
                next += 1
            }
        }
        if count > 0 { out.append(UInt8(buffer & 255)) }
        return out
    }
}
