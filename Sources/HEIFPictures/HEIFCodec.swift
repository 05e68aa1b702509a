import ImageCore

/// What a HEIF item's coding is to the item model: the item type it decodes ("hvc1", "av01"),
/// the configuration property it reads ("hvcC", "av1C"), the format that property promises
/// (read before any decoding, so a grid's planes are laid out and a format the codec cannot
/// decode is refused by name), and the decoding of one coded item to planes. Grids, clap,
/// irot/imir, alpha and thumbnails are the item model's, the same for every codec; PixelDecoders
/// registers the codecs imgsel has (HEVC, HEIFHEVCCodec.swift).
public struct HEIFCodec: Sendable {
    public let itemType: UInt32
    public let configurationType: UInt32
    /// For messages: "HEIF item 3 without an HEVC configuration (hvcC)".
    public let name: String
    /// The format the configuration property's payload promises; throws to refuse it.
    public let format: @Sendable (_ configuration: [UInt8]) throws(DecodeError) -> HEIFCodedFormat
    /// One coded item's bytes to planes; `layer` is the item's lsel (0 without one).
    public let decode:
        @Sendable (_ configuration: [UInt8], _ data: [UInt8], _ layer: Int) throws(DecodeError) -> HEVCPicture
    /// How its pictures' subsampled chroma reaches RGB: as the reference library of the format does.
    public let chromaUpsampling: HEIFChromaUpsampling

    public init(
        itemType: StaticString, configurationType: StaticString, name: String,
        chromaUpsampling: HEIFChromaUpsampling = .repeated,
        format: @escaping @Sendable (_ configuration: [UInt8]) throws(DecodeError) -> HEIFCodedFormat,
        decode:
            @escaping @Sendable (_ configuration: [UInt8], _ data: [UInt8], _ layer: Int) throws(DecodeError) ->
            HEVCPicture
    ) {
        self.itemType = heifCode(itemType)
        self.configurationType = heifCode(configurationType)
        self.name = name
        self.format = format
        self.decode = decode
        self.chromaUpsampling = chromaUpsampling
    }
}

/// The samples a coded item decodes to, as its configuration says: every tile of a grid must
/// agree with its first. (The planes themselves are YCbCrPlanes, whatever the codec.)
public struct HEIFCodedFormat: Equatable, Sendable {
    public var chroma: HEVCPicture.Chroma
    public var bitDepthLuma: Int, bitDepthChroma: Int

    public init(chroma: HEVCPicture.Chroma, bitDepthLuma: Int, bitDepthChroma: Int) {
        (self.chroma, self.bitDepthLuma, self.bitDepthChroma) = (chroma, bitDepthLuma, bitDepthChroma)
    }
}
