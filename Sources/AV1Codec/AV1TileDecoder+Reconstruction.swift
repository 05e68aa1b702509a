import ImageCore

/// What the tile decoder keeps for reconstruction: the prediction and transform buffers, and
/// BlockDecoded, the flags of which 4×4 units of the superblock (and its border) are decoded.
struct AV1ReconstructionState {
    var predictor = AV1IntraPredictor()
    var transform = AV1InverseTransform()
    /// BlockDecoded[plane][-1 ... 32][-1 ... 32], 34 a row, 34 × 34 a plane.
    var blockDecoded = [UInt8](repeating: 0, count: 3 * 34 * 34)
    /// MaxLumaW and MaxLumaH: the luma the last luma transform block reached, for CfL.
    var maxLumaW = 0, maxLumaH = 0
    /// CfL's subsampled luma, up to 32 × 32.
    var cflLuma = [Int](repeating: 0, count: 32 * 32)

    /// Where BlockDecoded[plane][row][column] is (clamped to the 34 × 34 a plane holds: a valid
    /// partition never reaches past it).
    @inline(__always) static func decodedIndex(_ plane: Int, _ row: Int, _ column: Int) -> Int {
        plane * 34 * 34 + (min(max(row, -1), 32) + 1) * 34 + min(max(column, -1), 32) + 1
    }
}

extension AV1TileDecoder {
    /// clear_block_decoded_flags(r, c, sbSize4).
    mutating func clearBlockDecoded(_ r: Int, _ c: Int) {
        let sbSize4 = AV1Block.wide4(superblockSize)
        let colour = sequence.colour
        for plane in 0..<colour.planes {
            let subX = plane > 0 ? colour.subsamplingX : 0
            let subY = plane > 0 ? colour.subsamplingY : 0
            let sbWidth4 = (columnEnd - c) >> subX
            let sbHeight4 = (rowEnd - r) >> subY
            for y in -1...(sbSize4 >> subY) {
                for x in -1...(sbSize4 >> subX) {
                    let decoded = (y < 0 && x < sbWidth4) || (x < 0 && y < sbHeight4)
                    recon.blockDecoded[AV1ReconstructionState.decodedIndex(plane, y, x)] = decoded ? 1 : 0
                }
            }
            recon.blockDecoded[AV1ReconstructionState.decodedIndex(plane, sbSize4 >> subY, -1)] = 0
        }
    }

    /// transform_block(): predicts one transform block, reads and adds its residual, and marks
    /// it decoded. `x` and `y` are its place in the block in 4×4 units of the plane.
    mutating func transformBlock(
        _ m: AV1BlockModes, _ plane: Int, _ startX: Int, _ startY: Int, _ tx: Int, x: Int, y: Int,
        _ r: Int, _ c: Int, _ size: Int
    ) throws(DecodeError) {
        let colour = sequence.colour
        let subX = plane > 0 ? colour.subsamplingX : 0
        let subY = plane > 0 ? colour.subsamplingY : 0
        let row = (startY << subY) >> 2
        let col = (startX << subX) >> 2
        let sbMask = sequence.use128x128Superblock ? 31 : 15
        let sbRow = (row & sbMask) >> subY
        let sbCol = (col & sbMask) >> subX
        let stepX = AV1TxSize.width[tx] >> 2
        let stepY = AV1TxSize.height[tx] >> 2
        let stride = planes.strides[plane]
        let offset = planes.offsets[plane]
        let bitDepth = colour.bitDepth
        let palette = plane == 0 ? m.paletteY : plane == 1 ? m.paletteU : m.paletteV
        if m.useIntraBC {
            // Predicted whole before the residual (predictIntraBC).
        } else if !palette.isEmpty {
            predictPalette(palette, plane: plane, startX, startY, x: x, y: y, tx)
        } else {
            let isCfl = plane > 0 && m.uvMode == AV1IntraMode.cfl
            var q = AV1IntraPredictor.Request()
            q.x = startX
            q.y = startY
            let (availL, availU) = availability(plane, r, c, size)
            q.haveLeft = availL || x > 0
            q.haveAbove = availU || y > 0
            q.haveAboveRight =
                recon.blockDecoded[AV1ReconstructionState.decodedIndex(plane, sbRow - 1, sbCol + stepX)] != 0
            q.haveBelowLeft =
                recon.blockDecoded[AV1ReconstructionState.decodedIndex(plane, sbRow + stepY, sbCol - 1)] != 0
            q.mode = plane == 0 ? m.yMode : isCfl ? AV1IntraMode.dc : m.uvMode
            q.log2W = AV1TxSize.widthLog2[tx]
            q.log2H = AV1TxSize.heightLog2[tx]
            q.angleDelta = plane == 0 ? m.angleDeltaY : m.angleDeltaUV
            q.filterIntra = plane == 0 && m.useFilterIntra
            q.filterIntraMode = m.filterIntraMode
            q.maxX = ((frame.miCols * 4) >> subX) - 1
            q.maxY = ((frame.miRows * 4) >> subY) - 1
            q.bitDepth = bitDepth
            q.edgeFilter = sequence.enableIntraEdgeFilter
            if q.edgeFilter && AV1IntraMode.isDirectional(q.mode) {
                q.smoothNeighbour = smoothNeighbour(plane, r, c, size)
            }
            let request = q
            // The predictor is taken out for the call: used from inside the closure, its edge
            // buffers would be shared, and copied on each write.
            var predictor = recon.predictor
            recon.predictor = AV1IntraPredictor(empty: ())
            planes.samples.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                predictor.predict(request, plane: base + offset, stride: stride)
            }
            recon.predictor = predictor
            if isCfl { predictChromaFromLuma(plane, startX, startY, tx, alpha: plane == 1 ? m.cflAlphaU : m.cflAlphaV) }
        }
        if plane == 0 {
            recon.maxLumaW = startX + stepX * 4
            recon.maxLumaH = startY + stepY * 4
        }
        if !m.skip {
            let outcome = try coefficients(m, plane, startX, startY, tx, size)
            if outcome.eob > 0 {
                reconstruct(
                    m, plane, startX, startY, tx, outcome.txType, eob: outcome.eob, nonZero: outcome.nonZeroCount)
            }
        }
        for i in 0..<stepY {
            for j in 0..<stepX where sbRow + i <= 32 && sbCol + j <= 32 {
                recon.blockDecoded[AV1ReconstructionState.decodedIndex(plane, sbRow + i, sbCol + j)] = 1
            }
        }
        // LoopfilterTxSizes, in the plane's 4×4 units (within the frame's units).
        let unitRow = startY >> 2
        let unitColumn = startX >> 2
        for i in 0..<stepY where unitRow + i < grid.rows {
            let base = plane * grid.rows * grid.columns + (unitRow + i) * grid.columns
            for j in 0..<stepX where unitColumn + j < grid.columns {
                grid.loopFilterTxSizes[base + unitColumn + j] = UInt8(tx)
            }
        }
    }

    /// AvailL/AvailU, or AvailLChroma/AvailUChroma, of the block at (r, c).
    private func availability(_ plane: Int, _ r: Int, _ c: Int, _ size: Int) -> (left: Bool, up: Bool) {
        let availU = isInside(r - 1, c)
        let availL = isInside(r, c - 1)
        guard plane > 0 else { return (availL, availU) }
        let colour = sequence.colour
        var up = availU
        var left = availL
        if colour.subsamplingY == 1 && AV1Block.high4(size) == 1 { up = isInside(r - 2, c) }
        if colour.subsamplingX == 1 && AV1Block.wide4(size) == 1 { left = isInside(r, c - 2) }
        return (left, up)
    }

    /// get_filter_type(): whether the block above or left is smoothly predicted.
    private func smoothNeighbour(_ plane: Int, _ miRow: Int, _ miCol: Int, _ size: Int) -> Bool {
        let (availL, availU) = availability(plane, miRow, miCol, size)
        let colour = sequence.colour
        func isSmooth(_ r: Int, _ c: Int) -> Bool {
            guard r >= 0, c >= 0, r < grid.rows, c < grid.columns else { return false }
            let mode = Int(plane == 0 ? grid.yModes[grid.index(r, c)] : grid.uvModes[grid.index(r, c)])
            return mode == AV1IntraPredictor.smooth || mode == AV1IntraPredictor.smoothV
                || mode == AV1IntraPredictor.smoothH
        }
        var result = false
        if availU {
            var r = miRow - 1
            var c = miCol
            if plane > 0 {
                if colour.subsamplingX == 1 && miCol & 1 == 0 { c += 1 }
                if colour.subsamplingY == 1 && miRow & 1 == 1 { r -= 1 }
            }
            result = isSmooth(r, c)
        }
        if availL && !result {
            var r = miRow
            var c = miCol - 1
            if plane > 0 {
                if colour.subsamplingX == 1 && miCol & 1 == 1 { c -= 1 }
                if colour.subsamplingY == 1 && miRow & 1 == 0 { r += 1 }
            }
            result = isSmooth(r, c)
        }
        return result
    }

    /// The palette prediction process (7.11.4).
    private mutating func predictPalette(
        _ palette: [UInt16], plane: Int, _ startX: Int, _ startY: Int, x: Int, y: Int, _ tx: Int
    ) {
        let w = AV1TxSize.width[tx]
        let h = AV1TxSize.height[tx]
        let stride = planes.strides[plane]
        let offset = planes.offsets[plane]
        let map = plane == 0 ? colourMapY : colourMapUV
        let last = palette.count - 1
        for i in 0..<h {
            let mapRow = min(y * 4 + i, 63) * 64
            for j in 0..<w {
                let index = Int(map[mapRow + min(x * 4 + j, 63)])
                planes.samples[offset + (startY + i) * stride + startX + j] = palette[min(index, last)]
            }
        }
    }

    /// The predict chroma from luma process (7.11.5): the DC prediction already in the block,
    /// plus alpha times the block's luma less its average.
    private mutating func predictChromaFromLuma(_ plane: Int, _ startX: Int, _ startY: Int, _ tx: Int, alpha: Int) {
        let colour = sequence.colour
        let subX = colour.subsamplingX
        let subY = colour.subsamplingY
        let w = AV1TxSize.width[tx]
        let h = AV1TxSize.height[tx]
        guard w <= 32, h <= 32 else { return }
        let lumaStride = planes.strides[0]
        let stride = planes.strides[plane]
        let offset = planes.offsets[plane]
        let maxY = max(recon.maxLumaH - (1 << subY), 0)
        let maxX = max(recon.maxLumaW - (1 << subX), 0)
        let bitDepth = colour.bitDepth
        // Raw pointers over the frame and the scratch: this runs on every chroma sample of a
        // CfL block, and the checked subscripts were most of its time.
        planes.samples.withUnsafeMutableBufferPointer { frame in
            recon.cflLuma.withUnsafeMutableBufferPointer { scratch in
                guard let samples = frame.baseAddress, let luma = scratch.baseAddress else { return }
                let lastLuma =
                    (min((startY + h - 1) << subY, maxY) + subY) * lumaStride + min((startX + w - 1) << subX, maxX)
                    + subX
                precondition(
                    startX >= 0 && startY >= 0 && lastLuma < frame.count
                        && offset + (startY + h - 1) * stride + startX + w <= frame.count,
                    "a CfL block past the frame")
                var sum = 0
                for i in 0..<h {
                    let lumaY = min((startY + i) << subY, maxY)
                    for j in 0..<w {
                        let lumaX = min((startX + j) << subX, maxX)
                        let at = samples + lumaY * lumaStride + lumaX
                        var t = Int(at[0])
                        if subX != 0 { t &+= Int(at[1]) }
                        if subY != 0 {
                            t &+= Int(at[lumaStride])
                            if subX != 0 { t &+= Int(at[lumaStride + 1]) }
                        }
                        let v = t << (3 - subX - subY)
                        luma[i * w + j] = v
                        sum &+= v
                    }
                }
                let average = AV1IntraPredictor.round2(sum, AV1TxSize.widthLog2[tx] + AV1TxSize.heightLog2[tx])
                for i in 0..<h {
                    let row = samples + offset + (startY + i) * stride + startX
                    for j in 0..<w {
                        let scaled = AV1IntraPredictor.round2Signed(alpha * (luma[i * w + j] - average), 6)
                        row[j] = AV1IntraPredictor.clip1(Int(row[j]) + scaled, bitDepth)
                    }
                }
            }
        }
    }
}
