extension AV1IntraPredictor {
    /// The directional intra prediction process (7.11.2.4), with the edge filter, the corner
    /// filter and upsampling when the sequence enables the intra edge filter.
    static func directional(
        _ q: Request, _ a: UnsafeMutablePointer<Int>, _ l: UnsafeMutablePointer<Int>, _ e: UnsafeMutablePointer<Int>,
        _ out: UnsafeMutablePointer<UInt16>, _ stride: Int, _ w: Int, _ h: Int
    ) {
        let pAngle = modeToAngle[q.mode] + q.angleDelta * 3
        var upsampleAbove = 0
        var upsampleLeft = 0
        if q.edgeFilter {
            if pAngle != 90 && pAngle != 180 {
                if pAngle > 90 && pAngle < 180 && w + h >= 24 {
                    let corner = round2(l[0] * 5 + a[-1] * 6 + a[0] * 5, 4)
                    a[-1] = corner
                    l[-1] = corner
                }
                let filterType = q.smoothNeighbour
                if q.haveAbove {
                    let strength = edgeStrength(w, h, filterType, pAngle - 90)
                    let numPx = min(w, q.maxX - q.x + 1) + (pAngle < 90 ? h : 0) + 1
                    filterEdge(a, e, numPx, strength)
                }
                if q.haveLeft {
                    let strength = edgeStrength(w, h, filterType, pAngle - 180)
                    let numPx = min(h, q.maxY - q.y + 1) + (pAngle > 180 ? w : 0) + 1
                    filterEdge(l, e, numPx, strength)
                }
            }
            if useUpsample(w, h, q.smoothNeighbour, pAngle - 90) {
                upsampleAbove = 1
                upsample(a, e, w + (pAngle < 90 ? h : 0), q.bitDepth)
            }
            if useUpsample(w, h, q.smoothNeighbour, pAngle - 180) {
                upsampleLeft = 1
                upsample(l, e, h + (pAngle > 180 ? w : 0), q.bitDepth)
            }
        }
        let derivative = AV1IntraTables.derivative
        if pAngle < 90 {
            let dx = derivative[pAngle]
            let maxBaseX = (w + h - 1) << upsampleAbove
            for i in 0..<h {
                let idx = (i + 1) * dx
                let shift = ((idx << upsampleAbove) >> 1) & 0x1F
                for j in 0..<w {
                    let base = (idx >> (6 - upsampleAbove)) + (j << upsampleAbove)
                    let v =
                        base < maxBaseX ? round2(a[base] * (32 - shift) + a[base + 1] * shift, 5) : a[maxBaseX]
                    out[i * stride + j] = UInt16(truncatingIfNeeded: v)
                }
            }
        } else if pAngle > 90 && pAngle < 180 {
            let dx = derivative[180 - pAngle]
            let dy = derivative[pAngle - 90]
            for i in 0..<h {
                for j in 0..<w {
                    let idx = (j << 6) - (i + 1) * dx
                    let base = idx >> (6 - upsampleAbove)
                    let v: Int
                    if base >= -(1 << upsampleAbove) {
                        let shift = ((idx << upsampleAbove) >> 1) & 0x1F
                        v = round2(a[base] * (32 - shift) + a[base + 1] * shift, 5)
                    } else {
                        let idy = (i << 6) - (j + 1) * dy
                        let baseY = idy >> (6 - upsampleLeft)
                        let shift = ((idy << upsampleLeft) >> 1) & 0x1F
                        v = round2(l[baseY] * (32 - shift) + l[baseY + 1] * shift, 5)
                    }
                    out[i * stride + j] = UInt16(truncatingIfNeeded: v)
                }
            }
        } else if pAngle > 180 {
            let dy = derivative[270 - pAngle]
            for j in 0..<w {
                let idx = (j + 1) * dy
                let shift = ((idx << upsampleLeft) >> 1) & 0x1F
                for i in 0..<h {
                    let base = (idx >> (6 - upsampleLeft)) + (i << upsampleLeft)
                    let v = round2(l[base] * (32 - shift) + l[base + 1] * shift, 5)
                    out[i * stride + j] = UInt16(truncatingIfNeeded: v)
                }
            }
        } else if pAngle == 90 {
            for i in 0..<h { for j in 0..<w { out[i * stride + j] = UInt16(truncatingIfNeeded: a[j]) } }
        } else {
            for i in 0..<h { for j in 0..<w { out[i * stride + j] = UInt16(truncatingIfNeeded: l[i]) } }
        }
    }

    /// The intra edge filter strength selection process (7.11.2.9).
    static func edgeStrength(_ w: Int, _ h: Int, _ filterType: Bool, _ delta: Int) -> Int {
        let d = abs(delta)
        let blkWh = w + h
        var strength = 0
        if !filterType {
            if blkWh <= 8 {
                if d >= 56 { strength = 1 }
            } else if blkWh <= 16 {
                if d >= 40 { strength = 1 }
            } else if blkWh <= 24 {
                if d >= 8 { strength = 1 }
                if d >= 16 { strength = 2 }
                if d >= 32 { strength = 3 }
            } else if blkWh <= 32 {
                strength = 1
                if d >= 4 { strength = 2 }
                if d >= 32 { strength = 3 }
            } else {
                strength = 3
            }
        } else {
            if blkWh <= 8 {
                if d >= 40 { strength = 1 }
                if d >= 64 { strength = 2 }
            } else if blkWh <= 16 {
                if d >= 20 { strength = 1 }
                if d >= 48 { strength = 2 }
            } else if blkWh <= 24 {
                if d >= 4 { strength = 3 }
            } else {
                strength = 3
            }
        }
        return strength
    }

    /// The intra edge upsample selection process (7.11.2.10).
    static func useUpsample(_ w: Int, _ h: Int, _ filterType: Bool, _ delta: Int) -> Bool {
        let d = abs(delta)
        if d <= 0 || d >= 40 { return false }
        return filterType ? w + h <= 8 : w + h <= 16
    }

    /// The intra edge filter process (7.11.2.12) of buf[-1 ..< sz - 1].
    static func filterEdge(_ buf: UnsafeMutablePointer<Int>, _ e: UnsafeMutablePointer<Int>, _ sz: Int, _ strength: Int)
    {
        guard strength > 0, sz > 0 else { return }
        for i in 0..<sz { e[i] = buf[i - 1] }
        let kernel = AV1IntraTables.edgeKernel[strength - 1]
        for i in 1..<max(1, sz) {
            var s = 0
            for j in 0..<5 { s += kernel[j] * e[min(max(i - 2 + j, 0), sz - 1)] }
            buf[i - 1] = (s + 8) >> 4
        }
    }

    /// The intra edge upsample process (7.11.2.11): buf[-1 ..< numPx] to buf[-2 ... 2·numPx - 2].
    static func upsample(
        _ buf: UnsafeMutablePointer<Int>, _ dup: UnsafeMutablePointer<Int>, _ numPx: Int, _ bitDepth: Int
    ) {
        dup[0] = buf[-1]
        for i in -1..<numPx { dup[i + 2] = buf[i] }
        dup[numPx + 2] = buf[numPx - 1]
        buf[-2] = dup[0]
        for i in 0..<numPx {
            let s = -dup[i] + 9 * dup[i + 1] + 9 * dup[i + 2] - dup[i + 3]
            buf[2 * i - 1] = Int(clip1(round2(s, 4), bitDepth))
            buf[2 * i] = dup[i + 2]
        }
    }
}
