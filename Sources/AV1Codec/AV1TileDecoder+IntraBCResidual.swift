import ImageCore

/// What an intra block copy block shares with inter blocks: its transform sizes (var-tx,
/// read_block_tx_size with is_inter, 5.11.15-17), its luma transform tree (5.11.36), the inter
/// transform sets (5.11.47), and its prediction, a copy of the frame's decoded samples at the
/// vector (7.11.3 with the bilinear filter: whole samples in luma, halves in subsampled chroma).
extension AV1TileDecoder {
    /// read_block_tx_size() of an intra block copy block: InterTxSizes, unit by unit.
    mutating func readIntraBCTxSize(_ m: inout AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) {
        let bw4 = AV1Block.wide4(size)
        let bh4 = AV1Block.high4(size)
        let lossless = frame.lossless[m.segmentID]
        if frame.txModeSelect && size > AV1Block.block4x4 && !m.skip && !lossless {
            let maxTx = AV1Block.maxTxSizeRect[size]
            let txW4 = AV1TxSize.width[maxTx] >> 2
            let txH4 = AV1TxSize.height[maxTx] >> 2
            for row in stride(from: r, to: r + bh4, by: txH4) {
                for col in stride(from: c, to: c + bw4, by: txW4) {
                    readVarTxSize(&m, row, col, maxTx, depth: 0, r, c, size)
                }
            }
        } else {
            m.txSize = lossless ? 0 : AV1Block.maxTxSizeRect[size]
            setInterTxSize(m.txSize, r, c, w4: bw4, h4: bh4)
        }
    }

    private mutating func setInterTxSize(_ tx: Int, _ row: Int, _ col: Int, w4: Int, h4: Int) {
        for i in row..<min(row + h4, grid.rows) {
            for j in col..<min(col + w4, grid.columns) { grid.txSizes[grid.index(i, j)] = UInt8(tx) }
        }
    }

    /// read_var_tx_size(): split a transform in four (or two) while txfm_split says so, twice at most.
    private mutating func readVarTxSize(
        _ m: inout AV1BlockModes, _ row: Int, _ col: Int, _ tx: Int, depth: Int, _ r: Int, _ c: Int, _ size: Int
    ) {
        guard row < frame.miRows, col < frame.miCols else { return }
        var split = false
        if tx != 0 && depth != 2 {
            split = symbols.symbol(AV1CDFs.offset(.txfmSplit, splitContext(row, col, tx, r, c, size)), count: 2) == 1
        }
        let w4 = AV1TxSize.width[tx] >> 2
        let h4 = AV1TxSize.height[tx] >> 2
        if split {
            let sub = AV1TxSize.split[tx]
            let stepW = AV1TxSize.width[sub] >> 2
            let stepH = AV1TxSize.height[sub] >> 2
            for i in stride(from: 0, to: h4, by: stepH) {
                for j in stride(from: 0, to: w4, by: stepW) {
                    readVarTxSize(&m, row + i, col + j, sub, depth: depth + 1, r, c, size)
                }
            }
        } else {
            setInterTxSize(tx, row, col, w4: w4, h4: h4)
            m.txSize = tx
        }
    }

    /// txfm_split's context: the neighbours' transform extents against this one, and its depth.
    private func splitContext(_ row: Int, _ col: Int, _ tx: Int, _ r: Int, _ c: Int, _ size: Int) -> Int {
        func aboveWidth() -> Int {
            if row == r {
                guard isInside(r - 1, col) else { return 64 }
                let i = grid.index(row - 1, col)
                if grid.skips[i] == 1 && grid.kinds[i] == 2 { return AV1Block.wide4(Int(grid.blockSizes[i])) * 4 }
            }
            return AV1TxSize.width[Int(grid.txSizes[grid.index(row - 1, col)])]
        }
        func leftHeight() -> Int {
            if col == c {
                guard isInside(row, c - 1) else { return 64 }
                let i = grid.index(row, col - 1)
                if grid.skips[i] == 1 && grid.kinds[i] == 2 { return AV1Block.high4(Int(grid.blockSizes[i])) * 4 }
            }
            return AV1TxSize.height[Int(grid.txSizes[grid.index(row, col - 1)])]
        }
        let above = aboveWidth() < AV1TxSize.width[tx] ? 1 : 0
        let left = leftHeight() < AV1TxSize.height[tx] ? 1 : 0
        let side = min(64, max(AV1Block.wide4(size), AV1Block.high4(size)) * 4)
        let maxTx = side == 4 ? 0 : side == 8 ? 1 : side == 16 ? 2 : side == 32 ? 3 : 4  // find_tx_size(side, side)
        return (AV1TxSize.squareUp[tx] != maxTx ? 3 : 0) + (4 - maxTx) * 6 + above + left
    }

    /// transform_tree(): the luma transform blocks of one 64×64 chunk, as InterTxSizes cut it.
    mutating func transformTree(
        _ m: AV1BlockModes, _ startX: Int, _ startY: Int, _ w: Int, _ h: Int, _ r: Int, _ c: Int, _ size: Int
    ) throws(DecodeError) {
        guard startX < frame.miCols * 4, startY < frame.miRows * 4 else { return }
        let tx = Int(grid.txSizes[grid.index(startY >> 2, startX >> 2)])
        if w <= AV1TxSize.width[tx] && h <= AV1TxSize.height[tx] {
            guard let found = (0..<19).first(where: { AV1TxSize.width[$0] == w && AV1TxSize.height[$0] == h }) else {
                throw .corrupt("AV1 transform tree without a transform size")
            }
            try transformBlock(m, 0, startX, startY, found, x: 0, y: 0, r, c, size)
        } else if w > h {
            try transformTree(m, startX, startY, w / 2, h, r, c, size)
            try transformTree(m, startX + w / 2, startY, w / 2, h, r, c, size)
        } else if w < h {
            try transformTree(m, startX, startY, w, h / 2, r, c, size)
            try transformTree(m, startX, startY + h / 2, w, h / 2, r, c, size)
        } else {
            try transformTree(m, startX, startY, w / 2, h / 2, r, c, size)
            try transformTree(m, startX + w / 2, startY, w / 2, h / 2, r, c, size)
            try transformTree(m, startX, startY + h / 2, w / 2, h / 2, r, c, size)
            try transformTree(m, startX + w / 2, startY + h / 2, w / 2, h / 2, r, c, size)
        }
    }

    /// transform_type() and compute_tx_type() of an intra block copy block: luma's read from the
    /// inter sets (and kept in TxTypes), chroma's taken from the luma at its place.
    mutating func intraBCTxType(_ m: AV1BlockModes, _ plane: Int, _ x4: Int, _ y4: Int, _ tx: Int) -> Int {
        let squareUp = AV1TxSize.squareUp[tx]
        // get_tx_set() with is_inter: 0 DCT only, 1-3 TX_SET_INTER_1...3.
        let set = squareUp > 3 ? 0 : frame.reducedTxSet || squareUp == 3 ? 3 : AV1TxSize.square[tx] == 2 ? 2 : 1
        if plane > 0 {
            let colour = sequence.colour
            let row = min(max(m.origin.row, y4 << colour.subsamplingY), grid.rows - 1)
            let col = min(max(m.origin.column, x4 << colour.subsamplingX), grid.columns - 1)
            let type = Int(grid.txTypes[grid.index(row, col)])
            let inSet: Bool
            switch set {
            case 0: inSet = type == AV1TxType.dctDct
            case 1: inSet = true
            case 2: inSet = type < 12  // all but V_ADST, H_ADST, V_FLIPADST, H_FLIPADST
            default: inSet = type == AV1TxType.dctDct || type == AV1TxType.idtx
            }
            return inSet ? type : AV1TxType.dctDct
        }
        let q =
            frame.segmentation.enabled
            ? frame.segmentation.qIndex(m.segmentID, base: frame.quantization.baseQIndex)
            : frame.quantization.baseQIndex
        var type = AV1TxType.dctDct
        if set > 0 && q > 0 {
            let square = AV1TxSize.square[tx]
            switch set {
            case 1: type = Self.interInverse1[symbols.symbol(AV1CDFs.offset(.interTxTypeSet1, square), count: 16)]
            case 2: type = Self.interInverse2[symbols.symbol(AV1CDFs.offset(.interTxTypeSet2), count: 12)]
            default: type = symbols.symbol(AV1CDFs.offset(.interTxTypeSet3, square), count: 2) == 0 ? 9 : 0
            }
        }
        setLumaTxType(type, x4, y4, tx)
        return type
    }

    /// TxTypes over a luma transform block (DCT_DCT for one without coefficients).
    mutating func setLumaTxType(_ type: Int, _ x4: Int, _ y4: Int, _ tx: Int) {
        for i in y4..<min(y4 + (AV1TxSize.height[tx] >> 2), grid.rows) {
            for j in x4..<min(x4 + (AV1TxSize.width[tx] >> 2), grid.columns) {
                grid.txTypes[grid.index(i, j)] = UInt8(type)
            }
        }
    }

    /// Tx_Type_Inter_Inv_Set1 and Tx_Type_Inter_Inv_Set2.
    private static let interInverse1 = [9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 4, 5, 3, 6, 7, 8]
    private static let interInverse2 = [9, 10, 11, 0, 1, 2, 4, 5, 3, 6, 7, 8]

    /// The block's prediction in every plane it has: the decoded samples at the vector. Luma
    /// copies whole samples; subsampled chroma may fall half-way, averaged with rounding
    /// (the bilinear filter's two passes, exact at every bit depth). Reads are clamped to the
    /// decoded area (the units' extent, as dav1d's edge emulation for intra block copy).
    mutating func predictIntraBC(_ m: AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) {
        let colour = sequence.colour
        for plane in 0..<(m.hasChroma ? 3 : 1) {
            let subX = plane > 0 ? colour.subsamplingX : 0
            let subY = plane > 0 ? colour.subsamplingY : 0
            let planeSize = residualSize(size, plane)
            let w = AV1Block.wide4(planeSize) * 4
            let h = AV1Block.high4(planeSize) * 4
            let baseX = ((c >> subX) << subX) * 4 >> subX
            let baseY = ((r >> subY) << subY) * 4 >> subY
            // Positions in 1/16 samples of the plane.
            let px = (baseX << 4) + ((2 * m.mv.column) >> subX)
            let py = (baseY << 4) + ((2 * m.mv.row) >> subY)
            let fracX = px & 15
            let fracY = py & 15
            let x0 = px >> 4
            let y0 = py >> 4
            let lastX = ((frame.miCols * 4) >> subX) - 1
            let lastY = ((frame.miRows * 4) >> subY) - 1
            let stride = planes.strides[plane]
            let offset = planes.offsets[plane]
            planes.samples.withUnsafeMutableBufferPointer { s in
                @inline(__always) func at(_ y: Int, _ x: Int) -> Int {
                    Int(s[offset + min(max(y, 0), lastY) * stride + min(max(x, 0), lastX)])
                }
                for i in 0..<h {
                    let dst = offset + (baseY + i) * stride + baseX
                    for j in 0..<w {
                        let x = x0 + j
                        let y = y0 + i
                        let v: Int
                        switch (fracX != 0, fracY != 0) {
                        case (false, false): v = at(y, x)
                        case (true, false): v = (at(y, x) + at(y, x + 1) + 1) >> 1
                        case (false, true): v = (at(y, x) + at(y + 1, x) + 1) >> 1
                        case (true, true): v = (at(y, x) + at(y, x + 1) + at(y + 1, x) + at(y + 1, x + 1) + 2) >> 2
                        }
                        s[dst + j] = UInt16(truncatingIfNeeded: v)
                    }
                }
            }
        }
    }
}
