import ImageCore

/// One tile's syntax (AV1 5.11): its superblocks, each one's partition tree, and each block's
/// mode info, read with the tile's own symbol decoder and CDFs into the frame's mode grid.
///
/// The restoration units, the partition tree, intra mode info with palettes and intra block copy
/// (its vector, var-tx transform sizes and copied prediction), and every transform block's
/// coefficients.
struct AV1TileDecoder {
    /// The headers, held by reference: the decoder's methods are called on `self` in place,
    /// and a struct this size held inline was copied whole (a kilobyte) on each call.
    private let headers: AV1TileHeaders
    var sequence: AV1SequenceHeader {
        @inline(__always) get { headers.sequence }
    }
    var frame: AV1FrameHeader {
        @inline(__always) get { headers.frame }
    }
    var symbols: AV1SymbolDecoder
    var grid: AV1ModeGrid
    /// CurrFrame, written block by block as the tile is read.
    var planes: AV1FramePlanes
    var recon = AV1ReconstructionState()
    /// UVMode as the spec keeps it: a block without chroma leaves the last one read.
    var lastUVMode = 0
    let rowStart: Int, rowEnd: Int, columnStart: Int, columnEnd: Int
    var currentQIndex: Int
    var deltaLF = [0, 0, 0, 0]
    var readDeltas = false
    var levels: AV1LevelContexts
    /// Quant: the transform block being read's levels, by position (at most 32×32 are coded).
    var quant = [Int32](repeating: 0, count: 1024)
    /// The levels read so far of the transform block being read, padded (the contexts' map).
    let coefficientScratch = AV1CoefficientScratch()
    var restorationRefs = AV1RestorationReferences()
    /// LrType, LrWiener, LrSgrSet and LrSgrXqd of the frame's units (moved in and out like the grid).
    var restorationUnits = AV1RestorationUnits()
    var palettes: AV1PaletteContexts
    /// ColorMapY and ColorMapUV of the block being read, 64 a row.
    var colourMapY = [UInt8](repeating: 0, count: 64 * 64)
    var colourMapUV = [UInt8](repeating: 0, count: 64 * 64)
    /// The blocks read, for tests and the check tool.
    private(set) var blocks = 0
    /// The blocks drawn from a palette, for the check tool (which tools a stream used).
    private(set) var paletteBlocks = 0

    init(
        sequence: AV1SequenceHeader, frame: AV1FrameHeader, symbols: AV1SymbolDecoder, grid: AV1ModeGrid,
        planes: AV1FramePlanes, rows: Range<Int>, columns: Range<Int>
    ) {
        headers = AV1TileHeaders(sequence: sequence, frame: frame)
        (self.symbols, self.grid) = (symbols, grid)
        self.planes = planes
        (rowStart, rowEnd, columnStart, columnEnd) = (
            rows.lowerBound, rows.upperBound, columns.lowerBound, columns.upperBound
        )
        currentQIndex = frame.quantization.baseQIndex
        levels = AV1LevelContexts(miCols: frame.miCols, miRows: frame.miRows)
        palettes = AV1PaletteContexts(miCols: frame.miCols, miRows: frame.miRows)
    }

    var superblockSize: Int { sequence.use128x128Superblock ? AV1Block.block128x128 : AV1Block.block64x64 }

    /// decode_tile().
    mutating func decode() throws(DecodeError) {
        let step = AV1Block.wide4(superblockSize)
        for r in stride(from: rowStart, to: rowEnd, by: step) {
            levels.clearLeft()
            for c in stride(from: columnStart, to: columnEnd, by: step) {
                readDeltas = frame.deltaQ.qPresent
                clearCdef(r, c)
                clearBlockDecoded(r, c)
                readRestorationUnits(r, c, superblockSize)
                try partition(r, c, superblockSize)
            }
        }
    }

    /// is_inside: whether a unit lies in this tile.
    func isInside(_ r: Int, _ c: Int) -> Bool {
        c >= columnStart && c < columnEnd && r >= rowStart && r < rowEnd
    }

    private mutating func clearCdef(_ r: Int, _ c: Int) {
        for (dr, dc) in sequence.use128x128Superblock ? [(0, 0), (0, 16), (16, 0), (16, 16)] : [(0, 0)] {
            guard r + dr < grid.rows, c + dc < grid.columns else { continue }
            grid.cdefIndex[grid.cdefSlot(r + dr, c + dc)] = -1
        }
    }

    /// decode_partition(r, c, bSize).
    private mutating func partition(_ r: Int, _ c: Int, _ size: Int) throws(DecodeError) {
        guard r < frame.miRows, c < frame.miCols else { return }
        let half = AV1Block.wide4(size) >> 1
        let quarter = half >> 1
        let hasRows = r + half < frame.miRows
        let hasCols = c + half < frame.miCols
        let kind: AV1Partition
        if size < AV1Block.block8x8 {
            kind = .none
        } else if hasRows && hasCols {
            let (offset, count) = partitionCDF(r, c, size)
            kind = AV1Partition(rawValue: symbols.symbol(offset, count: count)) ?? .split
        } else if hasCols {
            kind = symbols.bit(probabilityOfOne: splitProbability(r, c, size, vertical: false)) ? .split : .horizontal
        } else if hasRows {
            kind = symbols.bit(probabilityOfOne: splitProbability(r, c, size, vertical: true)) ? .split : .vertical
        } else {
            kind = .split
        }
        let sub = AV1Block.subsize(kind, size)
        let split = AV1Block.subsize(.split, size)
        switch kind {
        case .none: try block(r, c, sub)
        case .horizontal:
            try block(r, c, sub)
            if hasRows { try block(r + half, c, sub) }
        case .vertical:
            try block(r, c, sub)
            if hasCols { try block(r, c + half, sub) }
        case .split:
            try partition(r, c, sub)
            try partition(r, c + half, sub)
            try partition(r + half, c, sub)
            try partition(r + half, c + half, sub)
        case .horizontalA:
            try block(r, c, split)
            try block(r, c + half, split)
            try block(r + half, c, sub)
        case .horizontalB:
            try block(r, c, sub)
            try block(r + half, c, split)
            try block(r + half, c + half, split)
        case .verticalA:
            try block(r, c, split)
            try block(r + half, c, split)
            try block(r, c + half, sub)
        case .verticalB:
            try block(r, c, sub)
            try block(r, c + half, split)
            try block(r + half, c + half, split)
        case .horizontal4:
            for i in 0..<4 where i < 3 || r + quarter * 3 < frame.miRows { try block(r + quarter * i, c, sub) }
        case .vertical4:
            for i in 0..<4 where i < 3 || c + quarter * 3 < frame.miCols { try block(r, c + quarter * i, sub) }
        }
    }

    /// The partition CDF of a square block and its symbol count, by its size and whether the
    /// blocks above and left are narrower (the context).
    private func partitionCDF(_ r: Int, _ c: Int, _ size: Int) -> (offset: Int, count: Int) {
        let bsl = AV1Block.widthLog2[size]
        let above = isInside(r - 1, c) && AV1Block.widthLog2[Int(grid.blockSizes[grid.index(r - 1, c)])] < bsl
        let left = isInside(r, c - 1) && AV1Block.heightLog2[Int(grid.blockSizes[grid.index(r, c - 1)])] < bsl
        let ctx = (left ? 2 : 0) + (above ? 1 : 0)
        switch bsl {
        case 1: return (AV1CDFs.offset(.partitionW8, ctx), 4)
        case 2: return (AV1CDFs.offset(.partitionW16, ctx), 10)
        case 3: return (AV1CDFs.offset(.partitionW32, ctx), 10)
        case 4: return (AV1CDFs.offset(.partitionW64, ctx), 10)
        default: return (AV1CDFs.offset(.partitionW128, ctx), 8)
        }
    }

    /// split_or_horz's (or split_or_vert's) chance of a split: the partition CDF's mass of every
    /// partition that splits the block across the missing half.
    private func splitProbability(_ r: Int, _ c: Int, _ size: Int, vertical: Bool) -> Int {
        let (offset, _) = partitionCDF(r, c, size)
        func mass(_ p: AV1Partition) -> Int {
            symbols.cdfValue(at: offset + p.rawValue) - symbols.cdfValue(at: offset + p.rawValue - 1)
        }
        var psum: Int
        if vertical {
            psum = mass(.horizontal) + mass(.split) + mass(.horizontalA) + mass(.horizontalB) + mass(.verticalA)
            if size != AV1Block.block128x128 { psum += mass(.horizontal4) }
        } else {
            psum = mass(.vertical) + mass(.split) + mass(.horizontalA) + mass(.verticalA) + mass(.verticalB)
            if size != AV1Block.block128x128 { psum += mass(.vertical4) }
        }
        return psum
    }

    /// decode_block(r, c, subSize): the block's mode info, then its prediction and residual.
    private mutating func block(_ r: Int, _ c: Int, _ size: Int) throws(DecodeError) {
        var modes = AV1BlockModes()
        let bw4 = AV1Block.wide4(size)
        let bh4 = AV1Block.high4(size)
        let colour = sequence.colour
        if bh4 == 1 && colour.subsamplingY == 1 && r & 1 == 0 {
            modes.hasChroma = false
        } else if bw4 == 1 && colour.subsamplingX == 1 && c & 1 == 0 {
            modes.hasChroma = false
        } else {
            modes.hasChroma = colour.planes > 1
        }
        try intraFrameModeInfo(&modes, r, c, size)
        readPaletteTokens(modes, r, c, size)
        readBlockTxSize(&modes, r, c, size)
        if modes.skip { resetBlockContext(modes, r, c, size) }
        if modes.useIntraBC {
            lastUVMode = AV1IntraMode.dc
            predictIntraBC(modes, r, c, size)
        } else if modes.hasChroma {
            lastUVMode = modes.uvMode
        } else {
            modes.uvMode = lastUVMode
        }
        try residual(modes, r, c, size)
        guard !symbols.isOverrun else { throw .truncated(section: "AV1 tile data") }
        grid.record(modes, row: r, column: c, size: size, deltaLF: deltaLF)
        palettes.record([modes.paletteY, modes.paletteU], columns: c..<c + bw4, rows: r..<r + bh4)
        blocks += 1
        if !modes.paletteY.isEmpty || !modes.paletteU.isEmpty { paletteBlocks += 1 }
    }
}

/// A tile's sequence and frame headers, shared by reference (see AV1TileDecoder.headers).
final class AV1TileHeaders: Sendable {
    let sequence: AV1SequenceHeader
    let frame: AV1FrameHeader

    init(sequence: AV1SequenceHeader, frame: AV1FrameHeader) {
        (self.sequence, self.frame) = (sequence, frame)
    }
}

/// Working memory the coefficient reader keeps between transform blocks: the padded level map
/// (at most 32 + 4 columns and rows), raw so the context reads are unchecked and the tile
/// decoder's `self` is not held while they are made; and the positions of the block's non-zero
/// coefficients in scan order, so the dequantisation visits those alone.
final class AV1CoefficientScratch {
    let levels = UnsafeMutablePointer<UInt8>.allocate(capacity: 36 * 36)
    let nonZero = UnsafeMutablePointer<Int>.allocate(capacity: 32 * 32)

    deinit {
        levels.deallocate()
        nonZero.deallocate()
    }
}
