import ImageHeaders

/// Which decoder reads each type's pixels: one line a decoded format. A type without a
/// line (HEIC, HEIF, AVIF: HEVC and AV1 are out of reach without a package) is shown as
/// a placeholder, and `thumbnail` refuses it by name.
public enum PixelDecoders {
    /// Decodes a whole file; `scale` (1, 2, 4 or 8) is the DCT scale a JPEG may be decoded
    /// at, which the other formats ignore. The damage is set when the picture is not whole but
    /// was made anyway (JPEG, as libjpeg does); the other decoders throw instead.
    public typealias Decode = @Sendable ([UInt8], Int) throws(DecodeError) -> (raster: Raster, damage: DecodeError?)

    public static let all: [ImageType: Decode] = [
        .jpeg: { bytes, scale throws(DecodeError) in try JPEGDecoder.decodeReportingDamage(bytes, scale: scale) },
        .png: { bytes, _ throws(DecodeError) in (try PNGDecoder.decode(bytes), nil) },
        .gif: { bytes, _ throws(DecodeError) in (try GIFDecoder.decode(bytes), nil) },
        .webp: { bytes, _ throws(DecodeError) in (try WebPDecoder.decode(bytes), nil) },
        .bmp: { bytes, _ throws(DecodeError) in (try BMPDecoder.decode(bytes), nil) },
        .tiff: { bytes, _ throws(DecodeError) in (try TIFFDecoder.decode(bytes), nil) },
    ]

    /// Whether imgsel can show this type's pixels.
    public static func decodes(_ type: ImageType) -> Bool { all[type] != nil }

    /// Types whose DCT lets them be decoded smaller for less work.
    public static func scalesInDecoding(_ type: ImageType) -> Bool { type == .jpeg }
}
