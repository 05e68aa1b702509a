/// Where each syntax element's context variables sit in `HEVCCabac.contexts`, and their
/// initialisation for I slices (H.265 9.3.2.2, initType 0, Tables 9-5 to 9-37).
enum HEVCContext {
    static let saoMerge = 0
    static let saoType = 1
    static let splitCu = 2  // 3
    static let transquantBypass = 5
    static let partMode = 6
    static let prevIntraLuma = 7
    static let chromaPredMode = 8
    static let splitTransform = 9  // 3
    static let cbfLuma = 12  // 2
    static let cbfChroma = 14  // 4
    static let cuQpDelta = 18  // 2
    static let transformSkip = 20  // luma, chroma
    static let lastX = 22  // 18
    static let lastY = 40  // 18
    static let codedSubBlock = 58  // 4
    static let significant = 62  // 42
    static let greater1 = 104  // 24
    static let greater2 = 128  // 6
    static let count = 134

    /// initValue of each context, in the order above.
    static let initValues: [UInt8] =
        [153, 200, 139, 141, 157, 154, 184, 184, 63, 153, 138, 138, 111, 141, 94, 138, 182, 154, 154, 154, 139, 139]
        + lastPrefix + lastPrefix + [91, 171, 134, 141]
        + [
            111, 111, 125, 110, 110, 94, 124, 108, 124, 107, 125, 141, 179, 153, 125, 107, 125, 141, 179, 153,
            125, 107, 125, 141, 179, 153, 125, 140, 139, 182, 182, 152, 136, 152, 136, 153, 136, 139, 111, 136,
            139, 111,
        ]
        + [
            140, 92, 137, 138, 140, 152, 138, 139, 153, 74, 149, 92, 139, 107, 122, 152, 140, 179, 166, 182,
            140, 227, 122, 197,
        ]
        + [138, 153, 136, 167, 152, 152]
    private static let lastPrefix: [UInt8] = [
        110, 110, 124, 125, 140, 153, 125, 127, 140, 109, 111, 143, 127, 111, 79, 108, 123, 63,
    ]

    /// The context variables at the start of a slice or tile for slice QP `qp` (9.3.2.2).
    static func initial(qp: Int) -> [UInt8] {
        let q = min(max(qp, 0), 51)
        return initValues.map { value in
            let slope = Int(value >> 4) * 5 - 45
            let offset = (Int(value & 15) << 3) - 16
            let state = min(max(((slope * q) >> 4) + offset, 1), 126)
            return state <= 63 ? UInt8(63 - state) << 1 : UInt8(state - 64) << 1 | 1
        }
    }
}
