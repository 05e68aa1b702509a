import ImageCore

/// AV1 still pictures (the first frame of a stream: a key frame) to planes. Knows nothing of
/// HEIF: AVIF's item model hands it av1C's configuration OBUs and the item's OBUs.
///
/// Issue 41, so far: the OBUs, headers and the tiles' whole syntax (partitions, modes,
/// coefficients) are read and checked (`headers`, `parseTiles`); no pixel is made yet, so
/// `decode` refuses every stream by name after reading it. Nothing registers it: the product
/// shows AVIF as a placeholder until the planes are bit-exact with dav1d.
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
    /// for a block the decoder cannot read yet (coefficients, palette, intra block copy).
    public static func parseTiles(
        _ data: [UInt8]
    ) throws(DecodeError) -> (blocks: Int, paletteBlocks: Int, paddingConformant: Bool) {
        let outcome = try AV1TileGroups.read(try AV1Stream(data))
        return (outcome.blocks, outcome.paletteBlocks, outcome.paddingConformant)
    }

    /// The first frame's planes. `configuration` is av1C's configOBUs (a sequence header the
    /// item repeats, usually), `data` the item's OBUs.
    public static func decode(configuration: [UInt8] = [], data: [UInt8]) throws(DecodeError) -> HEVCPicture {
        let stream = try AV1Stream(configuration + data)
        let frame = stream.frame
        try DecodeLimits.check(
            width: frame.width, height: frame.height, workingBytes: frame.width * frame.height * 3,
            inputBytes: data.count)
        _ = try AV1TileGroups.read(stream)
        throw .unsupported("AV1 pixels (imgsel reads AV1 syntax only, so far)")
    }
}
