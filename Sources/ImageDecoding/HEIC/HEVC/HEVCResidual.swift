/// residual_coding() (H.265 7.3.8.11) with the context selection of 9.3.4.2.4 to 9.3.4.2.7:
/// the last position, coded sub-blocks, significance, greater-1 and greater-2 flags, signs (with
/// sign data hiding) and Rice-coded remainders. Leaves the levels in `coefficients`, row-major.
extension HEVCSliceDecoder {
    /// ctxIdxMap of 9.3.4.2.5 for 4×4 blocks (the 16th entry is never used: it is always the last).
    private static let contextMap4x4: [Int] = [0, 1, 4, 5, 2, 3, 4, 5, 6, 6, 8, 8, 7, 7, 8, 8]

    /// Returns transform_skip_flag.
    func residualCoding(plane: Int, log2Size: Int, mode: Int, bypass: Bool) throws(DecodeError) -> Bool {
        let n = 1 << log2Size
        for i in 0..<(n * n) { coefficients[i] = 0 }
        let chroma = plane > 0
        var transformSkip = false
        if pps.transformSkipEnabled && !bypass && log2Size == 2 {
            transformSkip = cabac.decode(HEVCContext.transformSkip + (chroma ? 1 : 0)) == 1
        }
        let offset = chroma ? 15 : 3 * (log2Size - 2) + ((log2Size - 1) >> 2)
        let shift = chroma ? log2Size - 2 : (log2Size + 1) >> 2
        let maxPrefix = (log2Size << 1) - 1
        var prefixX = 0, prefixY = 0
        while prefixX < maxPrefix && cabac.decode(HEVCContext.lastX + offset + (prefixX >> shift)) == 1 { prefixX += 1 }
        while prefixY < maxPrefix && cabac.decode(HEVCContext.lastY + offset + (prefixY >> shift)) == 1 { prefixY += 1 }
        var lastX = prefixX, lastY = prefixY
        if prefixX > 3 {
            let bits = (prefixX >> 1) - 1
            lastX = (1 << bits) * (2 + (prefixX & 1)) + cabac.bypassBits(bits)
        }
        if prefixY > 3 {
            let bits = (prefixY >> 1) - 1
            lastY = (1 << bits) * (2 + (prefixY & 1)) + cabac.bypassBits(bits)
        }
        var scanIdx = 0
        if log2Size == 2 || (log2Size == 3 && !chroma) {
            if (6...14).contains(mode) { scanIdx = 2 } else if (22...30).contains(mode) { scanIdx = 1 }
        }
        if scanIdx == 2 { swap(&lastX, &lastY) }
        let log2Sb = log2Size - 2
        let sbWidth = 1 << log2Sb
        let subBlocks = HEVCScan.orders[log2Sb][scanIdx]
        let positions = HEVCScan.orders[2][scanIdx]
        var lastSubBlock = sbWidth * sbWidth - 1
        var lastPosition = 16
        repeat {
            if lastPosition == 0 {
                lastPosition = 16
                lastSubBlock -= 1
                guard lastSubBlock >= 0 else { throw .corrupt("last significant coefficient position") }
            }
            lastPosition -= 1
        } while subBlocks[lastSubBlock].x * 4 + positions[lastPosition].x != lastX
            || subBlocks[lastSubBlock].y * 4 + positions[lastPosition].y != lastY

        var coded = [Bool](repeating: false, count: 64)
        var greater1State = 1
        var significant = [Int](repeating: 0, count: 16)
        for i in stride(from: lastSubBlock, through: 0, by: -1) {
            let xS = subBlocks[i].x, yS = subBlocks[i].y
            let right = xS + 1 < sbWidth && coded[yS * 8 + xS + 1]
            let below = yS + 1 < sbWidth && coded[(yS + 1) * 8 + xS]
            var inferDC = false
            if i < lastSubBlock && i > 0 {
                let context = HEVCContext.codedSubBlock + ((right || below) ? 1 : 0) + (chroma ? 2 : 0)
                coded[yS * 8 + xS] = cabac.decode(context) == 1
                inferDC = true
            } else {
                coded[yS * 8 + xS] = true
            }
            guard coded[yS * 8 + xS] else { continue }
            var count = 0
            if i == lastSubBlock {
                significant[0] = lastPosition
                count = 1
            }
            let prevCsbf = (right ? 1 : 0) | (below ? 2 : 0)
            for p in stride(from: i == lastSubBlock ? lastPosition - 1 : 15, through: 0, by: -1) {
                let xP = positions[p].x, yP = positions[p].y
                if p > 0 || !inferDC {
                    let xC = xS * 4 + xP, yC = yS * 4 + yP
                    var sigCtx: Int
                    if log2Size == 2 {
                        sigCtx = Self.contextMap4x4[(yC << 2) + xC]
                    } else if xC + yC == 0 {
                        sigCtx = 0
                    } else {
                        switch prevCsbf {
                        case 0: sigCtx = xP + yP == 0 ? 2 : (xP + yP < 3 ? 1 : 0)
                        case 1: sigCtx = yP == 0 ? 2 : (yP == 1 ? 1 : 0)
                        case 2: sigCtx = xP == 0 ? 2 : (xP == 1 ? 1 : 0)
                        default: sigCtx = 2
                        }
                        if !chroma {
                            if xS + yS > 0 { sigCtx += 3 }
                            sigCtx += log2Size == 3 ? (scanIdx == 0 ? 9 : 15) : 21
                        } else {
                            sigCtx += log2Size == 3 ? 9 : 12
                        }
                    }
                    if cabac.decode(HEVCContext.significant + (chroma ? 27 : 0) + sigCtx) == 1 {
                        significant[count] = p
                        count += 1
                        inferDC = false
                    }
                } else {
                    significant[count] = 0
                    count += 1
                }
            }
            guard count > 0 else { continue }
            try decodeLevels(
                significant: significant, count: count, subBlock: i, xS: xS, yS: yS, n: n, chroma: chroma,
                bypass: bypass, positions: positions, greater1State: &greater1State)
        }
        return transformSkip
    }

    /// The levels and signs of one sub-block's `count` significant positions (in reverse scan order).
    private func decodeLevels(
        significant: [Int], count: Int, subBlock: Int, xS: Int, yS: Int, n: Int, chroma: Bool, bypass: Bool,
        positions: [HEVCScan.Position], greater1State: inout Int
    ) throws(DecodeError) {
        var ctxSet = (subBlock == 0 || chroma) ? 0 : 2
        if greater1State == 0 { ctxSet += 1 }
        greater1State = 1
        var greater1 = [Bool](repeating: false, count: 8)
        var firstGreater1 = -1
        for k in 0..<min(count, 8) {
            let context = HEVCContext.greater1 + ctxSet * 4 + greater1State + (chroma ? 16 : 0)
            greater1[k] = cabac.decode(context) == 1
            if greater1[k] {
                greater1State = 0
                if firstGreater1 < 0 { firstGreater1 = k }
            } else if greater1State > 0 && greater1State < 3 {
                greater1State += 1
            }
        }
        var greater2 = false
        if firstGreater1 >= 0 {
            greater2 = cabac.decode(HEVCContext.greater2 + ctxSet + (chroma ? 4 : 0)) == 1
        }
        let signHidden = pps.signDataHiding && !bypass && significant[0] - significant[count - 1] > 3
        var signs = [Bool](repeating: false, count: 16)
        for k in 0..<count where !(signHidden && k == count - 1) { signs[k] = cabac.bypass() == 1 }
        var rice = 0
        var sum = 0
        for k in 0..<count {
            var base = 1
            if k < 8 && greater1[k] { base += 1 }
            if k == firstGreater1 && greater2 { base += 1 }
            var level = base
            if base == (k < 8 ? (k == firstGreater1 ? 3 : 2) : 1) {
                level += try decodeRemaining(rice: rice)
                if level > 3 * (1 << rice) { rice = min(rice + 1, 4) }
            }
            level = min(level, 32768)
            sum += level
            var value = Int32(level)
            if signs[k] { value = -value }
            if signHidden && k == count - 1 && sum & 1 == 1 { value = -value }
            let p = positions[significant[k]]
            coefficients[(yS * 4 + p.y) * n + xS * 4 + p.x] = value
        }
    }

    /// coeff_abs_level_remaining (9.3.3.11): a Rice prefix of up to 4, then Exp-Golomb of order rice + 1.
    private func decodeRemaining(rice: Int) throws(DecodeError) -> Int {
        var prefix = 0
        while cabac.bypass() == 1 {
            prefix += 1
            guard prefix < 28 else { throw .corrupt("coeff_abs_level_remaining too long") }
        }
        if prefix <= 3 { return (prefix << rice) + cabac.bypassBits(rice) }
        return (((1 << (prefix - 3)) + 2) << rice) + cabac.bypassBits(prefix - 3 + rice)
    }
}
