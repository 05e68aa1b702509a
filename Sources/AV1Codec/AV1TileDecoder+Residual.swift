import ImageCore

extension AV1TileDecoder {
    /// residual() of an intra block (AV1 5.11.34): its transform blocks, plane by plane, in
    /// 64×64 chunks.
    mutating func residual(_ m: AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) throws(DecodeError) {
        let width = AV1Block.wide4(size) * 4
        let height = AV1Block.high4(size) * 4
        let widthChunks = max(1, width >> 6)
        let heightChunks = max(1, height >> 6)
        let chunkSize = widthChunks > 1 || heightChunks > 1 ? AV1Block.block64x64 : size
        let colour = sequence.colour
        let lossless = frame.lossless[m.segmentID]
        for chunkY in 0..<heightChunks {
            for chunkX in 0..<widthChunks {
                for plane in 0..<(m.hasChroma ? 3 : 1) {
                    let tx = lossless ? 0 : txSize(plane, m.txSize, size)
                    let stepX = AV1TxSize.width[tx] >> 2
                    let stepY = AV1TxSize.height[tx] >> 2
                    let planeSize = residualSize(chunkSize, plane)
                    let subX = plane > 0 ? colour.subsamplingX : 0
                    let subY = plane > 0 ? colour.subsamplingY : 0
                    let baseX = (c >> subX) * 4
                    let baseY = (r >> subY) * 4
                    if m.useIntraBC && !lossless && plane == 0 {
                        let x = baseX + 64 * chunkX
                        let y = baseY + 64 * chunkY
                        let w = AV1Block.wide4(planeSize) * 4
                        let h = AV1Block.high4(planeSize) * 4
                        try transformTree(m, x, y, w, h, r, c, size)
                        continue
                    }
                    for y in stride(from: 0, to: AV1Block.high4(planeSize), by: stepY) {
                        for x in stride(from: 0, to: AV1Block.wide4(planeSize), by: stepX) {
                            let startX = baseX + 4 * (x + ((chunkX << 4) >> subX))
                            let startY = baseY + 4 * (y + ((chunkY << 4) >> subY))
                            guard startX < (frame.miCols * 4) >> subX, startY < (frame.miRows * 4) >> subY else {
                                continue
                            }
                            try transformBlock(
                                m, plane, startX, startY, tx, x: x + ((chunkX << 4) >> subX),
                                y: y + ((chunkY << 4) >> subY), r, c, size)
                        }
                    }
                }
            }
        }
    }

    /// coeffs(): the all_zero flag, then the coefficients of a block that has them (into `quant`).
    mutating func coefficients(
        _ m: AV1BlockModes, _ plane: Int, _ startX: Int, _ startY: Int, _ tx: Int, _ size: Int
    ) throws(DecodeError) -> CoefficientOutcome {
        let x4 = startX >> 2
        let y4 = startY >> 2
        let w4 = AV1TxSize.width[tx] >> 2
        let h4 = AV1TxSize.height[tx] >> 2
        let txSzCtx = (AV1TxSize.square[tx] + AV1TxSize.squareUp[tx] + 1) >> 1
        let colour = sequence.colour
        let planeSize = residualSize(size, plane)
        let ctx = levels.allZeroContext(
            plane: plane, x4: x4, y4: y4, w4: w4, h4: h4,
            maxX4: plane > 0 ? frame.miCols >> colour.subsamplingX : frame.miCols,
            maxY4: plane > 0 ? frame.miRows >> colour.subsamplingY : frame.miRows,
            coversBlock: AV1Block.wide4(planeSize) == w4 && AV1Block.high4(planeSize) == h4,
            blockIsLarger: AV1Block.wide4(planeSize) * AV1Block.high4(planeSize) > w4 * h4)
        let allZero = symbols.symbol(AV1CDFs.offset(.txbSkip, txSzCtx * 13 + ctx), count: 2) == 1
        var outcome = CoefficientOutcome()
        if !allZero {
            outcome = try readCoefficients(m, plane, x4, y4, tx, txSzCtx: txSzCtx)
        } else if m.useIntraBC && plane == 0 {
            setLumaTxType(AV1TxType.dctDct, x4, y4, tx)
        }
        levels.set(plane: plane, x4: x4, y4: y4, w4: w4, h4: h4, level: outcome.culLevel, dc: outcome.dcCategory)
        return outcome
    }

    /// get_plane_residual_size(): the block's size in a plane (4:2:0 and 4:4:4), at least 4×4.
    func residualSize(_ size: Int, _ plane: Int) -> Int {
        guard plane > 0 else { return size }
        let w = max(0, AV1Block.widthLog2[size] - sequence.colour.subsamplingX)
        let h = max(0, AV1Block.heightLog2[size] - sequence.colour.subsamplingY)
        return AV1Block.size(widthLog2: w, heightLog2: h) ?? AV1Block.block4x4
    }

    /// get_tx_size(): a chroma plane's transform, the largest of its residual block, no side 64.
    func txSize(_ plane: Int, _ lumaTx: Int, _ size: Int) -> Int {
        guard plane > 0 else { return lumaTx }
        let uv = AV1Block.maxTxSizeRect[residualSize(size, plane)]
        guard AV1TxSize.width[uv] == 64 || AV1TxSize.height[uv] == 64 else { return uv }
        if AV1TxSize.width[uv] == 16 { return 9 }  // TX_16X32
        if AV1TxSize.height[uv] == 16 { return 10 }  // TX_32X16
        return 3  // TX_32X32
    }

    /// reset_block_context(): a skipped block's transform blocks leave zero contexts.
    mutating func resetBlockContext(_ m: AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) {
        let colour = sequence.colour
        for plane in 0..<(m.hasChroma ? 3 : 1) {
            let subX = plane > 0 ? colour.subsamplingX : 0
            let subY = plane > 0 ? colour.subsamplingY : 0
            let x0 = c >> subX
            let x1 = (c + AV1Block.wide4(size)) >> subX
            let y0 = r >> subY
            let y1 = (r + AV1Block.high4(size)) >> subY
            for i in x0..<max(x0, x1) where i < levels.aboveLevel[plane].count {
                levels.aboveLevel[plane][i] = 0
                levels.aboveDC[plane][i] = 0
            }
            for i in y0..<max(y0, y1) where i < levels.leftLevel[plane].count {
                levels.leftLevel[plane][i] = 0
                levels.leftDC[plane][i] = 0
            }
        }
    }
}
