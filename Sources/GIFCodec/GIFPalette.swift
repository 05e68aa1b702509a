/// The 256 colours an index can show, as RGBA words in memory order, built as Pillow builds them: the
/// table's entries, black past its end, every index its own grey when there is no table or the table is
/// the grey ramp Pillow takes for "no palette", and alpha 0 at the transparent index.
struct GIFPalette {
    var colours: [UInt32]

    init(table: [UInt8]?, transparent: Int?) {
        colours = [UInt32](repeating: Self.word(0, 0, 0, 255), count: 256)
        if let table, !Self.isGreyRamp(table) {
            for i in 0..<Swift.min(256, table.count / 3) {
                colours[i] = Self.word(table[i * 3], table[i * 3 + 1], table[i * 3 + 2], 255)
            }
        } else {
            for i in 0..<256 { colours[i] = Self.word(UInt8(i), UInt8(i), UInt8(i), 255) }
        }
        if let transparent, transparent < 256 { colours[transparent] &= Self.word(255, 255, 255, 0) }
    }

    /// Pillow's `_is_palette_needed`, negated: entry i is i, i, i throughout.
    static func isGreyRamp(_ table: [UInt8]) -> Bool {
        for i in 0..<table.count / 3
        where table[i * 3] != UInt8(truncatingIfNeeded: i)
            || table[i * 3 + 1] != UInt8(truncatingIfNeeded: i) || table[i * 3 + 2] != UInt8(truncatingIfNeeded: i)
        {
            return false
        }
        return true
    }

    @inline(__always)
    static func word(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        // Little-endian: the bytes land in memory as R, G, B, A.
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// Every pixel of `pixels` set to the colour of `index`.
    func fill(_ pixels: inout [UInt8], with index: Int) {
        let colour = colours[index & 255]
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for i in words.indices { words[i] = colour }
        }
    }
}
