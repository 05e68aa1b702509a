import ImageCore

/// Decodes what an AV1 still is: av1C's configuration OBUs (a sequence header, usually repeated
/// in the item) and the item's OBUs. Production would pass `AV1Decoder.decode`; tests pass a fake.
public typealias AV1ItemDecoder =
    @Sendable (_ configurationOBUs: [UInt8], _ data: [UInt8]) throws(DecodeError) -> YCbCrPlanes

extension HEIFCodec {
    /// AV1 (av01 items, configured by av1C), decoded by `decode`. The item's lsel is not passed
    /// on: the AV1 decoder shows a layered stream's first frame.
    public static func av1(_ decode: @escaping AV1ItemDecoder) -> HEIFCodec {
        HEIFCodec(
            itemType: "av01", configurationType: "av1C", name: "AV1", chromaUpsampling: .bilinear,
            format: { (payload) throws(DecodeError) in try AV1Configuration(payload).format },
            decode: { (payload, data, _) throws(DecodeError) in
                let configuration = try AV1Configuration(payload)
                let picture = try decode(configuration.configurationOBUs, data)
                try configuration.check(picture)
                return picture
            })
    }
}

/// av1C (AV1 ISOBMFF binding 2.3): the stream's profile and sampling as the sequence header has
/// them, and any configuration OBUs. Every sampling AV1 has (monochrome, 4:2:0, 4:2:2, 4:4:4)
/// at 8, 10 and 12 bits; 4:4:0 (subsampled down but not across) is no AV1 sampling.
struct AV1Configuration: Equatable {
    var profile: Int
    var bitDepth: Int
    var monochrome: Bool
    var subsamplingX: Int, subsamplingY: Int
    var configurationOBUs: [UInt8]

    init(_ payload: [UInt8]) throws(DecodeError) {
        var c = HEIFCursor(payload, from: 0, to: payload.count, section: "av1C")
        let marker = try c.u8()
        guard marker == 0x81 else { throw .corrupt("AV1 configuration (av1C) of marker and version \(marker)") }
        profile = Int(try c.u8() >> 5)
        let flags = try c.u8()
        let highBitDepth = flags & 0x40 != 0
        let twelveBit = flags & 0x20 != 0
        bitDepth = highBitDepth ? (twelveBit ? 12 : 10) : 8
        monochrome = flags & 0x10 != 0
        subsamplingX = Int(flags >> 3 & 1)
        subsamplingY = Int(flags >> 2 & 1)
        try c.skip(1)  // initial presentation delay
        configurationOBUs = try c.take(payload.count - 4)
        _ = try format
    }

    /// The samples the stream promises, or the sampling refused by name.
    var format: HEIFCodedFormat {
        get throws(DecodeError) {
            let chroma: YCbCrPlanes.Chroma
            switch (monochrome, subsamplingX, subsamplingY) {
            case (true, _, _): chroma = .monochrome
            case (false, 1, 1): chroma = .yuv420
            case (false, 1, 0): chroma = .yuv422
            case (false, 0, 0): chroma = .yuv444
            default: throw .corrupt("AV1 configuration (av1C) of 4:4:0 sampling")
            }
            return HEIFCodedFormat(chroma: chroma, bitDepthLuma: bitDepth, bitDepthChroma: bitDepth)
        }
    }

    /// The planes the stream decoded to must be the ones av1C promised: a grid's planes, and
    /// the conversion, are laid out from av1C before any tile is decoded.
    func check(_ picture: YCbCrPlanes) throws(DecodeError) {
        let promised = try format
        guard picture.chroma == promised.chroma, picture.bitDepthLuma == promised.bitDepthLuma,
            picture.bitDepthChroma == promised.bitDepthChroma
        else {
            throw .corrupt("AV1 item whose sequence header's sampling or bit depth is not its configuration's (av1C)")
        }
    }
}
