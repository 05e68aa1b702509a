import ImageCore

/// A HEIF file's coded planes, before any colour conversion, crop or turn: what the decoder
/// comparison tools (av1-yuv) check against a reference decoder's planes.
public enum HEIFCodedItems {
    /// The primary item's planes (a grid's tiles put together), decoded by `codecs`.
    public static func primaryPlanes(_ bytes: [UInt8], codecs: [HEIFCodec]) throws(DecodeError) -> YCbCrPlanes {
        let container = try HEIFContainer(bytes)
        return try HEIFItemPictures(container: container, codecs: codecs).picture(of: container.primary)
    }

    /// The planes of the primary item's alpha (an auxiliary item, monochrome as a rule), or nil
    /// when it has none: the item HEIFDecoder takes its alpha from.
    public static func alphaPlanes(_ bytes: [UInt8], codecs: [HEIFCodec]) throws(DecodeError) -> YCbCrPlanes? {
        let container = try HEIFContainer(bytes)
        guard let alpha = try HEIFDecoder.alphaItem(of: container.primary, container) else { return nil }
        return try HEIFItemPictures(container: container, codecs: codecs).picture(of: alpha)
    }

    /// The primary item's configuration payload (av1C, hvcC...) and coded bytes, when it is a
    /// coded item of `codec`'s type (not a grid).
    public static func primaryItem(
        _ bytes: [UInt8], codec: HEIFCodec
    ) throws(DecodeError) -> (configuration: [UInt8], data: [UInt8]) {
        let container = try HEIFContainer(bytes)
        let item = container.primary
        guard container.type(of: item) == codec.itemType else {
            throw .unsupported("HEIF primary item that is not one \(codec.name) item")
        }
        guard let configuration = container.property(codec.configurationType, of: item) else {
            throw .corrupt("HEIF item \(item) without an \(codec.name) configuration")
        }
        return (configuration, try container.data(of: item))
    }
}
