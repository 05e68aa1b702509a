import ImageDecoding
import ImageHeaders

/// An exported entry's pixels before encoding: decoded, turned upright, its region taken and shrunk by
/// the area filter to the planned size (never enlarged).
public enum ExportPicture {
    /// A part of the upright picture, in upright pixels.
    public struct Region: Equatable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// The picture of `region` (nil: all of it) of the file `bytes`, whose header says `facts`, at
    /// `width`×`height`. A JPEG is decoded at the smallest DCT scale that still covers that size, so
    /// one photo's decode stays within its budget. Throws the damage of a file that did not decode whole:
    /// a CI job must never ship a picture that is half grey. `cmyk` turns a CMYK picture's ink into RGB
    /// through its profile; other colours are left as the file has them.
    public static func make(
        _ bytes: [UInt8], facts: ImageFacts, region: Region?, width: Int, height: Int, cmyk: CMYKToRGB? = nil
    ) throws(DecodeError) -> Raster {
        guard let decoder = PixelDecoders[facts.type] else {
            throw .unsupported("\(facts.type.displayName) (no decoder is registered for it)")
        }
        let upright = facts.uprightSize
        let part = region ?? Region(x: 0, y: 0, width: upright.width, height: upright.height)
        var scale = 1
        if decoder.scalesInDecoding {
            for s in [8, 4, 2] where part.width >= width * s && part.height >= height * s {
                scale = s
                break
            }
        }
        if region == nil, scale == 1, let decodeRows = decoder.decodeRows {
            // Shrunk as it decodes (`ShrinkRows`): the same shrink as below, without the full-size raster.
            let (tw, th) = facts.swapsSides ? (height, width) : (width, height)
            let raster = try ShrinkRows(toWidth: tw, height: th).picture(of: bytes, decodedBy: decodeRows)
            return raster.oriented(facts.orientation)
        }
        let decoded = try decoder.decode(bytes, scale: scale, cmyk: cmyk)
        if let damage = decoded.damage { throw damage }
        let stored = decoded.raster
        guard region != nil else {
            // The whole picture: shrunk as stored, then turned (the turn moves fewer pixels), as Thumbnailer.
            let (tw, th) = facts.swapsSides ? (height, width) : (width, height)
            var shrunk = stored
            if tw < stored.width || th < stored.height || scale > 1 {
                let area = ThumbnailSize.scaledArea(
                    width: facts.width, height: facts.height, scale: scale, decoded: (stored.width, stored.height))
                shrunk = stored.shrunk(toWidth: min(tw, stored.width), height: min(th, stored.height), area: area)
            }
            return shrunk.oriented(facts.orientation)
        }
        // A region: turned first, so the region's upright coordinates apply, then cut and shrunk.
        let turned = stored.oriented(facts.orientation)
        if scale == 1 {
            let cut = turned.cropped(to: Crop(x: part.x, y: part.y, width: part.width, height: part.height))
            return cut.shrunk(toWidth: width, height: height)
        }
        // Decoded smaller: the region in the decoded pixels, cut and shrunk in one pass by the area filter.
        let s = Float(scale)
        let area = ShrinkArea(
            x: Float(part.x) / s, y: Float(part.y) / s, width: Float(part.width) / s, height: Float(part.height) / s)
        return turned.shrunk(toWidth: min(width, turned.width), height: min(height, turned.height), area: area)
    }

    /// The picture laid over white: what a JPEG, which has no alpha, shows of a transparent one.
    public static func flattened(_ raster: Raster) -> Raster {
        guard raster.hasAlpha else { return raster }
        var pixels = raster.pixels
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 255 {
                    for c in 0..<3 { p[i + c] = UInt8((Int(p[i + c]) * a + 255 * (255 - a) + 127) / 255) }
                    p[i + 3] = 255
                }
                i += 4
            }
        }
        return Raster(width: raster.width, height: raster.height, pixels: pixels, hasAlpha: false)
    }
}
