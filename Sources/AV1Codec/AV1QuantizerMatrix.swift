import ByteCoding

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
            // Generated text, its lines broken for the source: the same bytes every run.
            var characters = Array(text.utf8)
            characters.removeAll { $0 == UInt8(ascii: "\n") }
            guard let level = Base64.decode(characters) else { preconditionFailure("the generated tables are base64") }
            out += level
        }
        return out
    }()

    /// Where the weights of level `level`, plane type `chroma` and size `tx` start in `weights`
    /// (then row-major, min(32, width) a row).
    static func start(_ level: Int, _ chroma: Bool, _ tx: Int) -> Int {
        (level * 2 + (chroma ? 1 : 0)) * 3344 + offsets[tx]
    }
}
