import ImageCore

extension HEIFCodec {
    /// HEVC (hvc1 items, configured by hvcC), decoded by `tiles`.
    public static func hevc(_ tiles: @escaping HEVCTileDecoder) -> HEIFCodec {
        HEIFCodec(
            itemType: "hvc1", configurationType: "hvcC", name: "HEVC",
            format: { (payload) throws(DecodeError) in
                let config = try HEVCConfiguration(payload)
                return HEIFCodedFormat(
                    chroma: config.chromaFormat == 0 ? .monochrome : .yuv420, bitDepthLuma: config.bitDepthLuma,
                    bitDepthChroma: config.bitDepthChroma)
            },
            decode: { (payload, data, layer) throws(DecodeError) in
                let config = try HEVCConfiguration(payload)
                return try tiles(config.parameterSets, data, config.lengthSize, layer)
            })
    }
}

/// hvcC: what the HEVC decoder needs besides the item's bytes: the parameter sets (VPS, SPS,
/// PPS, and any SEI the arrays carry), the size of the NAL unit length fields, and the chroma
/// format. 4:2:2 and 4:4:4 are refused by name as the configuration is read, before any decoding.
struct HEVCConfiguration: Equatable {
    var chromaFormat: Int
    var bitDepthLuma: Int
    var bitDepthChroma: Int
    var lengthSize: Int
    var parameterSets: [[UInt8]]

    static let maxNALUnits = 1000

    init(_ payload: [UInt8]) throws(DecodeError) {
        var c = HEIFCursor(payload, from: 0, to: payload.count, section: "hvcC")
        try c.skip(16)  // version, profile, tier, level, compatibility flags, segmentation, parallelism
        chromaFormat = Int(try c.u8() & 3)
        bitDepthLuma = Int(try c.u8() & 7) + 8
        bitDepthChroma = Int(try c.u8() & 7) + 8
        try c.skip(2)  // average frame rate
        lengthSize = Int(try c.u8() & 3) + 1
        guard lengthSize != 3 else { throw .corrupt("HEVC configuration with 3-byte NAL lengths") }
        let arrays = Int(try c.u8())
        parameterSets = []
        for _ in 0..<arrays {
            try c.skip(1)  // completeness and the NAL unit type, which the unit's own header repeats
            let count = try c.u16()
            for _ in 0..<count {
                guard parameterSets.count < Self.maxNALUnits else {
                    throw .corrupt("HEVC configuration with over \(Self.maxNALUnits) NAL units")
                }
                parameterSets.append(try c.take(try c.u16()))
            }
        }
        if let refused = refusedChroma { throw .unsupported(refused) }
    }

    /// The name of a chroma format the decoder refuses, or nil for 4:2:0 and monochrome.
    var refusedChroma: String? {
        switch chromaFormat {
        case 2: return "HEVC 4:2:2 (range extensions)"
        case 3: return "HEVC 4:4:4 (range extensions)"
        default: return nil
        }
    }
}
