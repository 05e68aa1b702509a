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
        let part = Self.part(region, facts: facts)
        let scale = Self.scale(decoder, part: part, width: width, height: height)
        guard region == nil else {
            return try regionPicture(
                bytes, facts: facts, part: part, scale: scale,
                width: width, height: height, decoder: decoder, cmyk: cmyk)
        }
        // The whole picture: shrunk as stored, then turned (the turn moves fewer pixels), as Thumbnailer.
        let (tw, th) = facts.swapsSides ? (height, width) : (width, height)
        let sizing = { (w: Int, h: Int) -> (width: Int, height: Int, area: ShrinkArea?) in
            guard tw < w || th < h || scale > 1 else { return (w, h, nil) }
            let area = ThumbnailSize.scaledArea(width: facts.width, height: facts.height, scale: scale, decoded: (w, h))
            return (min(tw, w), min(th, h), area)
        }
        if let rows = decoder.rows(scale: scale, cmyk: cmyk) {
            // Shrunk as it decodes (`ShrinkRows`): the same shrink as below, without the full-size raster.
            return try ShrinkRows(sizing: sizing).picture(of: bytes, decodedBy: rows).oriented(facts.orientation)
        }
        let decoded = try decoder.decode(bytes, scale: scale, cmyk: cmyk)
        if let damage = decoded.damage { throw damage }
        let stored = decoded.raster
        let size = sizing(stored.width, stored.height)
        return stored.shrunk(toWidth: size.width, height: size.height, area: size.area).oriented(facts.orientation)
    }

    /// The region, or the whole upright picture.
    private static func part(_ region: Region?, facts: ImageFacts) -> Region {
        let upright = facts.uprightSize
        return region ?? Region(x: 0, y: 0, width: upright.width, height: upright.height)
    }

    /// The smallest DCT scale that still covers the size (1 for a format that does not scale).
    private static func scale(_ decoder: PixelDecoder, part: Region, width: Int, height: Int) -> Int {
        guard decoder.scalesInDecoding else { return 1 }
        return [8, 4, 2].first { part.width >= width * $0 && part.height >= height * $0 } ?? 1
    }

    /// What `make` and the encoding after it hold at most besides the file, in bytes, for export's memory
    /// budget (issue 44): the picture made (4 bytes a pixel), and the more of what its decode holds and a
    /// second picture's worth (a turned copy, the encoder's planes and scans), and 4 MiB of tables and rows.
    /// A JPEG shrunk as its rows come holds its row rings, or its coefficients (`rowWorkingBytes`); a
    /// format's other row decodes are counted as a full-size picture (planes, strips); a whole decode as
    /// two (the raster and its turned or cut copy).
    public static func workingBytes(
        _ bytes: [UInt8], facts: ImageFacts, region: Region?, width: Int, height: Int
    ) -> Int {
        let picture = 4 * width * height
        let pixels = facts.width * facts.height
        guard let decoder = PixelDecoders[facts.type] else { return picture }
        let scale = Self.scale(decoder, part: part(region, facts: facts), width: width, height: height)
        let decoded = pixels / (scale * scale)
        var decoding = 8 * decoded
        if region == nil, decoder.rows(scale: scale, cmyk: nil) != nil {
            decoding = decoder.rowWorkingBytes.map { $0(bytes, scale) ?? 8 * decoded } ?? 4 * decoded
        }
        return picture + max(decoding, picture) + (4 << 20)
    }

    /// The picture of a region: turned first, so the region's upright coordinates apply, then cut and shrunk.
    private static func regionPicture(
        _ bytes: [UInt8], facts: ImageFacts, part: Region, scale: Int, width: Int, height: Int,
        decoder: PixelDecoder, cmyk: CMYKToRGB?
    ) throws(DecodeError) -> Raster {
        let decoded = try decoder.decode(bytes, scale: scale, cmyk: cmyk)
        if let damage = decoded.damage { throw damage }
        let stored = decoded.raster
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
