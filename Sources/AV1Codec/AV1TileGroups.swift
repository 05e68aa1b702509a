import ImageCore

/// The tiles of a frame's tile groups (AV1 5.11.1): each group's header, each tile's size, and
/// each tile read by an AV1TileDecoder into the frame's mode grid.
struct AV1TileGroups {
    /// What reading the frame's tiles gave.
    struct Outcome {
        var grid: AV1ModeGrid
        /// The reconstructed frame (no loop filter applied).
        var planes: AV1FramePlanes
        var restorationUnits: AV1RestorationUnits
        var blocks = 0
        var paletteBlocks = 0
        /// Whether every tile's padding was as exit_symbol requires: a one, then zeros.
        var paddingConformant = true
    }

    static func read(_ stream: AV1Stream) throws(DecodeError) -> Outcome {
        let frame = stream.frame
        // The mode grid, the contexts and the planes are sized by the frame: checked before they
        // are made.
        let colour = stream.sequence.colour
        let planeBytes = AV1FramePlanes.bytes(
            miCols: frame.miCols, miRows: frame.miRows, subsamplingX: colour.subsamplingX,
            subsamplingY: colour.subsamplingY, planes: colour.planes)
        let gridBytes = frame.miCols * frame.miRows * AV1ModeGrid.bytesPerUnit(intraBC: frame.allowIntraBC)
        try DecodeLimits.check(
            width: frame.width, height: frame.height,
            workingBytes: gridBytes + planeBytes + croppedPastOutput(frame, colour),
            inputBytes: stream.bytes.count)
        // Every tile found in its group before the planes are made: a cut stream, or a few
        // bytes claiming a large frame, is refused without allocating (or clearing) its planes.
        let tileBytes = try tileRanges(stream)
        let tiles = frame.tiles
        var outcome = Outcome(
            grid: AV1ModeGrid(columns: frame.miCols, rows: frame.miRows, intraBC: frame.allowIntraBC),
            planes: AV1FramePlanes(
                miCols: frame.miCols, miRows: frame.miRows, subsamplingX: colour.subsamplingX,
                subsamplingY: colour.subsamplingY, planes: colour.planes),
            restorationUnits: AV1RestorationUnits(frame: frame, colour: colour))
        let cdfs = AV1CDFs(baseQIndex: frame.quantization.baseQIndex)
        let jobs = tileBytes.enumerated().map { TileJob(tile: $0.offset, bytes: $0.element) }
        // Each tile on its own core, with its own symbol decoder, CDFs and contexts: a tile reads
        // nothing of another (every neighbour it looks at is inside it), and writes its own units
        // of the shared grid and samples. The restoration units each tile read are merged after.
        let grid = outcome.grid
        let planes = outcome.planes
        let units = outcome.restorationUnits
        let decoded = Parallel.map(jobs) { job in
            Result { () throws(DecodeError) -> TileOutcome in
                let row = job.tile / tiles.columns
                let column = job.tile % tiles.columns
                let symbols = try AV1SymbolDecoder(
                    stream.bytes, tile: job.bytes, cdfs: cdfs, updatesCDFs: !frame.disableCDFUpdate)
                var decoder = AV1TileDecoder(
                    sequence: stream.sequence, frame: frame, symbols: symbols, grid: grid, planes: planes,
                    rows: tiles.rowStarts[row]..<tiles.rowStarts[row + 1],
                    columns: tiles.columnStarts[column]..<tiles.columnStarts[column + 1])
                decoder.restorationUnits = units
                try decoder.decode()
                return TileOutcome(
                    blocks: decoder.blocks, paletteBlocks: decoder.paletteBlocks,
                    paddingConformant: decoder.symbols.isPaddingConformant, restorationUnits: decoder.restorationUnits)
            }
        }
        for result in decoded {
            let tile = try result.get()
            outcome.blocks += tile.blocks
            outcome.paletteBlocks += tile.paletteBlocks
            outcome.paddingConformant = outcome.paddingConformant && tile.paddingConformant
            if decoded.count == 1 {
                outcome.restorationUnits = tile.restorationUnits
            } else {
                outcome.restorationUnits.merge(tile.restorationUnits)
            }
        }
        return outcome
    }

    /// What the cropped planes decodePlanes makes at the end (16 bits a sample, while the frame's
    /// planes and grid are still held) take past the output's 4 bytes a pixel, which they stand
    /// in for until the caller makes its raster from them and lets them go: nothing at 4:2:0,
    /// 4:2:2 and monochrome, 2 bytes a pixel at 4:4:4.
    static func croppedPastOutput(_ frame: AV1FrameHeader, _ colour: AV1ColourConfig) -> Int {
        let chromaWidth = (frame.width + colour.subsamplingX) >> colour.subsamplingX
        let chromaHeight = (frame.height + colour.subsamplingY) >> colour.subsamplingY
        let cropped = 2 * (frame.width * frame.height + (colour.planes - 1) * chromaWidth * chromaHeight)
        return max(0, cropped - 4 * frame.width * frame.height)
    }

    /// The bytes of each of the frame's tiles, in tile order, from the tile groups' headers and
    /// tile sizes (AV1 5.11.1): the groups in order, every tile in one, none empty.
    static func tileRanges(_ stream: AV1Stream) throws(DecodeError) -> [Range<Int>] {
        let tiles = stream.frame.tiles
        let count = tiles.columns * tiles.rows
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        for group in stream.tileGroups {
            var r = AV1BitReader(stream.bytes, range: group, section: "in the AV1 tile group")
            var first = 0
            var last = count - 1
            if count > 1, try r.flag() {
                let bits = tiles.columnsLog2 + tiles.rowsLog2
                first = try r.f(bits)
                last = try r.f(bits)
            }
            guard first == ranges.count, first <= last, last < count else {
                throw .corrupt("AV1 tile group out of order")
            }
            r.byteAlign()
            var offset = r.byteOffset
            for tile in first...last {
                var size = group.upperBound - offset
                if tile != last {
                    var sizeReader = AV1BitReader(
                        stream.bytes, range: offset..<group.upperBound, section: "in the AV1 tile sizes")
                    size = try sizeReader.le(tiles.tileSizeBytes) + 1
                    offset += tiles.tileSizeBytes
                    guard size <= group.upperBound - offset else { throw .truncated(section: "AV1 tile \(tile)") }
                }
                guard size >= 1 else { throw .truncated(section: "AV1 tile data") }
                ranges.append(offset..<offset + size)
                offset += size
            }
        }
        guard ranges.count == count else { throw .truncated(section: "AV1 frame: tiles missing") }
        return ranges
    }

    /// A tile to decode: its number in raster order and its bytes.
    private struct TileJob: Sendable {
        let tile: Int
        let bytes: Range<Int>
    }

    /// What one tile's decoding left beside the shared grid and samples.
    private struct TileOutcome: Sendable {
        let blocks: Int
        let paletteBlocks: Int
        let paddingConformant: Bool
        let restorationUnits: AV1RestorationUnits
    }
}
