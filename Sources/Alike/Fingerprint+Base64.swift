extension Fingerprint {
    /// Standard base64 with padding back to bytes (ByteCoding only encodes: the page and the
    /// terminals never read it back); nil for anything else.
    static func base64Decoded(_ text: [UInt8]) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var i = 0
        while i < text.count {
            var group: UInt32 = 0
            var padding = 0
            for k in 0..<4 {
                let c = text[i + k]
                let value: UInt32
                switch c {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "=") where i + 4 == text.count && k >= 2:
                    padding += 1
                    value = 0
                default: return nil
                }
                if padding > 0 && c != UInt8(ascii: "=") { return nil }
                group = group << 6 | value
            }
            let bytes = [UInt8(group >> 16), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
            out += bytes[0..<(3 - padding)]
            i += 4
        }
        return out
    }
}
