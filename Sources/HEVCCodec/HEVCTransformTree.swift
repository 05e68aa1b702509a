import ImageCore

/// The transform tree and transform units (H.265 7.3.8.8, 7.3.8.10): split and cbf flags,
/// cu_qp_delta, and for each transform block its prediction, residual and reconstruction.
extension HEVCSliceDecoder {
    func transformTree(
        _ cu: HEVCCodingUnitInfo, x0: Int, y0: Int, xBase: Int, yBase: Int, log2Size: Int, depth: Int, blkIdx: Int,
        parentCbfCb: Bool, parentCbfCr: Bool
    ) throws(DecodeError) {
        let split: Bool
        if log2Size <= sps.log2MaxTbSize && log2Size > sps.log2MinTbSize && depth < cu.maxDepth
            && !(cu.intraSplit && depth == 0)
        {
            split = cabac.decode(HEVCContext.splitTransform + 5 - log2Size) == 1
        } else {
            split = log2Size > sps.log2MaxTbSize || (cu.intraSplit && depth == 0)
        }
        var cbfCb = false, cbfCr = false
        if frame.planeCount > 1 {
            if log2Size > 2 {
                if depth == 0 || parentCbfCb { cbfCb = cabac.decode(HEVCContext.cbfChroma + depth) == 1 }
                if depth == 0 || parentCbfCr { cbfCr = cabac.decode(HEVCContext.cbfChroma + depth) == 1 }
            } else {
                // 4×4 luma blocks share the chroma block of their parent, and its flags.
                cbfCb = parentCbfCb
                cbfCr = parentCbfCr
            }
        }
        if split {
            let half = 1 << (log2Size - 1)
            for i in 0..<4 {
                try transformTree(
                    cu, x0: x0 + (i & 1) * half, y0: y0 + (i >> 1) * half, xBase: x0, yBase: y0,
                    log2Size: log2Size - 1, depth: depth + 1, blkIdx: i, parentCbfCb: cbfCb, parentCbfCr: cbfCr)
            }
            return
        }
        let cbfLuma = cabac.decode(HEVCContext.cbfLuma + (depth == 0 ? 1 : 0)) == 1
        if (cbfLuma || cbfCb || cbfCr) && pps.cuQpDeltaEnabled && !isCuQpDeltaCoded {
            try decodeCuQpDelta()
        }
        let size = 1 << log2Size
        let lumaMode = Int(frame.intraMode[frame.block(x0, y0)])
        try reconstruct(
            plane: 0, x: x0, y: y0, log2Size: log2Size, mode: lumaMode, coded: cbfLuma, bypass: cu.bypass)
        frame.markDecoded(x: x0, y: y0, size: size)
        markEdges(x: x0, y: y0, size: size)
        guard frame.planeCount > 1 else { return }
        if log2Size > 2 {
            for plane in 1...2 {
                try reconstruct(
                    plane: plane, x: x0 >> 1, y: y0 >> 1, log2Size: log2Size - 1, mode: cu.chromaMode,
                    coded: plane == 1 ? cbfCb : cbfCr, bypass: cu.bypass)
            }
        } else if blkIdx == 3 {
            for plane in 1...2 {
                try reconstruct(
                    plane: plane, x: xBase >> 1, y: yBase >> 1, log2Size: 2, mode: cu.chromaMode,
                    coded: plane == 1 ? cbfCb : cbfCr, bypass: cu.bypass)
            }
        }
    }

    /// cu_qp_delta_abs and its sign (9.3.3.10: a truncated unary prefix of 5, then EG0).
    private func decodeCuQpDelta() throws(DecodeError) {
        var value = 0
        while value < 5 && cabac.decode(HEVCContext.cuQpDelta + (value == 0 ? 0 : 1)) == 1 { value += 1 }
        if value == 5 {
            var k = 0
            while cabac.bypass() == 1 {
                k += 1
                guard k < 32 else { throw .corrupt("cu_qp_delta_abs too long") }
            }
            value += (1 << k) - 1 + cabac.bypassBits(k)
        }
        if value > 0 && cabac.bypass() == 1 { value = -value }
        guard (-(26 + qpBdOffsetY / 2)...(25 + qpBdOffsetY / 2)).contains(value) else {
            throw .corrupt("CuQpDeltaVal \(value)")
        }
        isCuQpDeltaCoded = true
        cuQpDelta = value
        updateQpY()
    }

    /// Predicts one transform block of `plane` at (x, y) in that plane's samples, then adds its
    /// residual when coded.
    private func reconstruct(
        plane: Int, x: Int, y: Int, log2Size: Int, mode: Int, coded: Bool, bypass: Bool
    ) throws(DecodeError) {
        predictIntra(plane: plane, x: x, y: y, log2Size: log2Size, mode: mode)
        guard coded else { return }
        let n = 1 << log2Size
        let bitDepth = plane == 0 ? sps.bitDepthLuma : sps.bitDepthChroma
        let scaling =
            bypass
            ? nil
            : HEVCLevelScaling(
                qp: blockQp(plane: plane), bitDepth: bitDepth, log2Size: log2Size,
                factors: sps.scalingListEnabled ? self.scaling.factors[log2Size - 2][plane] : nil)
        let block = try residualCoding(plane: plane, log2Size: log2Size, mode: mode, bypass: bypass, scaling: scaling)
        let residual = bypass ? coefficients : self.residual
        if !bypass {
            scaleAndTransform(
                plane: plane, log2Size: log2Size, bitDepth: bitDepth, block: block, dst: plane == 0 && n == 4)
        }
        let width = frame.planeWidth[plane]
        let maxValue = Int32((1 << bitDepth) - 1)
        let samples = frame.planes[plane]
        for j in 0..<n {
            let row = (y + j) * width + x
            for i in 0..<n {
                let value = Int32(samples[row + i]) + residual[j * n + i]
                samples[row + i] = UInt16(min(max(value, 0), maxValue))
            }
        }
    }

    /// Qp'Y, or Qp'Cb / Qp'Cr through Table 8-10 (4:2:0).
    private func blockQp(plane: Int) -> Int {
        if plane == 0 { return qpY + qpBdOffsetY }
        let offset = plane == 1 ? pps.cbQpOffset + header.cbQpOffset : pps.crQpOffset + header.crQpOffset
        let qpi = min(max(qpY + offset, -qpBdOffsetC), 57)
        return Self.chromaQp(qpi) + qpBdOffsetC
    }

    static func chromaQp(_ qpi: Int) -> Int {
        if qpi < 30 { return qpi }
        if qpi > 43 { return qpi - 6 }
        return [29, 30, 31, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37][qpi - 30]
    }
}
