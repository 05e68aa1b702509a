extension Base64 {
    /// Standard base64 with padding (RFC 4648) back to bytes: the selection file's fingerprints and
    /// the AV1 decoder's generated tables. Nil for anything else: a length that is not a multiple of
    /// four, a character outside the alphabet (a line break too: the caller takes those out), or `=`
    /// anywhere but the last one or two places.
    public static func decode(_ text: [UInt8]) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        let equals = UInt8(ascii: "=")
        let padding = text.last != equals ? 0 : text[text.count - 2] == equals ? 2 : 1
        let count = text.count / 4 * 3 - padding
        var invalid: UInt8 = 0
        let out = text.withUnsafeBufferPointer { chars in
            sextets.withUnsafeBufferPointer { sextets in
                [UInt8](unsafeUninitializedCapacity: count) { out, written in
                    var i = 0
                    while i < chars.count {
                        let a = sextets[Int(chars[i])], b = sextets[Int(chars[i + 1])]
                        var c = sextets[Int(chars[i + 2])], d = sextets[Int(chars[i + 3])]
                        // The padding stands for zero bits; an `=` anywhere else stays invalid.
                        if i + 4 == chars.count {
                            if padding == 2 { c = 0 }
                            if padding >= 1 { d = 0 }
                        }
                        invalid |= a | b | c | d
                        let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                        out[written] = UInt8(truncatingIfNeeded: group >> 16)
                        if written + 1 < count { out[written + 1] = UInt8(truncatingIfNeeded: group >> 8) }
                        if written + 2 < count { out[written + 2] = UInt8(truncatingIfNeeded: group) }
                        written = min(count, written + 3)
                        i += 4
                    }
                }
            }
        }
        // Every character's value is 0...63; 0xFF marks one outside the alphabet.
        return invalid & 0xC0 == 0 ? out : nil
    }

    /// Each byte's value as a base64 character, 0xFF for a byte that is none.
    static let sextets: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()
}
