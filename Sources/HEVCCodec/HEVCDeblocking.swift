/// The deblocking filter (H.265 8.7.2) of an intra picture: every transform edge on the 8×8
/// grid has boundary strength 2; all vertical edges of the picture are filtered first, then all
/// horizontal ones, luma with the strong/weak decisions and chroma (4:2:0) on its 8×8 grid.
struct HEVCDeblocking {
    let frame: HEVCFrame

    private static let betaTable: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22,
        24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64,
    ]
    private static let tcTable: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3,
        3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 13, 14, 16, 18, 20, 22, 24,
    ]

    func run() {
        guard frame.slices.contains(where: { !$0.deblockingDisabled }) else { return }
        for vertical in [true, false] {
            filterLuma(vertical: vertical)
            if frame.planeCount > 1 {
                for plane in 1...2 { filterChroma(plane: plane, vertical: vertical) }
            }
        }
    }

    /// Whether the edge on the left (vertical) or top side of the 4×4 block holding luma (x, y) is
    /// filtered, and the slice whose offsets apply (the one holding the Q samples).
    private func edgeSlice(x: Int, y: Int, vertical: Bool) -> HEVCSliceHeader? {
        let b = frame.block(x, y)
        let flag = vertical ? HEVCFrame.flagEdgeLeft : HEVCFrame.flagEdgeTop
        guard frame.blockFlags[b] & flag != 0 else { return nil }
        let px = vertical ? x - 1 : x, py = vertical ? y : y - 1
        guard px >= 0, py >= 0 else { return nil }
        let q = frame.slices[Int(frame.blockSlice[b])]
        guard !q.deblockingDisabled else { return nil }
        let p = frame.slices[Int(frame.blockSlice[frame.block(px, py)])]
        if p.sliceAddress != q.sliceAddress && !q.loopFilterAcrossSlices { return nil }
        if !frame.pps.loopFilterAcrossTiles && frame.tiles.tileID(x: px, y: py) != frame.tiles.tileID(x: x, y: y) {
            return nil
        }
        return q
    }

    private func filterLuma(vertical: Bool) {
        let width = frame.width, height = frame.height
        let bitDepth = frame.sps.bitDepthLuma
        let maxValue = (1 << bitDepth) - 1
        let rowStride = width
        for y in stride(from: vertical ? 0 : 8, to: height, by: vertical ? 4 : 8) {
            for x in stride(from: vertical ? 8 : 0, to: width, by: vertical ? 8 : 4) {
                guard let slice = edgeSlice(x: x, y: y, vertical: vertical) else { continue }
                let bq = frame.block(x, y), bp = vertical ? frame.block(x - 1, y) : frame.block(x, y - 1)
                let qpL = (Int(frame.qpY[bq]) + Int(frame.qpY[bp]) + 1) >> 1
                let beta = Self.betaTable[min(max(qpL + slice.betaOffsetDiv2 * 2, 0), 51)] << (bitDepth - 8)
                let tc = Self.tcTable[min(max(qpL + 2 + slice.tcOffsetDiv2 * 2, 0), 53)] << (bitDepth - 8)
                let noP = frame.blockFlags[bp] & HEVCFrame.flagNoFilter != 0
                let noQ = frame.blockFlags[bq] & HEVCFrame.flagNoFilter != 0
                // Sample k of line i across the edge: k = 0...3 on the Q side, -1...-4 on the P side.
                let origin = y * rowStride + x
                let along = vertical ? rowStride : 1, across = vertical ? 1 : rowStride
                func at(_ i: Int, _ k: Int) -> Int { origin + i * along + k * across }
                func s(_ i: Int, _ k: Int) -> Int { Int(frame.planes[0][at(i, k)]) }
                func second(_ i: Int, _ a: Int, _ b: Int, _ c: Int) -> Int {
                    let sum: Int = s(i, a) - 2 * s(i, b) + s(i, c)
                    return abs(sum)
                }
                let dp0 = second(0, -3, -2, -1), dp3 = second(3, -3, -2, -1)
                let dq0 = second(0, 2, 1, 0), dq3 = second(3, 2, 1, 0)
                let d = dp0 + dq0 + dp3 + dq3
                guard d < beta else { continue }
                func strong(_ i: Int, _ dpq: Int) -> Bool {
                    let flatP: Int = abs(s(i, -4) - s(i, -1))
                    let flatQ: Int = abs(s(i, 0) - s(i, 3))
                    let step: Int = abs(s(i, -1) - s(i, 0))
                    return 2 * dpq < beta >> 2 && flatP + flatQ < beta >> 3 && step < (5 * tc + 1) >> 1
                }
                let isStrong = strong(0, dp0 + dq0) && strong(3, dp3 + dq3)
                let sideP = dp0 + dp3 < (beta + (beta >> 1)) >> 3
                let sideQ = dq0 + dq3 < (beta + (beta >> 1)) >> 3
                for i in 0..<4 {
                    let p0 = s(i, -1), p1 = s(i, -2), p2 = s(i, -3), p3 = s(i, -4)
                    let q0 = s(i, 0), q1 = s(i, 1), q2 = s(i, 2), q3 = s(i, 3)
                    func put(_ k: Int, _ value: Int) {
                        if (k < 0 && noP) || (k >= 0 && noQ) { return }
                        frame.planes[0][at(i, k)] = UInt16(min(max(value, 0), maxValue))
                    }
                    if isStrong {
                        let t = 2 * tc
                        func clip(_ v: Int, _ c: Int) -> Int { min(max(v, c - t), c + t) }
                        put(-1, clip((p2 + 2 * p1 + 2 * p0 + 2 * q0 + q1 + 4) >> 3, p0))
                        put(-2, clip((p2 + p1 + p0 + q0 + 2) >> 2, p1))
                        put(-3, clip((2 * p3 + 3 * p2 + p1 + p0 + q0 + 4) >> 3, p2))
                        put(0, clip((p1 + 2 * p0 + 2 * q0 + 2 * q1 + q2 + 4) >> 3, q0))
                        put(1, clip((p0 + q0 + q1 + q2 + 2) >> 2, q1))
                        put(2, clip((p0 + q0 + q1 + 3 * q2 + 2 * q3 + 4) >> 3, q2))
                    } else {
                        var delta = (9 * (q0 - p0) - 3 * (q1 - p1) + 8) >> 4
                        guard abs(delta) < tc * 10 else { continue }
                        delta = min(max(delta, -tc), tc)
                        put(-1, p0 + delta)
                        put(0, q0 - delta)
                        let half = tc >> 1
                        if sideP { put(-2, p1 + min(max((((p2 + p0 + 1) >> 1) - p1 + delta) >> 1, -half), half)) }
                        if sideQ { put(1, q1 + min(max((((q2 + q0 + 1) >> 1) - q1 - delta) >> 1, -half), half)) }
                    }
                }
            }
        }
    }

    private func filterChroma(plane: Int, vertical: Bool) {
        let width = frame.planeWidth[plane], height = frame.planeHeight[plane]
        let bitDepth = frame.sps.bitDepthChroma
        let maxValue = (1 << bitDepth) - 1
        let offset = plane == 1 ? frame.pps.cbQpOffset : frame.pps.crQpOffset
        for y in stride(from: vertical ? 0 : 8, to: height, by: vertical ? 1 : 8) {
            for x in stride(from: vertical ? 8 : 0, to: width, by: vertical ? 8 : 1) {
                let lx = x << 1, ly = y << 1
                guard let slice = edgeSlice(x: lx, y: ly, vertical: vertical) else { continue }
                let bq = frame.block(lx, ly), bp = vertical ? frame.block(lx - 1, ly) : frame.block(lx, ly - 1)
                let qpi = ((Int(frame.qpY[bq]) + Int(frame.qpY[bp]) + 1) >> 1) + offset
                let qpC = HEVCSliceDecoder.chromaQp(qpi)
                let tc = Self.tcTable[min(max(qpC + 2 + slice.tcOffsetDiv2 * 2, 0), 53)] << (bitDepth - 8)
                let q = y * width + x, step = vertical ? 1 : width
                let p0 = Int(frame.planes[plane][q - step]), p1 = Int(frame.planes[plane][q - 2 * step])
                let q0 = Int(frame.planes[plane][q]), q1 = Int(frame.planes[plane][q + step])
                let delta = min(max((((q0 - p0) << 2) + p1 - q1 + 4) >> 3, -tc), tc)
                if frame.blockFlags[bp] & HEVCFrame.flagNoFilter == 0 {
                    frame.planes[plane][q - step] = UInt16(min(max(p0 + delta, 0), maxValue))
                }
                if frame.blockFlags[bq] & HEVCFrame.flagNoFilter == 0 {
                    frame.planes[plane][q] = UInt16(min(max(q0 - delta, 0), maxValue))
                }
            }
        }
    }
}
