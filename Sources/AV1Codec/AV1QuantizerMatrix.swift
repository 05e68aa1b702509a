/// Quantizer matrices (AV1 7.12.3, 9.5): the weights each coefficient's step is scaled by when a
/// frame uses them, by level (0...14), plane type and transform size.
enum AV1QuantizerMatrix {
    /// Qm_Offset: where each transform size's weights start (64-sample sides share 32's).
    static let offsets = [
        0, 16, 80, 336, 336, 1360, 1392, 1424, 1552, 1680, 2192, 336, 336, 2704, 2768, 2832, 3088, 1680, 2192,
    ]

    /// Every level's weights, decoded once from the generated base64: (level · 2 + chroma) · 3344.
    static let weights: [UInt8] = {
        var out = [UInt8]()
        out.reserveCapacity(15 * 2 * 3344)
        for text in levels0To2 + levels3To5 + levels6To8 + levels9To11 + levels12To14 {
            var bits = 0
            var count = 0
            for c in text.utf8 {
                let value: Int
                switch c {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(c - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(c - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(c - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                default: continue  // line breaks and padding
                }
                bits = (bits << 6 | value) & 0xFFFFFF
                count += 6
                if count >= 8 {
                    count -= 8
                    out.append(UInt8(truncatingIfNeeded: bits >> count))
                }
            }
        }
        return out
    }()

    /// Where the weights of level `level`, plane type `chroma` and size `tx` start in `weights`
    /// (then row-major, min(32, width) a row).
    static func start(_ level: Int, _ chroma: Bool, _ tx: Int) -> Int {
        (level * 2 + (chroma ? 1 : 0)) * 3344 + offsets[tx]
    }
}
