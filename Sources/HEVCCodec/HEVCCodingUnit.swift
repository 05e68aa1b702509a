import ImageCore

/// The coding quadtree, coding units, PCM samples and intra mode derivation (H.265 7.3.8.4,
/// 7.3.8.5, 7.3.8.7, 8.4.2, 8.4.3), and the QP of each coding unit (8.6.1).
extension HEVCSliceDecoder {
    func codingQuadtree(x0: Int, y0: Int, log2Size: Int, depth: Int) throws(DecodeError) {
        let size = 1 << log2Size
        let split: Bool
        if x0 + size <= sps.width && y0 + size <= sps.height && log2Size > sps.log2MinCbSize {
            var context = HEVCContext.splitCu
            if frame.available(x0, y0, x0 - 1, y0) && Int(frame.ctDepth[frame.block(x0 - 1, y0)]) > depth {
                context += 1
            }
            if frame.available(x0, y0, x0, y0 - 1) && Int(frame.ctDepth[frame.block(x0, y0 - 1)]) > depth {
                context += 1
            }
            split = cabac.decode(context) == 1
        } else {
            split = log2Size > sps.log2MinCbSize
        }
        if pps.cuQpDeltaEnabled && log2Size >= log2MinCuQpDeltaSize {
            isCuQpDeltaCoded = false
            cuQpDelta = 0
            startQuantisationGroup(x: x0, y: y0)
        } else if !pps.cuQpDeltaEnabled && log2Size == sps.log2CtbSize {
            startQuantisationGroup(x: x0, y: y0)
        }
        if split {
            let half = size >> 1
            for i in 0..<4 {
                let x = x0 + (i & 1) * half, y = y0 + (i >> 1) * half
                if x < sps.width && y < sps.height {
                    try codingQuadtree(x0: x, y0: y, log2Size: log2Size - 1, depth: depth + 1)
                }
            }
        } else {
            try codingUnit(x0: x0, y0: y0, log2Size: log2Size, depth: depth)
        }
    }

    /// qPY_PRED of the quantisation group at (x, y) (8.6.1).
    private func startQuantisationGroup(x: Int, y: Int) {
        let mask = sps.ctbSize - 1
        let left = x & mask != 0 ? Int(frame.qpY[frame.block(x - 1, y)]) : qpPrevious
        let above = y & mask != 0 ? Int(frame.qpY[frame.block(x, y - 1)]) : qpPrevious
        qpPredicted = (left + above + 1) >> 1
    }

    /// QpY from the prediction and the group's cu_qp_delta.
    func updateQpY() {
        qpY = ((qpPredicted + cuQpDelta + 52 + 2 * qpBdOffsetY) % (52 + qpBdOffsetY)) - qpBdOffsetY
    }

    private func codingUnit(x0: Int, y0: Int, log2Size: Int, depth: Int) throws(DecodeError) {
        let size = 1 << log2Size
        let bypass = pps.transquantBypassEnabled && cabac.decode(HEVCContext.transquantBypass) == 1
        let splitPU = log2Size == sps.log2MinCbSize && cabac.decode(HEVCContext.partMode) == 0
        frame.fill(frame.ctDepth, x: x0, y: y0, size: size, UInt8(depth))
        updateQpY()
        var flags: UInt8 = bypass ? HEVCFrame.flagBypass | HEVCFrame.flagNoFilter : 0
        let pcm =
            !splitPU && sps.pcmEnabled && (sps.log2MinPcmCbSize...sps.log2MaxPcmCbSize).contains(log2Size)
            && cabac.terminate() == 1
        if pcm {
            flags |= HEVCFrame.flagPCM | (sps.pcmLoopFilterDisabled ? HEVCFrame.flagNoFilter : 0)
            frame.fill(frame.intraMode, x: x0, y: y0, size: size, 1)
            try decodePCM(x0: x0, y0: y0, size: size)
            frame.markDecoded(x: x0, y: y0, size: size)
            markEdges(x: x0, y: y0, size: size)
        } else {
            let parts = splitPU ? 4 : 1
            let pbSize = splitPU ? size >> 1 : size
            var prevFlags = 0  // bit i: prev_intra_luma_pred_flag of part i
            for i in 0..<parts { prevFlags |= cabac.decode(HEVCContext.prevIntraLuma) << i }
            var firstMode = 0
            for i in 0..<parts {
                let x = x0 + (i & 1) * pbSize, y = y0 + (i >> 1) * pbSize
                let mode = lumaMode(x: x, y: y, cuX: x0, cuY: y0, cuSize: size, fromMPM: prevFlags >> i & 1 != 0)
                if i == 0 { firstMode = mode }
                frame.fill(frame.intraMode, x: x, y: y, size: pbSize, UInt8(mode))
            }
            var chromaMode = firstMode
            if frame.planeCount > 1 {
                let coded = cabac.decode(HEVCContext.chromaPredMode) == 0 ? 4 : cabac.bypassBits(2)
                if coded != 4 {
                    chromaMode = [0, 26, 10, 1][coded]
                    if chromaMode == firstMode { chromaMode = 34 }
                }
            }
            let unit = HEVCCodingUnitInfo(
                x: x0, y: y0, log2Size: log2Size, bypass: bypass, intraSplit: splitPU, chromaMode: chromaMode,
                maxDepth: sps.maxTransformHierarchyDepthIntra + (splitPU ? 1 : 0))
            try transformTree(
                unit, x0: x0, y0: y0, xBase: x0, yBase: y0, log2Size: log2Size, depth: 0, blkIdx: 0,
                parentCbfCb: false, parentCbfCr: false)
        }
        if flags != 0 { frame.addFlags(x: x0, y: y0, size: size, flags) }
        frame.fill(frame.qpY, x: x0, y: y0, size: size, Int8(qpY))
        qpPrevious = qpY
    }

    /// IntraPredModeY of the prediction block at (x, y): the three most probable modes (8.4.2).
    private func lumaMode(x: Int, y: Int, cuX: Int, cuY: Int, cuSize: Int, fromMPM: Bool) -> Int {
        func candidate(_ xN: Int, _ yN: Int) -> Int {
            if xN >= cuX && yN >= cuY { return Int(frame.intraMode[frame.block(xN, yN)]) }
            guard frame.available(x, y, xN, yN) else { return 1 }
            let b = frame.block(xN, yN)
            return frame.blockFlags[b] & HEVCFrame.flagPCM != 0 ? 1 : Int(frame.intraMode[b])
        }
        let a = candidate(x - 1, y)
        let b = y - 1 < ((y >> sps.log2CtbSize) << sps.log2CtbSize) ? 1 : candidate(x, y - 1)
        // The three candidates as locals, not an array: this runs for every prediction block.
        var c0: Int, c1: Int, c2: Int
        if a == b {
            (c0, c1, c2) = a < 2 ? (0, 1, 26) : (a, 2 + ((a + 29) % 32), 2 + ((a - 2 + 1) % 32))
        } else {
            (c0, c1, c2) = (a, b, a != 0 && b != 0 ? 0 : (a != 1 && b != 1 ? 1 : 26))
        }
        if fromMPM {
            let index = cabac.bypass() == 0 ? 0 : (cabac.bypass() == 0 ? 1 : 2)
            return index == 0 ? c0 : (index == 1 ? c1 : c2)
        }
        var mode = cabac.bypassBits(5)
        if c0 > c1 { swap(&c0, &c1) }
        if c0 > c2 { swap(&c0, &c2) }
        if c1 > c2 { swap(&c1, &c2) }
        if mode >= c0 { mode += 1 }
        if mode >= c1 { mode += 1 }
        if mode >= c2 { mode += 1 }
        return mode
    }

    /// pcm_sample() (7.3.8.7): raw samples from the next byte, then the engine restarts.
    private func decodePCM(x0: Int, y0: Int, size: Int) throws(DecodeError) {
        cabac.skipToByte(cabac.alignedByte)
        let shiftY = sps.bitDepthLuma - sps.pcmBitDepthLuma
        for y in 0..<size {
            for x in 0..<size {
                frame.planes[0][(y0 + y) * frame.planeWidth[0] + x0 + x] = UInt16(
                    cabac.rawBits(sps.pcmBitDepthLuma) << shiftY)
            }
        }
        if frame.planeCount > 1 {
            let shiftC = sps.bitDepthChroma - sps.pcmBitDepthChroma
            let half = size >> 1, cx = x0 >> 1, cy = y0 >> 1
            for c in 1...2 {
                for y in 0..<half {
                    for x in 0..<half {
                        frame.planes[c][(cy + y) * frame.planeWidth[c] + cx + x] = UInt16(
                            cabac.rawBits(sps.pcmBitDepthChroma) << shiftC)
                    }
                }
            }
        }
        guard !cabac.isPastEnd else { throw .truncated(section: "in PCM samples") }
        cabac.start(atByte: cabac.alignedByte)
    }

    /// Flags the left and top sides of a transform block as edges for the deblocking filter.
    func markEdges(x: Int, y: Int, size: Int) {
        let bx = x >> 2, by = y >> 2, n = max(size >> 2, 1)
        for i in 0..<n {
            if by + i < frame.blocksHigh {
                frame.blockFlags[(by + i) * frame.blocksWide + bx] |= HEVCFrame.flagEdgeLeft
            }
            if bx + i < frame.blocksWide { frame.blockFlags[by * frame.blocksWide + bx + i] |= HEVCFrame.flagEdgeTop }
        }
    }
}

/// What the transform tree needs to know of its coding unit.
struct HEVCCodingUnitInfo {
    let x: Int
    let y: Int
    let log2Size: Int
    let bypass: Bool
    let intraSplit: Bool
    let chromaMode: Int
    let maxDepth: Int
}
