import Dispatch
import ImageCore
import ImageHeaders
import Posix

/// Decodes what a HEVC still picture is: parameter sets (hvcC's NAL units), the item's bytes
/// (length-prefixed NAL units), the size of those lengths and the layer wanted. Production passes
/// `HEVCDecoder.decode` to `HEIFCodec.hevc`; tests pass a fake returning known planes.
public typealias HEVCTileDecoder =
    @Sendable (_ parameterSets: [[UInt8]], _ data: [UInt8], _ lengthSize: Int, _ layerID: Int) throws(DecodeError) ->
    HEVCPicture

/// An item's samples: one coded image (of a codec's item type: hvc1...), or a grid of them put
/// together, cut to the grid's output size. Every size is checked against DecodeLimits before
/// anything of that size is allocated or decoded.
struct HEIFItemPictures: Sendable {
    let container: HEIFContainer
    /// The codecs by the item type they decode.
    let codecs: [UInt32: HEIFCodec]

    init(container: HEIFContainer, codecs: [HEIFCodec]) {
        self.container = container
        self.codecs = Dictionary(codecs.map { ($0.itemType, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The bytes held while a picture of `width`×`height` samples is decoded: its planes at 16
    /// bits a sample, counted as 4:2:0 (3 bytes a pixel) at least, and as what they are past that
    /// (AV1's 4:2:2 and 4:4:4).
    static func planeBytes(width: Int, height: Int, chroma: HEVCPicture.Chroma = .yuv420) -> Int {
        let c = chroma.chromaSize(width: width, height: height)
        let samples = width * height + (chroma == .monochrome ? 0 : 2 * c.width * c.height)
        return max(width * height * 3, 2 * samples)
    }

    func picture(of item: Int) throws(DecodeError) -> HEVCPicture {
        switch container.type(of: item) {
        case heifCode("grid")?: return try grid(item)
        default: return try coded(item)
        }
    }

    /// How a coded item's chroma is upsampled: its codec's (a grid's is its tiles').
    func chromaUpsampling(of item: Int) throws(DecodeError) -> HEIFChromaUpsampling {
        try codec(of: item).chromaUpsampling
    }

    /// Whether items of this type can be drawn: a grid, or a type a codec decodes.
    func draws(_ type: UInt32) -> Bool { type == heifCode("grid") || codecs[type] != nil }

    /// ispe: the size an item says it has.
    func size(of item: Int) throws(DecodeError) -> (width: Int, height: Int) {
        for case let .size(width, height) in try container.properties(of: item) { return (width, height) }
        throw .corrupt("HEIF item \(item) without a size (ispe)")
    }

    /// The codec of a coded item: its type's.
    private func codec(of item: Int) throws(DecodeError) -> HEIFCodec {
        guard let type = container.type(of: item) else { throw .corrupt("HEIF item \(item) is not in the item list") }
        guard let codec = codecs[type] else { throw .unsupported("HEIF item of type '\(ISOBMFFBox.name(type))'") }
        return codec
    }

    /// The payload of the item's configuration property (hvcC...) and the format it promises.
    private func configuration(
        of item: Int, _ codec: HEIFCodec
    ) throws(DecodeError) -> (payload: [UInt8], format: HEIFCodedFormat) {
        guard let payload = container.property(codec.configurationType, of: item) else {
            let property = ISOBMFFBox.name(codec.configurationType)
            throw .corrupt("HEIF item \(item) without an \(codec.name) configuration (\(property))")
        }
        return (payload, try codec.format(payload))
    }

    /// A coded item decoded by its codec (a grid's tile is one: grids do not nest).
    private func coded(_ item: Int) throws(DecodeError) -> HEVCPicture {
        let codec = try codec(of: item)
        let (width, height) = try size(of: item)
        try DecodeLimits.check(
            width: width, height: height, workingBytes: Self.planeBytes(width: width, height: height),
            inputBytes: container.bytes.count)
        var layer = 0
        for case let .layer(id) in try container.properties(of: item) { layer = id }
        let (payload, format) = try configuration(of: item, codec)
        // Again with the planes the configuration promises, where they are more than 4:2:0's.
        try DecodeLimits.check(
            width: width, height: height,
            workingBytes: Self.planeBytes(width: width, height: height, chroma: format.chroma),
            inputBytes: container.bytes.count)
        let picture = try codec.decode(payload, try container.data(of: item), layer)
        try HEIFPixels.checkPlanes(picture, what: "HEIF item \(item)")
        return picture
    }

    /// A grid's tiles put together into planes (an alpha grid, or a caller that wants samples).
    private func grid(_ item: Int) throws(DecodeError) -> HEVCPicture {
        let layout = try gridLayout(item)
        let canvas = HEIFCanvas(
            width: layout.width, height: layout.height, bitDepthLuma: layout.bitDepthLuma,
            bitDepthChroma: layout.bitDepthChroma, chroma: layout.chroma)
        try canvas.fill(tiles: layout.tiles.count) { (i) throws(DecodeError) in try tile(i, of: layout) }
        return canvas.picture
    }

    /// The grid's header and tiles, checked: sizes within the limits and making the output, one
    /// tile size, the first tile's format (every tile is held to it when it is decoded).
    func gridLayout(_ item: Int) throws(DecodeError) -> HEIFGridLayout {
        var c = HEIFCursor(try container.data(of: item), from: 0, to: .max, section: "grid")
        guard try c.u8() == 0 else { throw .unsupported("HEIF grid of a version other than 0") }
        let wide = try c.u8() & 1 != 0
        let rows = Int(try c.u8()) + 1, columns = Int(try c.u8()) + 1
        let width = wide ? try c.u32() : try c.u16(), height = wide ? try c.u32() : try c.u16()
        let tiles = container.references("dimg", from: item)
        guard tiles.count == rows * columns else {
            throw .corrupt("HEIF grid of \(columns)×\(rows) tiles refers to \(tiles.count)")
        }
        let (tileWidth, tileHeight) = try size(of: tiles[0])
        try DecodeLimits.check(width: tileWidth, height: tileHeight)
        let inFlight = Self.planeBytes(width: tileWidth, height: tileHeight) * 2 * DispatchQueue.cores
        try DecodeLimits.check(
            width: width, height: height, workingBytes: Self.planeBytes(width: width, height: height) + inFlight,
            inputBytes: container.bytes.count)
        guard columns * tileWidth >= width, (columns - 1) * tileWidth < width, rows * tileHeight >= height,
            (rows - 1) * tileHeight < height
        else {
            throw .corrupt(
                "HEIF grid of \(columns)×\(rows) tiles of \(tileWidth)×\(tileHeight) for a \(width)×\(height) picture")
        }
        for tile in tiles {
            guard try size(of: tile) == (tileWidth, tileHeight) else {
                throw .corrupt("HEIF grid tiles of different sizes")
            }
        }
        let format = try configuration(of: tiles[0], try codec(of: tiles[0])).format
        let chroma = format.chroma
        // Again with the planes the tiles' configuration promises, where they are more than 4:2:0's.
        let tileBytes = Self.planeBytes(width: tileWidth, height: tileHeight, chroma: chroma)
        try DecodeLimits.check(
            width: width, height: height,
            workingBytes: Self.planeBytes(width: width, height: height, chroma: chroma)
                + tileBytes * 2 * DispatchQueue.cores,
            inputBytes: container.bytes.count)
        let (sx, sy) = chroma.shift
        if (columns > 1 && tileWidth & sx == 1) || (rows > 1 && tileHeight & sy == 1) {
            let sampling = chroma == .yuv420 ? "4:2:0" : "4:2:2"
            throw .unsupported("HEIF grid of \(sampling) tiles of odd size \(tileWidth)×\(tileHeight)")
        }
        return HEIFGridLayout(
            width: width, height: height, columns: columns, tileWidth: tileWidth, tileHeight: tileHeight,
            tiles: tiles, chroma: chroma, bitDepthLuma: format.bitDepthLuma, bitDepthChroma: format.bitDepthChroma)
    }

    /// Tile `i` of a grid decoded, and where its top-left corner goes in the grid's output.
    func tile(_ i: Int, of layout: HEIFGridLayout) throws(DecodeError) -> (HEVCPicture, x: Int, y: Int) {
        let picture = try coded(layout.tiles[i])
        guard picture.width == layout.tileWidth, picture.height == layout.tileHeight else {
            throw .corrupt(
                "HEIF grid tile \(i + 1) decoded as \(picture.width)×\(picture.height), not as its size says")
        }
        return (picture, x: i % layout.columns * layout.tileWidth, y: i / layout.columns * layout.tileHeight)
    }
}

/// What a grid item says of its tiles, once checked (HEIFItemPictures.gridLayout).
struct HEIFGridLayout: Sendable {
    let width: Int, height: Int
    let columns: Int
    let tileWidth: Int, tileHeight: Int
    /// The tiles' item ids, in raster order.
    let tiles: [Int]
    let chroma: HEVCPicture.Chroma
    let bitDepthLuma: Int, bitDepthChroma: Int
}

extension DispatchQueue {
    /// How many jobs `concurrentPerform` runs at once, for the memory a parallel decode holds.
    static var cores: Int { Posix.processorCount }
}
