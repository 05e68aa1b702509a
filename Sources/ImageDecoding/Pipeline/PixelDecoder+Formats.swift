import AV1Codec
import BMPCodec
import GIFCodec
import HEIFPictures
import HEVCCodec
import JPEGCodec
import PNGCodec
import TIFFCodec
import WebPCodec

/// Each decoded format's value in the registry (`PixelDecoders`): its codec target's entry points.
extension PixelDecoder {
    static let jpeg = PixelDecoder(
        decode: { bytes, scale throws(DecodeError) in try JPEGDecoder.decodeReportingDamage(bytes, scale: scale) },
        scalesInDecoding: true,
        cmyk: { bytes, scale, cmyk throws(DecodeError) in
            try JPEGDecoder.decodeReportingDamage(bytes, scale: scale, cmyk: cmyk)
        })

    static let png = PixelDecoder(
        decode: { bytes, _ throws(DecodeError) in (try PNGDecoder.decode(bytes), nil) },
        rows: { bytes, sink throws(DecodeError) in try PNGDecoder.decode(bytes, into: sink) },
        frames: APNGAnimation.frames)

    static let gif = PixelDecoder(
        decode: { bytes, _ throws(DecodeError) in (try GIFDecoder.decode(bytes), nil) }, frames: GIFAnimation.frames)

    static let webp = PixelDecoder(
        decode: { bytes, _ throws(DecodeError) in (try WebPDecoder.decode(bytes), nil) },
        rows: { bytes, sink throws(DecodeError) in try WebPDecoder.decode(bytes, into: sink) },
        frames: WebPAnimation.frames)

    static let bmp = PixelDecoder(
        decode: { bytes, _ throws(DecodeError) in (try BMPDecoder.decode(bytes), nil) },
        rows: { bytes, sink throws(DecodeError) in try BMPDecoder.decode(bytes, into: sink) })

    static let tiff = PixelDecoder(
        decode: { bytes, _ throws(DecodeError) in (try TIFFDecoder.decode(bytes), nil) },
        rows: { bytes, sink throws(DecodeError) in try TIFFDecoder.decode(bytes, into: sink) })

    /// HEIC, AVIF, and HEIF under a generic brand (mif1), whose items may be HEVC- or AV1-coded; an
    /// item of another codec is refused by name.
    static let heif = PixelDecoder(
        decode: { bytes, _ throws(DecodeError) in (try HEIFDecoder.decode(bytes, codecs: heifCodecs), nil) },
        covering: { bytes, covering throws(DecodeError) in
            try HEIFDecoder.decode(bytes, covering: covering, codecs: heifCodecs)
        })

    /// The codecs HEIF items are drawn with, whatever the brand says: HEVC and AV1.
    static let heifCodecs: [HEIFCodec] = [
        .hevc { sets, data, lengthSize, layer throws(DecodeError) in
            try HEVCDecoder.decode(parameterSets: sets, data: data, lengthSize: lengthSize, layerID: layer)
        },
        .av1 { configuration, data throws(DecodeError) in
            try AV1Decoder.decode(configuration: configuration, data: data)
        },
    ]
}
