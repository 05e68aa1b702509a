import ImageCore

/// AV1 still pictures (the first frame of a stream: a key frame) to planes. Knows nothing of
/// HEIF: AVIF's item model hands it av1C's configuration OBUs and the item's OBUs.
///
/// Issue 41, so far: the OBUs, headers and the tiles' whole syntax are read, intra frames are
/// reconstructed (prediction, intra block copy, dequantisation, inverse transforms) and filtered
/// (deblocking, CDEF, loop restoration). Nothing registers it yet: the
/// product shows AVIF as a placeholder until the coordinator plugs it in.
public enum AV1Decoder {
    /// What a stream's headers say of its picture.
    public struct Headers: Equatable, Sendable {
        public let width: Int, height: Int
        public let bitDepth: Int
        /// "4:2:0", "4:4:4", "4:2:2" or "monochrome".
        public let sampling: String
        public let tileColumns: Int, tileRows: Int
        public let superblockSize: Int
        public let reducedStillPictureHeader: Bool
        public let baseQIndex: Int
    }

    /// The headers of the stream's first frame, read and checked.
    public static func headers(_ data: [UInt8]) throws(DecodeError) -> Headers {
        let stream = try AV1Stream(data)
        let frame = stream.frame
        let colour = stream.sequence.colour
        return Headers(
            width: frame.width, height: frame.height, bitDepth: colour.bitDepth, sampling: colour.samplingName,
            tileColumns: frame.tiles.columns, tileRows: frame.tiles.rows,
            superblockSize: stream.sequence.use128x128Superblock ? 128 : 64,
            reducedStillPictureHeader: stream.sequence.reducedStillPictureHeader,
            baseQIndex: frame.quantization.baseQIndex)
    }

    /// What reading the first frame's tiles gave: the blocks read, and whether every tile ended
    /// as exit_symbol requires (the check that the syntax was read as it was written). Throws
    /// for what the decoder refuses (an intra block copy vector outside the decoded area).
    public static func parseTiles(
        _ data: [UInt8]
    ) throws(DecodeError) -> (blocks: Int, paletteBlocks: Int, paddingConformant: Bool) {
        let outcome = try AV1TileGroups.read(try AV1Stream(data))
        return (outcome.blocks, outcome.paletteBlocks, outcome.paddingConformant)
    }

    /// A decoded frame's planes at the stream's bit depth, cropped to the frame's size.
    public struct Planes: Sendable, Equatable {
        public let width: Int, height: Int
        public let bitDepth: Int
        public let subsamplingX: Int, subsamplingY: Int
        /// Y, then U and V unless monochrome; row-major, no padding.
        public let planes: [[UInt16]]
    }

    /// The first frame's planes, from the stream's OBUs (configuration OBUs first, if any).
    /// Throws by name for what is not decoded (superres) or not allowed (a copy from outside).
    public static func decodePlanes(_ data: [UInt8]) throws(DecodeError) -> Planes {
        let stream = try AV1Stream(data)
        let frame = stream.frame
        var outcome = try AV1TileGroups.read(stream)
        let colour = stream.sequence.colour
        AV1LoopFilter.apply(&outcome.planes, frame: frame, colour: colour, grid: outcome.grid)
        let restores = frame.restoration.usesRestoration && !frame.allowIntraBC
        let edges = restores ? AV1LoopRestoration.keepStripeEdges(outcome.planes, frame: frame, colour: colour) : []
        if AV1Cdef.isActive(frame, enabled: stream.sequence.enableCdef) {
            AV1Cdef.apply(&outcome.planes, frame: frame, colour: colour, grid: outcome.grid)
        }
        if restores {
            AV1LoopRestoration.apply(
                &outcome.planes, edges: edges, frame: frame, colour: colour, units: outcome.restorationUnits)
        }
        outcome.grid = AV1ModeGrid(columns: 0, rows: 0)  // freed before the planes are copied out
        var planes = [outcome.planes.plane(0, width: frame.width, height: frame.height)]
        if colour.planes > 1 {
            let cw = (frame.width + colour.subsamplingX) >> colour.subsamplingX
            let ch = (frame.height + colour.subsamplingY) >> colour.subsamplingY
            planes.append(outcome.planes.plane(1, width: cw, height: ch))
            planes.append(outcome.planes.plane(2, width: cw, height: ch))
        }
        return Planes(
            width: frame.width, height: frame.height, bitDepth: colour.bitDepth, subsamplingX: colour.subsamplingX,
            subsamplingY: colour.subsamplingY, planes: planes)
    }

    /// The first frame's planes. `configuration` is av1C's configOBUs (a sequence header the
    /// item repeats, usually), `data` the item's OBUs.
    public static func decode(configuration: [UInt8] = [], data: [UInt8]) throws(DecodeError) -> HEVCPicture {
        let decoded = try decodePlanes(configuration + data)
        let chroma: HEVCPicture.Chroma
        switch (decoded.planes.count, decoded.subsamplingX, decoded.subsamplingY) {
        case (1, _, _): chroma = .monochrome
        case (_, 1, 1): chroma = .yuv420
        case (_, 1, 0): chroma = .yuv422
        default: chroma = .yuv444
        }
        return HEVCPicture(
            width: decoded.width, height: decoded.height, bitDepthLuma: decoded.bitDepth,
            bitDepthChroma: decoded.bitDepth, chroma: chroma, luma: decoded.planes[0],
            cb: chroma == .monochrome ? [] : decoded.planes[1], cr: chroma == .monochrome ? [] : decoded.planes[2])
    }
}
