import ImageDecoding
import ImageHeaders

/// A file's pixels as they are shown: decoded, shrunk by the area filter to fit a square box
/// (never enlarged) and turned upright by the orientation its header records. One way for
/// `thumbnail`, `sheet` and the terminal views, so they all show the same picture.
public enum Thumbnailer {
    /// A picture as far as its file gave it.
    public struct Shown: Sendable {
        public var raster: Raster
        /// Set when the file ends (or breaks) before every pixel it describes was decoded: the
        /// raster holds what came before, the rest filled in (a truncated JPEG's grey rows).
        public var damage: DecodeError?

        public init(raster: Raster, damage: DecodeError?) {
            self.raster = raster
            self.damage = damage
        }
    }

    /// The picture where pixels are written (`thumbnail`, `sheet`, `export`): a file missing any
    /// pixel it describes is refused with what is wrong, never shipped half grey (SPEC, "Pictures").
    /// `facts` are the header's (the probe's); `crop` the entry's, in upright pixels (nil: the
    /// whole picture); `box` the side of the square to fit within.
    public static func picture(
        _ bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil, within box: Int
    ) throws(DecodeError) -> Raster {
        let shown = try shown(bytes, facts: facts, crop: crop, within: box)
        if let damage = shown.damage { throw damage }
        return shown.raster
    }

    /// The picture as far as it decoded, and its damage: for terminal views, which may show it.
    /// A JPEG is decoded at the smallest DCT scale that still covers the result, so a
    /// 100-megapixel photo's thumbnail stays small and quick. Its colours are sRGB's, converted
    /// from what the file describes once it is shrunk (on few pixels, as libvips does).
    public static func shown(
        _ bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil, within box: Int
    ) throws(DecodeError) -> Shown {
        guard let decoder = PixelDecoders[facts.type] else {
            throw .unsupported("\(facts.type.displayName) (no decoder is registered for it)")
        }
        let colour = PictureColour.of(bytes, type: facts.type)
        var shown = try inOwnColours(bytes, facts: facts, crop: crop, within: box, decoder: decoder, cmyk: colour.cmyk)
        shown.raster = colour.sRGB(shown.raster)
        return shown
    }

    /// `shown` before its colours are made sRGB's (a CMYK picture's ink is, as it decodes).
    private static func inOwnColours(
        _ bytes: [UInt8], facts: ImageFacts, crop: Crop?, within box: Int, decoder: PixelDecoder, cmyk: CMYKToRGB?
    ) throws(DecodeError) -> Shown {
        if let crop { return try cropped(bytes, facts: facts, crop: crop, within: box, decoder: decoder, cmyk: cmyk) }
        if let streamed = try streamed(bytes, facts: facts, within: box, decoder: decoder) { return streamed }
        let turns = facts.swapsSides
        let upright = facts.uprightSize
        let target = ThumbnailSize.fitting(width: upright.width, height: upright.height, within: max(1, box))
        let storedTarget = turns ? (width: target.height, height: target.width) : target
        var scale = 1
        if decoder.scalesInDecoding {
            scale = ThumbnailSize.jpegScale(width: facts.width, height: facts.height, covering: storedTarget)
        }
        // A HEIF may answer with its own thumbnail item when that covers the size wanted.
        let decoded: (raster: Raster, damage: DecodeError?)
        if let covering = decoder.decodeCovering {
            decoded = (try covering(bytes, storedTarget), nil)
        } else {
            decoded = try decoder.decode(bytes, scale: scale, cmyk: cmyk)
        }
        let stored = decoded.raster
        let smallerPicture =
            decoder.decodeCovering != nil && (stored.width < facts.width || stored.height < facts.height)
        // Shrunk as stored, then turned, as Pillow's `thumbnail` then `exif_transpose` (and the turn moves
        // fewer pixels). The decoder's own size is the truth (a GIF's screen, a damaged header): fit that,
        // unless it is a smaller picture the file holds (a HEIF thumbnail), which is fitted to the header's.
        let wanted =
            scale == 1 && !smallerPicture
            ? ThumbnailSize.fitting(width: stored.width, height: stored.height, within: max(1, box))
            : storedTarget
        var shrunk = stored
        if wanted.width < stored.width || wanted.height < stored.height {
            let area = ThumbnailSize.scaledArea(
                width: facts.width, height: facts.height, scale: scale, decoded: (stored.width, stored.height))
            shrunk = stored.shrunk(
                toWidth: min(wanted.width, stored.width), height: min(wanted.height, stored.height), area: area)
        }
        return Shown(raster: shrunk.oriented(facts.orientation), damage: decoded.damage)
    }

    /// The picture shrunk while it decodes (`ShrinkRows`), when its decoder hands on rows and nothing
    /// else decides the size: the same fitting of the decoder's own size as below, so the same bytes,
    /// without the full-size raster. Nil for the other types (a JPEG's DCT scale, a HEIF's thumbnail).
    private static func streamed(
        _ bytes: [UInt8], facts: ImageFacts, within box: Int, decoder: PixelDecoder
    ) throws(DecodeError) -> Shown? {
        guard let decodeRows = decoder.decodeRows, !decoder.scalesInDecoding, decoder.decodeCovering == nil
        else { return nil }
        let sink = ShrinkRows { ThumbnailSize.fitting(width: $0, height: $1, within: max(1, box)) }
        let raster = try sink.picture(of: bytes, decodedBy: decodeRows)
        return Shown(raster: raster.oriented(facts.orientation), damage: nil)
    }

    /// The crop of the upright picture, fitted to the box: decoded at the DCT scale that still
    /// covers the crop's fitted size, turned upright whole (the crop is in upright pixels), then
    /// the crop's area shrunk; at full scale the crop is cut out exactly first (`cropped(to:)`).
    private static func cropped(
        _ bytes: [UInt8], facts: ImageFacts, crop: Crop, within box: Int, decoder: PixelDecoder, cmyk: CMYKToRGB?
    ) throws(DecodeError) -> Shown {
        let full = facts.uprightSize
        let target = ThumbnailSize.fitting(width: max(1, crop.width), height: max(1, crop.height), within: max(1, box))
        var scale = 1
        if decoder.scalesInDecoding {
            let stored = facts.swapsSides ? (crop.height, crop.width) : (crop.width, crop.height)
            let storedTarget = facts.swapsSides ? (width: target.height, height: target.width) : target
            scale = ThumbnailSize.jpegScale(width: stored.0, height: stored.1, covering: storedTarget)
        }
        let decoded = try decoder.decode(bytes, scale: scale, cmyk: cmyk)
        let upright = decoded.raster.oriented(facts.orientation)
        guard full.width > 0, full.height > 0, upright.width > 0, upright.height > 0 else {
            return Shown(raster: upright, damage: decoded.damage)
        }
        // Upright pixels of the file per pixel decoded: the DCT scale, or (a GIF's screen, a
        // damaged header) the decoder's own size against the header's.
        let matchesScale =
            scale > 1
            && ThumbnailSize.scaledArea(
                width: facts.width, height: facts.height, scale: scale,
                decoded: (decoded.raster.width, decoded.raster.height)) != nil
        let fx = matchesScale ? 1 / Double(scale) : Double(upright.width) / Double(full.width)
        let fy = matchesScale ? 1 / Double(scale) : Double(upright.height) / Double(full.height)
        if fx == 1, fy == 1 {
            let cut = upright.cropped(to: crop)
            guard target.width < cut.width || target.height < cut.height else {
                return Shown(raster: cut, damage: decoded.damage)
            }
            return Shown(raster: cut.shrunk(toWidth: target.width, height: target.height), damage: decoded.damage)
        }
        let area = ShrinkArea(
            x: Float(Double(crop.x) * fx), y: Float(Double(crop.y) * fy),
            width: Float(Double(crop.width) * fx), height: Float(Double(crop.height) * fy))
        // Never enlarged: a decode smaller than the header (damage) gives fewer pixels, not made-up ones.
        let width = min(target.width, max(1, Int(area.width))), height = min(target.height, max(1, Int(area.height)))
        return Shown(raster: upright.shrunk(toWidth: width, height: height, area: area), damage: decoded.damage)
    }
}
