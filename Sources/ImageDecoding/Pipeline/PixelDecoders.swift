import ImageHeaders

/// Which decoder reads each type's pixels: one line a format. Every type imgsel reads the header
/// of, it decodes too (AVIF the last to join, through the AV1 decoder); a test keeps it so.
public enum PixelDecoders {
    /// The decoded formats, looked up by `PixelDecoders[type]`.
    static let registry: [ImageType: PixelDecoder] = [
        .jpeg: .jpeg, .png: .png, .gif: .gif, .webp: .webp, .bmp: .bmp, .tiff: .tiff, .heic: .heif, .heif: .heif,
        .avif: .heif,
    ]

    /// The decoder of `type`'s pixels; nil only for a type registered in ImageHeaders without a
    /// line here, which `PixelDecodersTests` refuses.
    public static subscript(_ type: ImageType) -> PixelDecoder? { registry[type] }
}

/// One format's decoding, as the thumbnailer, export and the views ask for it: the whole picture, the
/// picture that covers a size (a format holding a smaller picture of itself), its rows as they decode,
/// and whether its decoding scales.
public struct PixelDecoder: Sendable {
    /// Decodes a whole file; `scale` (1, 2, 4 or 8) is the DCT scale a JPEG may be decoded
    /// at, which the other formats ignore. The damage is set when the picture is not whole but
    /// was made anyway (JPEG, as libjpeg does); the other decoders throw instead.
    public typealias Decode = @Sendable ([UInt8], Int) throws(DecodeError) -> Decoded
    /// A decoded picture, and what of it is missing.
    public typealias Decoded = (raster: Raster, damage: DecodeError?)

    /// Decodes a file that will be shrunk to cover `covering` (its stored size): a format that
    /// holds a smaller picture of itself (HEIF's thumbnail item) may answer with that, when it
    /// covers the size.
    public typealias DecodeCovering =
        @Sendable ([UInt8], _ covering: (width: Int, height: Int)) throws(DecodeError) -> Raster

    /// Decodes a whole file top to bottom into a sink (`RowSink`), never holding the full-size
    /// picture itself. Whatever a row decode hands the sink is what `decode` decodes, pixel for pixel.
    public typealias DecodeRows = @Sendable ([UInt8], RowSink) throws(DecodeError) -> Void

    /// `Decode` with a CMYK picture's ink turned into RGB through its profile's conversion.
    public typealias DecodeCMYK = @Sendable ([UInt8], Int, CMYKToRGB) throws(DecodeError) -> Decoded

    public let decode: Decode
    /// Set for a format that may answer with a smaller picture of itself (see `DecodeCovering`).
    public let decodeCovering: DecodeCovering?
    /// Set once the format's decoder streams its rows (see `DecodeRows`); the rest decode whole.
    public let decodeRows: DecodeRows?
    /// Whether its DCT lets it be decoded smaller for less work (`decode`'s scale).
    public let scalesInDecoding: Bool
    /// Set for a format that holds CMYK pictures (JPEG): `decode` through the profile's conversion.
    public let decodeCMYK: DecodeCMYK?
    /// Set for a format that holds animations (GIF, APNG, animated WebP): every frame, composited.
    public let frames: AnimationFrames?

    init(
        decode: @escaping Decode, covering: DecodeCovering? = nil, rows: DecodeRows? = nil,
        scalesInDecoding: Bool = false, cmyk: DecodeCMYK? = nil, frames: AnimationFrames? = nil
    ) {
        (self.decode, decodeCovering, decodeRows, self.scalesInDecoding) = (decode, covering, rows, scalesInDecoding)
        decodeCMYK = cmyk
        self.frames = frames
    }

    /// `decode`, through `cmyk` where the format takes it.
    public func decode(_ bytes: [UInt8], scale: Int, cmyk: CMYKToRGB?) throws(DecodeError) -> Decoded {
        if let cmyk, let decodeCMYK { return try decodeCMYK(bytes, scale, cmyk) }
        return try decode(bytes, scale)
    }
}
