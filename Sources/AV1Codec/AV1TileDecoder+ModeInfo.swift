import ImageCore

extension AV1TileDecoder {
    /// intra_frame_mode_info() (AV1 5.11.7) of the block at (r, c).
    mutating func intraFrameModeInfo(_ m: inout AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) throws(DecodeError) {
        let segmentation = frame.segmentation
        let availableUp = isInside(r - 1, c)
        let availableLeft = isInside(r, c - 1)
        if segmentation.segIDPreSkip { m.segmentID = readSegmentID(m, r, c) }
        if segmentation.segIDPreSkip && segmentation.enabled && segmentation.featureEnabled[m.segmentID][6] {
            m.skip = true
        } else {
            var ctx = 0
            if availableUp { ctx += Int(grid.skips[grid.index(r - 1, c)]) }
            if availableLeft { ctx += Int(grid.skips[grid.index(r, c - 1)]) }
            m.skip = symbols.symbol(AV1CDFs.offset(.skip, ctx), count: 2) == 1
        }
        if !segmentation.segIDPreSkip { m.segmentID = segmentation.enabled ? readSegmentID(m, r, c) : 0 }
        readCdef(m, r, c, size)
        readDeltas(m, size)
        readDeltas = false
        if frame.allowIntraBC && symbols.symbol(AV1CDFs.offset(.intrabc), count: 2) == 1 {
            // is_inter, YMode and UVMode DC_PRED, no palette, the bilinear filter: a vector instead.
            m.useIntraBC = true
            m.origin = (r, c)
            try readIntraBCVector(&m, r, c, size)
            return
        }
        let above = AV1IntraMode.context[availableUp ? Int(grid.yModes[grid.index(r - 1, c)]) : 0]
        let left = AV1IntraMode.context[availableLeft ? Int(grid.yModes[grid.index(r, c - 1)]) : 0]
        m.yMode = symbols.symbol(AV1CDFs.offset(.intraFrameYMode, above * 5 + left), count: 13)
        m.angleDeltaY = angleDelta(m.yMode, size)
        let lossless = frame.lossless[m.segmentID]
        if m.hasChroma {
            let bigSide = max(AV1Block.wide4(size), AV1Block.high4(size)) * 4
            let chromaIs4x4 = residualSizeIs4x4(size)
            let cflAllowed = lossless ? chromaIs4x4 : bigSide <= 32
            m.uvMode =
                cflAllowed
                ? symbols.symbol(AV1CDFs.offset(.uvModeCflAllowed, m.yMode), count: 14)
                : symbols.symbol(AV1CDFs.offset(.uvModeCflNotAllowed, m.yMode), count: 13)
            if m.uvMode == AV1IntraMode.cfl { readCflAlphas(&m) }
            m.angleDeltaUV = angleDelta(m.uvMode, size)
        }
        let width = AV1Block.wide4(size) * 4
        let height = AV1Block.high4(size) * 4
        if size >= AV1Block.block8x8 && width <= 64 && height <= 64 && frame.allowScreenContentTools {
            readPaletteModeInfo(&m, r, c, size)
        }
        if sequence.enableFilterIntra && m.yMode == AV1IntraMode.dc && m.paletteY.isEmpty && max(width, height) <= 32 {
            m.useFilterIntra = symbols.symbol(AV1CDFs.offset(.filterIntra, size), count: 2) == 1
            if m.useFilterIntra { m.filterIntraMode = symbols.symbol(AV1CDFs.offset(.filterIntraMode), count: 5) }
        }
    }

    /// read_block_tx_size().
    mutating func readBlockTxSize(_ m: inout AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) {
        if m.useIntraBC { return readIntraBCTxSize(&m, r, c, size) }
        m.txSize = frame.lossless[m.segmentID] ? 0 : readTxSize(size, r, c, isInside(r - 1, c), isInside(r, c - 1))
    }

    /// Whether the block's chroma residual is 4×4 (get_plane_residual_size(MiSize, 1) == BLOCK_4X4).
    private func residualSizeIs4x4(_ size: Int) -> Bool {
        let colour = sequence.colour
        let w = AV1Block.widthLog2[size] - colour.subsamplingX
        let h = AV1Block.heightLog2[size] - colour.subsamplingY
        return w <= 0 && h <= 0
    }

    /// intra_angle_info: a directional mode's angle delta, -3...3, in blocks of 8×8 and up.
    private mutating func angleDelta(_ mode: Int, _ size: Int) -> Int {
        guard size >= AV1Block.block8x8, AV1IntraMode.isDirectional(mode) else { return 0 }
        return symbols.symbol(AV1CDFs.offset(.angleDelta, mode - AV1IntraMode.vertical), count: 7) - 3
    }

    /// read_cfl_alphas().
    private mutating func readCflAlphas(_ m: inout AV1BlockModes) {
        let signs = symbols.symbol(AV1CDFs.offset(.cflSign), count: 8)
        let signU = (signs + 1) / 3
        let signV = (signs + 1) % 3
        if signU != 0 {
            let alpha = 1 + symbols.symbol(AV1CDFs.offset(.cflAlpha, (signU - 1) * 3 + signV), count: 16)
            m.cflAlphaU = signU == 1 ? -alpha : alpha
        }
        if signV != 0 {
            let alpha = 1 + symbols.symbol(AV1CDFs.offset(.cflAlpha, (signV - 1) * 3 + signU), count: 16)
            m.cflAlphaV = signV == 1 ? -alpha : alpha
        }
    }

    /// read_tx_size(allowSelect: true) of an intra block: the largest transform, split tx_depth
    /// times when the frame lets each block choose.
    private mutating func readTxSize(_ size: Int, _ r: Int, _ c: Int, _ up: Bool, _ left: Bool) -> Int {
        var tx = AV1Block.maxTxSizeRect[size]
        guard size > AV1Block.block4x4, frame.txModeSelect else { return tx }
        // A neighbour that copied (IsInters) counts by its block's extent, others by their transform's.
        func aboveWidth(_ i: Int) -> Int {
            grid.kinds[i] == 2 ? AV1Block.wide4(Int(grid.blockSizes[i])) * 4 : AV1TxSize.width[Int(grid.txSizes[i])]
        }
        func leftHeight(_ i: Int) -> Int {
            grid.kinds[i] == 2 ? AV1Block.high4(Int(grid.blockSizes[i])) * 4 : AV1TxSize.height[Int(grid.txSizes[i])]
        }
        let aboveWidth = up ? aboveWidth(grid.index(r - 1, c)) : 0
        let leftHeight = left ? leftHeight(grid.index(r, c - 1)) : 0
        let ctx = (aboveWidth >= AV1TxSize.width[tx] ? 1 : 0) + (leftHeight >= AV1TxSize.height[tx] ? 1 : 0)
        let depth: Int
        switch AV1Block.maxTxDepth[size] {
        case 4: depth = symbols.symbol(AV1CDFs.offset(.tx64x64, ctx), count: 3)
        case 3: depth = symbols.symbol(AV1CDFs.offset(.tx32x32, ctx), count: 3)
        case 2: depth = symbols.symbol(AV1CDFs.offset(.tx16x16, ctx), count: 3)
        default: depth = symbols.symbol(AV1CDFs.offset(.tx8x8, ctx), count: 2)
        }
        for _ in 0..<depth { tx = AV1TxSize.split[tx] }
        return tx
    }
}
