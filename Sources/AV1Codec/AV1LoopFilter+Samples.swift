extension AV1LoopFilter {
    /// The sample filtering process (7.14.6) across the edge before sample (x, y): the masks,
    /// then the narrow or a wide filter.
    func sample(
        _ samples: UnsafeMutablePointer<UInt16>, _ stride: Int, x: Int, y: Int, _ plane: Int, _ s: Strength,
        dx: Int, dy: Int, _ filterSize: Int
    ) {
        let step = dy * stride + dx
        let q = samples + y * stride + x
        @inline(__always) func at(_ k: Int) -> Int { Int(q[k * step]) }
        let shift = colour.bitDepth - 8
        // Only the samples the filter's length reads: the outer ones of a narrow edge may be
        // another edge's, filtered at once on another core (AV1LoopFilter.apply's bands).
        let filterLen = filterSize == 4 ? 4 : plane != 0 ? 6 : filterSize == 8 ? 8 : 16
        let q0 = at(0)
        let q1 = at(1)
        let p0 = at(-1)
        let p1 = at(-2)
        let q2 = filterLen >= 6 ? at(2) : 0
        let p2 = filterLen >= 6 ? at(-3) : 0
        let q3 = filterLen >= 8 ? at(3) : 0
        let p3 = filterLen >= 8 ? at(-4) : 0
        let threshBd = s.thresh << shift
        let hev = abs(p1 - p0) > threshBd || abs(q1 - q0) > threshBd
        let limitBd = s.limit << shift
        let blimitBd = s.blimit << shift
        var mask = abs(p1 - p0) > limitBd || abs(q1 - q0) > limitBd || abs(p0 - q0) * 2 + abs(p1 - q1) / 2 > blimitBd
        if filterLen >= 6 { mask = mask || abs(p2 - p1) > limitBd || abs(q2 - q1) > limitBd }
        if filterLen >= 8 { mask = mask || abs(p3 - p2) > limitBd || abs(q3 - q2) > limitBd }
        guard !mask else { return }
        let one = 1 << shift
        var flat = false
        if filterSize >= 8 {
            var m = abs(p1 - p0) > one || abs(q1 - q0) > one || abs(p2 - p0) > one || abs(q2 - q0) > one
            if filterLen >= 8 { m = m || abs(p3 - p0) > one || abs(q3 - q0) > one }
            flat = !m
        }
        var flat2 = false
        if filterSize >= 16 {
            let m =
                abs(at(-7) - p0) > one || abs(at(6) - q0) > one || abs(at(-6) - p0) > one || abs(at(5) - q0) > one
                || abs(at(-5) - p0) > one || abs(at(4) - q0) > one
            flat2 = !m
        }
        if filterSize == 4 || !flat {
            narrow(q, step, hev: hev)
        } else if filterSize == 8 || !flat2 {
            wide(q, step, plane, log2Size: 3)
        } else {
            wide(q, step, plane, log2Size: 4)
        }
    }

    /// The narrow filter process (7.14.6.3).
    private func narrow(_ q: UnsafeMutablePointer<UInt16>, _ step: Int, hev: Bool) {
        let bitDepth = colour.bitDepth
        let low = -(1 << (bitDepth - 1))
        let high = (1 << (bitDepth - 1)) - 1
        @inline(__always) func clamp(_ v: Int) -> Int { min(max(v, low), high) }
        let offset = 0x80 << (bitDepth - 8)
        let ps1 = Int(q[-2 * step]) - offset
        let ps0 = Int(q[-step]) - offset
        let qs0 = Int(q[0]) - offset
        let qs1 = Int(q[step]) - offset
        var filter = hev ? clamp(ps1 - qs1) : 0
        filter = clamp(filter + 3 * (qs0 - ps0))
        let filter1 = clamp(filter + 4) >> 3
        let filter2 = clamp(filter + 3) >> 3
        q[0] = UInt16(truncatingIfNeeded: clamp(qs0 - filter1) + offset)
        q[-step] = UInt16(truncatingIfNeeded: clamp(ps0 + filter2) + offset)
        if !hev {
            let f = (filter1 + 1) >> 1
            q[step] = UInt16(truncatingIfNeeded: clamp(qs1 - f) + offset)
            q[-2 * step] = UInt16(truncatingIfNeeded: clamp(ps1 + f) + offset)
        }
    }

    /// The wide filter process (7.14.6.4): a low-pass filter over n samples each side.
    private func wide(_ q: UnsafeMutablePointer<UInt16>, _ step: Int, _ plane: Int, log2Size: Int) {
        let n = log2Size == 4 ? 6 : plane == 0 ? 3 : 2
        let n2 = log2Size == 3 && plane == 0 ? 0 : 1
        var input = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  // samples -7 ... 6
        var output = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  // F[-6 ... 5]
        withUnsafeMutableBytes(of: &input) { raw in
            let v = raw.baseAddress!.assumingMemoryBound(to: Int.self) + 7
            for k in -(n + 1)...n { v[k] = Int(q[k * step]) }
            withUnsafeMutableBytes(of: &output) { rawOut in
                let f = rawOut.baseAddress!.assumingMemoryBound(to: Int.self) + 6
                for i in -n..<n {
                    var t = 0
                    for j in -n...n {
                        let p = min(max(i + j, -(n + 1)), n)
                        t += v[p] * (abs(j) <= n2 ? 2 : 1)
                    }
                    f[i] = (t + (1 << (log2Size - 1))) >> log2Size
                }
                for i in -n..<n { q[i * step] = UInt16(truncatingIfNeeded: f[i]) }
            }
        }
    }
}
