import ImageHeaders

/// Which decoder reads each type's pixels: one line a decoded format. A type without a
/// line (AVIF: AV1 is out of reach) is shown as a placeholder, and `thumbnail` refuses it by name.
public enum PixelDecoders {
    /// Decodes a whole file; `scale` (1, 2, 4 or 8) is the DCT scale a JPEG may be decoded
    /// at, which the other formats ignore. The damage is set when the picture is not whole but
    /// was made anyway (JPEG, as libjpeg does); the other decoders throw instead.
    public typealias Decode = @Sendable ([UInt8], Int) throws(DecodeError) -> (raster: Raster, damage: DecodeError?)

    /// Decodes a file that will be shrunk to cover `covering` (its stored size): a format that
    /// holds a smaller picture of itself (HEIF's thumbnail item) may answer with that, when it
    /// covers the size.
    public typealias DecodeCovering =
        @Sendable ([UInt8], _ covering: (width: Int, height: Int)) throws(DecodeError) -> Raster

    /// The codecs HEIC and HEIF items are drawn with (HEVC; AV1 joins here). Empty, HEIC and HEIF
    /// are placeholders again, refused by name (as before the decoder decoded): the one switch.
    static let heifCodecs: [HEIFCodec] = [
        .hevc { sets, data, lengthSize, layer throws(DecodeError) in
            try HEVCDecoder.decode(parameterSets: sets, data: data, lengthSize: lengthSize, layerID: layer)
        }
    ]

    public static let all: [ImageType: Decode] = {
        var all: [ImageType: Decode] = [
            .jpeg: { bytes, scale throws(DecodeError) in try JPEGDecoder.decodeReportingDamage(bytes, scale: scale) },
            .png: { bytes, _ throws(DecodeError) in (try PNGDecoder.decode(bytes), nil) },
            .gif: { bytes, _ throws(DecodeError) in (try GIFDecoder.decode(bytes), nil) },
            .webp: { bytes, _ throws(DecodeError) in (try WebPDecoder.decode(bytes), nil) },
            .bmp: { bytes, _ throws(DecodeError) in (try BMPDecoder.decode(bytes), nil) },
            .tiff: { bytes, _ throws(DecodeError) in (try TIFFDecoder.decode(bytes), nil) },
        ]
        if !heifCodecs.isEmpty {
            let heif: Decode = { bytes, _ throws(DecodeError) in
                (try HEIFDecoder.decode(bytes, codecs: heifCodecs), nil)
            }
            // HEIF under a generic brand (mif1) may be HEVC-coded too; another codec is refused by name.
            (all[.heic], all[.heif]) = (heif, heif)
        }
        return all
    }()

    /// The decoders that take the size wanted (see `DecodeCovering`): HEIC and HEIF, once a codec is set.
    public static let covering: [ImageType: DecodeCovering] = {
        guard !heifCodecs.isEmpty else { return [:] }
        let heif: DecodeCovering = { bytes, covering throws(DecodeError) in
            try HEIFDecoder.decode(bytes, covering: covering, codecs: heifCodecs)
        }
        return [.heic: heif, .heif: heif]
    }()

    /// Decodes a whole file top to bottom into a sink (`RowSink`), never holding the full-size
    /// picture itself. A type is here once its decoder streams; the rest decode whole (`all`).
    /// Whatever a row decode hands the sink is what `all` decodes, pixel for pixel.
    public typealias DecodeRows = @Sendable ([UInt8], RowSink) throws(DecodeError) -> Void

    /// The decoders that stream their rows (see `DecodeRows`).
    public static let rows: [ImageType: DecodeRows] = [
        .png: { bytes, sink throws(DecodeError) in try PNGDecoder.decode(bytes, into: sink) },
        .bmp: { bytes, sink throws(DecodeError) in try BMPDecoder.decode(bytes, into: sink) },
        .tiff: { bytes, sink throws(DecodeError) in try TIFFDecoder.decode(bytes, into: sink) },
        .webp: { bytes, sink throws(DecodeError) in try WebPDecoder.decode(bytes, into: sink) },
    ]

    /// Whether imgsel can show this type's pixels.
    public static func decodes(_ type: ImageType) -> Bool { all[type] != nil }

    /// Types whose DCT lets them be decoded smaller for less work.
    public static func scalesInDecoding(_ type: ImageType) -> Bool { type == .jpeg }
}
