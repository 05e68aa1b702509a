import ImageCore

/// The 256 colours a BMP index shows, as RGBA words in memory order (Pillow's reading: see BMPDecoder).
struct BMPPalette {
    var colours: [UInt32]

    init(header: BMPHeader) {
        colours = [UInt32](repeating: Self.word(0, 0, 0), count: 256)
        let table = header.palette
        let entries = table.count / 3
        if Self.isGreyscale(table, claimed: header.colourCount) {
            // Pillow drops such a table: two colours read as mode "1" (0 black, anything else white), more as "L".
            for i in 0..<256 {
                let grey = header.colourCount <= 2 ? (i == 0 ? 0 : 255) : UInt8(i)
                colours[i] = Self.word(grey, grey, grey)
            }
        } else {
            for i in 0..<entries { colours[i] = Self.word(table[i * 3 + 2], table[i * 3 + 1], table[i * 3]) }
        }
    }

    /// Pillow's test: entry i is i, i, i for every claimed entry (0 and 255 when there are two).
    static func isGreyscale(_ table: [UInt8], claimed: Int) -> Bool {
        guard claimed <= 256, table.count == claimed * 3 else { return false }
        for i in 0..<claimed {
            let value = UInt8(claimed == 2 ? i * 255 : i)
            if table[i * 3] != value || table[i * 3 + 1] != value || table[i * 3 + 2] != value { return false }
        }
        return true
    }

    @inline(__always)
    static func word(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }
}

/// One bit-field channel: where it sits in the pixel and how its values scale to 8 bits.
struct BMPField {
    let shift: UInt32
    let maximum: UInt32
    /// value → 8 bits, for fields of up to 12 bits (wider ones divide per pixel).
    let scaled: [UInt8]

    init(mask: UInt32, pixelBits: Int) throws(DecodeError) {
        guard mask != 0 else {
            shift = 0
            maximum = 0
            scaled = [0]
            return
        }
        if pixelBits < 32, mask >> UInt32(pixelBits) != 0 {
            throw .corrupt("BMP bit field mask \(mask) wider than a \(pixelBits)-bit pixel")
        }
        shift = UInt32(mask.trailingZeroBitCount)
        maximum = mask >> shift
        guard maximum & (maximum &+ 1) == 0 else { throw .corrupt("BMP bit field mask \(mask) is not contiguous") }
        if maximum < 4096 {
            let m = maximum
            scaled = (0...Int(m)).map { UInt8(UInt32($0) * 255 / m) }
        } else {
            scaled = []
        }
    }

    @inline(__always)
    func value(_ pixel: UInt32) -> UInt8 {
        guard maximum != 0 else { return 0 }
        let v = (pixel >> shift) & maximum
        if !scaled.isEmpty { return scaled[Int(v)] }
        return UInt8(UInt64(v) * 255 / UInt64(maximum))
    }
}
