/// What the frame's decoded blocks leave behind for the blocks after them, one entry a 4×4
/// unit (mode info unit): the contexts of partition, skip, modes, transform sizes and segment
/// ids read from above and left (AV1's YModes, Skips, InterTxSizes, MiSizes, SegmentIds).
/// Writes are clipped to the frame: a block may reach past its edge. The buffers are shared by
/// the grid's copies: the frame's tiles, decoded at once, each write their own units.
struct AV1ModeGrid {
    let columns: Int, rows: Int
    let yModes: AV1SharedBuffer<UInt8>
    let uvModes: AV1SharedBuffer<UInt8>
    let skips: AV1SharedBuffer<UInt8>
    let txSizes: AV1SharedBuffer<UInt8>
    let blockSizes: AV1SharedBuffer<UInt8>
    let segmentIDs: AV1SharedBuffer<UInt8>
    /// Whether each unit is decoded yet and how: 0 not yet, 1 intra, 2 intra block copy (IsInters,
    /// and whether RefFrames was written, as the reference vector scan asks).
    let kinds: AV1SharedBuffer<UInt8>
    /// Mvs: an intra block copy unit's vector, row then column, in 1/8 samples (empty in a frame
    /// that cannot copy).
    let mvs: AV1SharedBuffer<Int16>
    /// TxTypes: the luma transform type at each unit, which an intra block copy block's chroma
    /// takes (empty in a frame that cannot copy).
    let txTypes: AV1SharedBuffer<UInt8>
    /// LoopfilterTxSizes: each plane's transform size at each 4×4 unit of that plane (luma's
    /// layout, `columns` a row, for every plane).
    let loopFilterTxSizes: AV1SharedBuffer<UInt8>
    /// DeltaLFs: the four loop filter deltas of each unit's block.
    let deltaLFs: AV1SharedBuffer<Int8>
    /// cdef_idx of each 64×64 area, -1 until read.
    let cdefIndex: AV1SharedBuffer<Int8>
    let cdefColumns: Int

    /// The bytes a grid takes a unit, at most (DecodeLimits' working memory).
    static func bytesPerUnit(intraBC: Bool) -> Int { intraBC ? 24 : 16 }

    init(columns: Int, rows: Int, intraBC: Bool = false) {
        (self.columns, self.rows) = (columns, rows)
        let count = columns * rows
        func bytes() -> AV1SharedBuffer<UInt8> { AV1SharedBuffer(repeating: 0, count: count) }
        yModes = bytes()
        skips = bytes()
        uvModes = bytes()
        txSizes = bytes()
        blockSizes = bytes()
        segmentIDs = bytes()
        kinds = bytes()
        txTypes = AV1SharedBuffer(repeating: 0, count: intraBC ? count : 0)
        mvs = AV1SharedBuffer(repeating: 0, count: intraBC ? count * 2 : 0)
        loopFilterTxSizes = AV1SharedBuffer(repeating: 0, count: count * 3)
        deltaLFs = AV1SharedBuffer(repeating: 0, count: count * 4)
        cdefColumns = (columns + 15) >> 4
        cdefIndex = AV1SharedBuffer(repeating: -1, count: cdefColumns * ((rows + 15) >> 4))
    }

    @inline(__always) func index(_ row: Int, _ column: Int) -> Int { row * columns + column }

    /// Records a decoded block's values over the units it covers within the frame.
    func record(_ block: AV1BlockModes, row: Int, column: Int, size: Int, deltaLF: [Int]) {
        let rowEnd = min(rows, row + AV1Block.high4(size))
        let columnEnd = min(columns, column + AV1Block.wide4(size))
        for r in row..<rowEnd {
            for c in column..<columnEnd {
                let i = index(r, c)
                yModes[i] = UInt8(block.yMode)
                uvModes[i] = UInt8(block.uvMode)
                skips[i] = block.skip ? 1 : 0
                if !block.useIntraBC { txSizes[i] = UInt8(block.txSize) }  // var-tx wrote its own
                kinds[i] = block.useIntraBC ? 2 : 1
                if block.useIntraBC {
                    mvs[i * 2] = Int16(truncatingIfNeeded: block.mv.row)
                    mvs[i * 2 + 1] = Int16(truncatingIfNeeded: block.mv.column)
                }
                blockSizes[i] = UInt8(size)
                segmentIDs[i] = UInt8(block.segmentID)
                for k in 0..<4 { deltaLFs[i * 4 + k] = Int8(truncatingIfNeeded: deltaLF[k]) }
            }
        }
    }

    /// The cdef_idx entry of the 64×64 area holding unit (row, column).
    func cdefSlot(_ row: Int, _ column: Int) -> Int { (row >> 4) * cdefColumns + (column >> 4) }
}

/// One block's mode info, as intra_frame_mode_info reads it.
struct AV1BlockModes {
    var skip = false
    var segmentID = 0
    var yMode = 0
    var angleDeltaY = 0
    var uvMode = 0
    var angleDeltaUV = 0
    var cflAlphaU = 0, cflAlphaV = 0
    var useFilterIntra = false
    var filterIntraMode = 0
    var txSize = 0
    var hasChroma = false
    /// use_intrabc, and the block's vector (row, column) in 1/8 samples.
    var useIntraBC = false
    var mv = (row: 0, column: 0)
    /// MiRow and MiCol.
    var origin = (row: 0, column: 0)
    /// The palettes' colours (empty: no palette): luma, and chroma's U and V.
    var paletteY: [UInt16] = [], paletteU: [UInt16] = [], paletteV: [UInt16] = []
}
