@testable import ImageDecoding

/// Builds BMP files byte by byte: file header, an info header of the chosen size, masks, a colour table and
/// the pixel bytes as given (rows already padded by the caller where that matters).
struct BMPTestBuilder {
    var width: Int
    var height: Int
    var bits: Int
    var headerSize = 40
    var compression = 0
    var topDown = false
    var masks: [Int]?
    var palette: [[UInt8]] = []

    init(width: Int, height: Int, bits: Int) {
        self.width = width
        self.height = height
        self.bits = bits
    }

    func file(_ pixels: [UInt8]) -> [UInt8] {
        typealias F = LegacyFormatFixtures
        var info: [UInt8]
        if headerSize == 12 {
            info = F.u32le(12) + F.u16le(width) + F.u16le(height) + F.u16le(1) + F.u16le(bits)
        } else {
            let storedHeight = topDown ? (1 << 32) - height : height
            info = F.u32le(headerSize) + F.u32le(width) + F.u32le(storedHeight) + F.u16le(1) + F.u16le(bits)
            info += F.u32le(compression) + F.u32le(pixels.count) + F.u32le(2835) + F.u32le(2835)
            info += F.u32le(palette.count) + F.u32le(0)
            if headerSize > 40 {
                let m = (masks ?? []) + [0, 0, 0, 0]
                info += m[0..<4].flatMap { F.u32le($0) }
                info += [UInt8](repeating: 0, count: headerSize - 56)
            } else if let masks {
                info += masks.flatMap { F.u32le($0) }
            }
        }
        var table: [UInt8] = []
        for colour in palette {
            table += [colour[2], colour[1], colour[0]]
            if headerSize != 12 { table.append(0) }
        }
        let offset = 14 + info.count + table.count
        var out: [UInt8] = [0x42, 0x4D]
        out += F.u32le(offset + pixels.count)
        out += F.u32le(0)
        out += F.u32le(offset)
        return out + info + table + pixels
    }
}
