import ImageCore
import ImageHeaders

/// HEIF images to RGBA, whatever codec codes their items (HEIFCodec: HEVC today): the primary
/// item (or, when the caller will shrink it, a thumbnail item that covers the size wanted), its
/// grid of tiles put together, its clean aperture cut, its YCbCr converted by its colr nclx,
/// and its alpha auxiliary image as alpha.
/// The picture is left as stored: irot and imir are the orientation the probe reports, which
/// is applied after shrinking, as for an EXIF orientation. The codecs are passed in, so that
/// tests can stand a fake in for them.
public enum HEIFDecoder {
    /// The auxC types that make an auxiliary image the alpha plane (HEIF's and MPEG-B's).
    static let alphaTypes: Set<String> = [
        "urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha",
    ]

    /// - Parameters:
    ///   - covering: the stored size the picture will be shrunk to, when it will; a thumbnail
    ///     item at least that large, of the same shape and turned the same way, is decoded
    ///     instead of the primary.
    ///   - codecs: the codings items may be in; an item of another is refused by name.
    public static func decode(
        _ bytes: [UInt8], covering: (width: Int, height: Int)? = nil, codecs: [HEIFCodec]
    ) throws(DecodeError) -> Raster {
        let container = try HEIFContainer(bytes)
        let pictures = HEIFItemPictures(container: container, codecs: codecs)
        var item = container.primary
        if let covering, let thumbnail = try thumbnail(container, pictures, covering: covering) { item = thumbnail }
        return try decode(item, container, pictures)
    }

    /// HEVC alone, decoded by `tiles` (the tests' fake, or HEVCDecoder).
    public static func decode(
        _ bytes: [UInt8], covering: (width: Int, height: Int)? = nil, tiles: @escaping HEVCTileDecoder
    ) throws(DecodeError) -> Raster {
        try decode(bytes, covering: covering, codecs: [.hevc(tiles)])
    }

    private static func decode(
        _ item: Int, _ container: HEIFContainer, _ pictures: HEIFItemPictures
    ) throws(DecodeError) -> Raster {
        let properties = try container.properties(of: item)
        let alpha = try alphaItem(of: item, container)
        var raster: Raster
        let window: HEIFRect
        let size: (width: Int, height: Int)
        let layout = container.type(of: item) == heifCode("grid") ? try pictures.gridLayout(item) : nil
        let upsampling = try pictures.chromaUpsampling(of: layout?.tiles[0] ?? item)
        // A grid is converted tile by tile unless its chroma is filtered across the tiles' seams
        // (AVIF's bilinear 4:2:0 and 4:2:2): then its planes are put together first, as libavif does.
        let filtered = upsampling == .bilinear && (layout?.chroma == .yuv420 || layout?.chroma == .yuv422)
        if let layout, !filtered {
            size = (layout.width, layout.height)
            let stored = storedSize(size, properties)
            window = HEIFGeometry.window(width: stored.width, height: stored.height, properties: properties)
            let matrix = try HEIFColourMatrix(
                try colour(of: item, container), bitDepthLuma: layout.bitDepthLuma,
                bitDepthChroma: layout.bitDepthChroma)
            raster = try HEIFTileJobs.convert(layout, pictures, window: window, matrix: matrix, hasAlpha: alpha != nil)
        } else {
            // The colour planes are let go before the alpha picture is decoded.
            let picture = try pictures.picture(of: item)
            size = (picture.width, picture.height)
            let stored = storedSize(size, properties)
            window = HEIFGeometry.window(width: stored.width, height: stored.height, properties: properties)
            raster = try Raster(width: window.width, height: window.height, hasAlpha: alpha != nil)
            try HEIFPixels.convert(
                picture, window: window, colour: try colour(of: item, container), upsampling: upsampling, into: &raster)
        }
        if let alpha {
            let plane = try pictures.picture(of: alpha)
            guard plane.width == size.width, plane.height == size.height else {
                throw .corrupt(
                    "HEIF alpha image of \(plane.width)×\(plane.height) for a \(size.width)×\(size.height) image")
            }
            try HEIFPixels.applyAlpha(plane, window: window, into: &raster)
        }
        return raster
    }

    /// A picture larger than its ispe (padded by the encoder) is cut to it, as libheif does.
    private static func storedSize(
        _ size: (width: Int, height: Int), _ properties: [HEIFProperty]
    ) -> (width: Int, height: Int) {
        var stored = size
        for case let .size(width, height) in properties where width >= 1 && height >= 1 {
            stored = (min(width, size.width), min(height, size.height))
        }
        return stored
    }

    /// The item's colr nclx; a grid without one takes its first tile's; neither: BT.601.
    static func colour(of item: Int, _ container: HEIFContainer) throws(DecodeError) -> HEIFColourInfo {
        for case let .colour(info) in try container.properties(of: item) { return info }
        if let tile = container.references("dimg", from: item).first {
            for case let .colour(info) in try container.properties(of: tile) { return info }
        }
        return .absent
    }

    /// The auxiliary image that is the item's alpha plane, if it has one.
    static func alphaItem(of item: Int, _ container: HEIFContainer) throws(DecodeError) -> Int? {
        for aux in container.items(referring: "auxl", to: item) {
            for case let .auxiliaryType(type) in try container.properties(of: aux) where alphaTypes.contains(type) {
                return aux
            }
        }
        return nil
    }

    /// The smallest thumbnail item of the primary that can stand in for it at `covering`:
    /// at least that large, of the primary's shape (within a pixel), turned the same way, with
    /// alpha if the primary has it, and no clap on either (a crop would change what it shows).
    /// A thumbnail that no codec decodes, or whose header is damaged, is passed over.
    static func thumbnail(
        _ container: HEIFContainer, _ pictures: HEIFItemPictures, covering: (width: Int, height: Int)
    ) throws(DecodeError) -> Int? {
        let primary = container.primary
        let properties = try container.properties(of: primary)
        let (width, height) = try pictures.size(of: primary)
        let primaryAlpha = try alphaItem(of: primary, container) != nil
        func cropped(_ list: [HEIFProperty]) -> Bool {
            list.contains { if case .cleanAperture = $0 { true } else { false } }
        }
        // Sides within the limits keep the shape's products far from overflowing.
        let sides = 1...DecodeLimits.maxSide
        guard !cropped(properties), sides.contains(width), sides.contains(height) else { return nil }
        var best: (item: Int, pixels: Int)?
        for candidate in container.items(referring: "thmb", to: primary) {
            guard let type = container.type(of: candidate), pictures.draws(type),
                let own = try? container.properties(of: candidate), !cropped(own),
                HEIFGeometry.turns(own) == HEIFGeometry.turns(properties),
                let size = try? pictures.size(of: candidate), sides.contains(size.width), sides.contains(size.height),
                size.width >= covering.width, size.height >= covering.height,
                abs(size.width * height - size.height * width) <= max(width, height),
                !primaryAlpha || (try? alphaItem(of: candidate, container)) != nil
            else { continue }
            if best.map({ size.width * size.height < $0.pixels }) ?? true {
                best = (candidate, size.width * size.height)
            }
        }
        return best?.item
    }
}
