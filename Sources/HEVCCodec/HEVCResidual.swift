import ImageCore

/// What residual_coding() found of a transform block, for its scaling and transform.
struct HEVCResidualBlock {
    var transformSkip: Bool
    /// The largest column and row holding a level: the transform passes over the rest, all zero.
    var maxX: Int
    var maxY: Int
}

/// The scaling of 8.6.2 and 8.6.3 a level goes through as it is decoded, so that the transform
/// reads scaled coefficients without a pass over the block: m (16, or the scaling list's factor
/// at the level's position) times levelScale << qP / 6, rounded, shifted and clipped to 16 bits.
struct HEVCLevelScaling {
    private static let levelScale: [Int64] = [40, 45, 51, 57, 64, 72]
    let scale: Int64, shift: Int64, rounding: Int64
    /// The scaling list's factors, row-major; nil for m = 16 everywhere.
    let factors: [UInt8]?

    init(qp: Int, bitDepth: Int, log2Size: Int, factors: [UInt8]?) {
        shift = Int64(bitDepth + log2Size - 5)
        scale = Self.levelScale[qp % 6] << Int64(qp / 6)
        rounding = Int64(1) << (shift - 1)
        self.factors = factors
    }

    @inline(__always)
    func scaled(_ level: Int32, at i: Int) -> Int32 {
        var m: Int64 = 16
        if let factors { m = Int64(factors[i]) }
        // At most 2^15 * 255 * 72 * 2^(max qP / 6): far from 2^63.
        let value = (Int64(level) &* m &* scale &+ rounding) &>> shift
        return Int32(value < -32768 ? -32768 : (value > 32767 ? 32767 : value))
    }
}

/// residual_coding() (H.265 7.3.8.11) with the context selection of 9.3.4.2.4 to 9.3.4.2.7:
/// the last position, coded sub-blocks, significance, greater-1 and greater-2 flags, signs (with
/// sign data hiding) and Rice-coded remainders. Leaves the levels in `coefficients`, row-major.
/// The engine is taken into a local for the block and the small per-sub-block sets are bit
/// masks: this runs for every coefficient, and a class property or an array there cost an
/// exclusivity check or an allocation each time.
extension HEVCSliceDecoder {
    /// ctxIdxMap of 9.3.4.2.5 for 4×4 blocks, entry i in bits 4i to 4i+3 (the 16th entry is never
    /// used: it is always the last).
    private static let contextMap4x4: UInt64 = 0x8877_8866_5432_5410

    /// sigCtx of 9.3.4.2.5 before its offset, by position in a sub-block's scan, 4 bits each: 4×4
    /// blocks' ctxIdxMap at [scanIdx], larger blocks' by the coded sub-blocks right and below
    /// (prevCsbf) at [3 + scanIdx * 4 + prevCsbf]. (Worked out a coefficient, it was a branchy
    /// sixth of the significance loop.)
    private static let significanceContexts: [UInt64] = {
        var tables = [UInt64](repeating: 0, count: 15)
        let scans = UnsafePointer(HEVCScan.packed.base)
        for scanIdx in 0..<3 {
            let positions = scans + (scanIdx * 4 + 2) * 64
            for p in 0..<16 {
                let xP = Int(positions[p]) & 15, yP = Int(positions[p]) >> 4
                tables[scanIdx] |= (contextMap4x4 >> UInt64((yP << 4) + (xP << 2)) & 15) << UInt64(4 * p)
                for prevCsbf in 0..<4 {
                    let sigCtx: Int
                    switch prevCsbf {
                    case 0: sigCtx = xP + yP == 0 ? 2 : (xP + yP < 3 ? 1 : 0)
                    case 1: sigCtx = yP == 0 ? 2 : (yP == 1 ? 1 : 0)
                    case 2: sigCtx = xP == 0 ? 2 : (xP == 1 ? 1 : 0)
                    default: sigCtx = 2
                    }
                    tables[3 + scanIdx * 4 + prevCsbf] |= UInt64(sigCtx) << UInt64(4 * p)
                }
            }
        }
        return tables
    }()

    /// `scaling`: nil under transquant bypass, where the levels are the residual.
    func residualCoding(
        plane: Int, log2Size: Int, mode: Int, bypass: Bool, scaling: HEVCLevelScaling?
    ) throws(DecodeError) -> HEVCResidualBlock {
        let n = 1 << log2Size
        let coefficients = self.coefficients
        coefficients.update(repeating: 0, count: n * n)
        var c = cabac
        defer { cabac = c }
        let chroma = plane > 0
        var transformSkip = false
        if pps.transformSkipEnabled && !bypass && log2Size == 2 {
            transformSkip = c.decode(HEVCContext.transformSkip + (chroma ? 1 : 0)) == 1
        }
        let offset = chroma ? 15 : 3 * (log2Size - 2) + ((log2Size - 1) >> 2)
        let shift = chroma ? log2Size - 2 : (log2Size + 1) >> 2
        let maxPrefix = (log2Size << 1) - 1
        var prefixX = 0, prefixY = 0
        while prefixX < maxPrefix && c.decode(HEVCContext.lastX + offset + (prefixX >> shift)) == 1 { prefixX += 1 }
        while prefixY < maxPrefix && c.decode(HEVCContext.lastY + offset + (prefixY >> shift)) == 1 { prefixY += 1 }
        var lastX = prefixX, lastY = prefixY
        if prefixX > 3 {
            let bits = (prefixX >> 1) - 1
            lastX = (1 << bits) * (2 + (prefixX & 1)) + c.bypassBits(bits)
        }
        if prefixY > 3 {
            let bits = (prefixY >> 1) - 1
            lastY = (1 << bits) * (2 + (prefixY & 1)) + c.bypassBits(bits)
        }
        var scanIdx = 0
        if log2Size == 2 || (log2Size == 3 && !chroma) {
            if (6...14).contains(mode) { scanIdx = 2 } else if (22...30).contains(mode) { scanIdx = 1 }
        }
        if scanIdx == 2 { swap(&lastX, &lastY) }
        let log2Sb = log2Size - 2
        let sbWidth = 1 << log2Sb
        let significanceContexts = Self.significanceContexts
        let scans = UnsafePointer(HEVCScan.packed.base)
        let subBlocks = scans + (scanIdx * 4 + log2Sb) * 64
        let positions = scans + (scanIdx * 4 + 2) * 64
        // The last position's index in the sub-block scan and in its sub-block's scan.
        let lastCell = UInt8((lastX >> 2) | (lastY >> 2) << 4), lastInCell = UInt8((lastX & 3) | (lastY & 3) << 4)
        var lastSubBlock = 0
        while lastSubBlock < sbWidth * sbWidth && subBlocks[lastSubBlock] != lastCell { lastSubBlock += 1 }
        var lastPosition = 0
        while lastPosition < 16 && positions[lastPosition] != lastInCell { lastPosition += 1 }
        guard lastSubBlock < sbWidth * sbWidth, lastPosition < 16 else {
            throw .corrupt("last significant coefficient position")
        }

        let sigBase = HEVCContext.significant + (chroma ? 27 : 0)
        let signHiding = pps.signDataHiding && !bypass
        var block = HEVCResidualBlock(transformSkip: transformSkip, maxX: 0, maxY: 0)
        var coded: UInt64 = 0  // bit yS * 8 + xS
        var greater1State = 1
        var i = lastSubBlock + 1
        while i > 0 {
            i -= 1
            let cell = Int(subBlocks[i])
            let xS = cell & 15, yS = cell >> 4
            let right = xS + 1 < sbWidth && coded >> UInt64(yS * 8 + xS + 1) & 1 != 0
            let below = yS + 1 < sbWidth && coded >> UInt64((yS + 1) * 8 + xS) & 1 != 0
            var inferDC = false
            if i < lastSubBlock && i > 0 {
                let context = HEVCContext.codedSubBlock + ((right || below) ? 1 : 0) + (chroma ? 2 : 0)
                guard c.decode(context) == 1 else { continue }
                inferDC = true
            }
            coded |= 1 << UInt64(yS * 8 + xS)
            // The significant positions in reverse scan order, 4 bits each.
            var significant: UInt64 = 0
            var count = 0
            if i == lastSubBlock {
                significant = UInt64(lastPosition)
                count = 1
            }
            let prevCsbf = (right ? 1 : 0) | (below ? 2 : 0)
            let lumaOffset = (xS + yS > 0 ? 3 : 0) + (log2Size == 3 ? (scanIdx == 0 ? 9 : 15) : 21)
            let sigOffset = log2Size == 2 ? 0 : (chroma ? (log2Size == 3 ? 9 : 12) : lumaOffset)
            let contexts = significanceContexts[log2Size == 2 ? scanIdx : 3 + scanIdx * 4 + prevCsbf]
            // The DC of a larger block's first sub-block has a context of its own.
            let dcContext = log2Size > 2 && xS + yS == 0 ? 0 : Int(contexts & 15) + sigOffset
            var p = i == lastSubBlock ? lastPosition - 1 : 15
            while p >= 0 {
                if p > 0 || !inferDC {
                    let sigCtx = p == 0 ? dcContext : Int(contexts &>> UInt64(4 &* p) & 15) &+ sigOffset
                    if c.decode(sigBase &+ sigCtx) == 1 {
                        significant |= UInt64(p) &<< UInt64(4 &* count)
                        count &+= 1
                        inferDC = false
                    }
                } else {
                    count &+= 1  // position 0, inferred
                }
                p &-= 1
            }
            guard count > 0 else { continue }
            try decodeLevels(
                &c, significant: significant, count: count, subBlock: i, xS: xS, yS: yS, n: n, chroma: chroma,
                signHiding: signHiding, positions: positions, scaling: scaling, greater1State: &greater1State,
                block: &block)
        }
        return block
    }

    /// The levels and signs of one sub-block's `count` significant positions (in reverse scan order).
    @inline(always)
    private func decodeLevels(
        _ c: inout HEVCCabac, significant: UInt64, count: Int, subBlock: Int, xS: Int, yS: Int, n: Int, chroma: Bool,
        signHiding: Bool, positions: UnsafePointer<UInt8>, scaling: HEVCLevelScaling?, greater1State: inout Int,
        block: inout HEVCResidualBlock
    ) throws(DecodeError) {
        var ctxSet = (subBlock == 0 || chroma) ? 0 : 2
        if greater1State == 0 { ctxSet += 1 }
        greater1State = 1
        let greater1Base = HEVCContext.greater1 + ctxSet * 4 + (chroma ? 16 : 0)
        var greater1 = 0  // bit k
        var firstGreater1 = -1
        for k in 0..<(count < 8 ? count : 8) {
            if c.decode(greater1Base + greater1State) == 1 {
                greater1 |= 1 << k
                greater1State = 0
                if firstGreater1 < 0 { firstGreater1 = k }
            } else if greater1State > 0 && greater1State < 3 {
                greater1State += 1
            }
        }
        var greater2 = false
        if firstGreater1 >= 0 {
            greater2 = c.decode(HEVCContext.greater2 + ctxSet + (chroma ? 4 : 0)) == 1
        }
        @inline(__always) func position(_ k: Int) -> Int { Int(significant &>> UInt64(4 &* k) & 15) }
        let signHidden = signHiding && position(0) - position(count - 1) > 3
        let signCount = signHidden ? count - 1 : count
        let signs = c.bypassBits(signCount)  // the first position's sign the most significant bit
        let coefficients = self.coefficients
        var rice = 0
        var sum = 0
        var (maxX, maxY) = (block.maxX, block.maxY)
        for k in 0..<count {
            // Wrapping arithmetic and masked shifts (by less than 64): levels are at most 32768 and
            // the sum of 16 of them, positions below 32, so none of the checks could fail.
            var base = 1
            if k < 8 && greater1 &>> k & 1 != 0 { base &+= 1 }
            if k == firstGreater1 && greater2 { base &+= 1 }
            var level = base
            if base == (k < 8 ? (k == firstGreater1 ? 3 : 2) : 1) {
                level &+= try decodeRemaining(&c, rice: rice)
                if level > 3 &* (1 &<< rice) && rice < 4 { rice &+= 1 }
            }
            if level > 32768 { level = 32768 }
            sum &+= level
            var value = Int32(truncatingIfNeeded: level)
            if k < signCount && signs &>> (signCount &- 1 &- k) & 1 != 0 { value = 0 &- value }
            if signHidden && k == count &- 1 && sum & 1 == 1 { value = 0 &- value }
            let p = Int(positions[position(k)])
            let x = xS &* 4 &+ p & 15, y = yS &* 4 &+ p &>> 4
            if let scaling { value = scaling.scaled(value, at: y &* n &+ x) }
            coefficients[y &* n &+ x] = value
            if x > maxX { maxX = x }
            if y > maxY { maxY = y }
        }
        (block.maxX, block.maxY) = (maxX, maxY)
    }

    /// coeff_abs_level_remaining (9.3.3.11): a Rice prefix of up to 4, then Exp-Golomb of order rice + 1.
    @inline(always)
    private func decodeRemaining(_ c: inout HEVCCabac, rice: Int) throws(DecodeError) -> Int {
        // A prefix of at most 3 and its rice bits (8 bins at most) from one quotient of 8 bins.
        let next = c.peekBypass8()
        let run = (~(next << 24)).leadingZeroBitCount
        if run <= 3 {
            let taken = run + 1 + rice
            c.skipBypass(taken, of: next)
            return (run << rice) + Int(next >> UInt32(8 - taken) & ((1 << UInt32(rice)) - 1))
        }
        // The long prefix (rare) on a copy of the engine: `c` itself passed to a call would keep the
        // engine in memory through the whole residual loop, not in registers.
        var engine = c
        let prefix = engine.bypassOnes(limit: 28)
        c = engine
        guard prefix < 28 else { throw .corrupt("coeff_abs_level_remaining too long") }
        // A prefix over 3 here: the peek found four ones first.
        return (((1 << (prefix - 3)) + 2) << rice) + c.bypassBits(prefix - 3 + rice)
    }
}
