/// The in-loop deblocking filters of RFC 6386 section 15, in libwebp's
/// equivalent integer formulation.
enum VP8LoopFilter {
    /// One macroblock's filter strength.
    struct Strength {
        /// The edge limit for sub-block edges (macroblock edges use 4 more); 0: no filtering.
        var limit = 0
        var interiorLimit = 0
        var highEdgeVarianceThreshold = 0
        /// Whether the inner (sub-block) edges are filtered too.
        var filtersInnerEdges = false
    }

    @inline(__always) private static func clamp255(_ v: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v)
    }
    @inline(__always) private static func clampSigned(_ v: Int) -> Int { v < -128 ? -128 : v > 127 ? 127 : v }
    @inline(__always) private static func clamp16(_ v: Int) -> Int { v < -16 ? -16 : v > 15 ? 15 : v }

    /// Filters across the edge before `p` (pixels at p[-k*step] and p[k*step]),
    /// changing one pixel each side.
    @inline(__always)
    private static func filter2(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
        let p1 = Int(p[-2 * step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
        let a = 3 * (q0 - p0) + clampSigned(p1 - q1)
        let a1 = clamp16((a + 4) >> 3)
        let a2 = clamp16((a + 3) >> 3)
        p[-step] = clamp255(p0 + a2)
        p[0] = clamp255(q0 - a1)
    }

    /// The sub-block edge filter without high edge variance: two pixels each side.
    @inline(__always)
    private static func filter4(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
        let p1 = Int(p[-2 * step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
        let a = 3 * (q0 - p0)
        let a1 = clamp16((a + 4) >> 3)
        let a2 = clamp16((a + 3) >> 3)
        let a3 = (a1 + 1) >> 1
        p[-2 * step] = clamp255(p1 + a3)
        p[-step] = clamp255(p0 + a2)
        p[0] = clamp255(q0 - a1)
        p[step] = clamp255(q1 - a3)
    }

    /// The macroblock edge filter without high edge variance: three pixels each side.
    @inline(__always)
    private static func filter6(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
        let p2 = Int(p[-3 * step]), p1 = Int(p[-2 * step]), p0 = Int(p[-step])
        let q0 = Int(p[0]), q1 = Int(p[step]), q2 = Int(p[2 * step])
        let a = clampSigned(3 * (q0 - p0) + clampSigned(p1 - q1))
        let a1 = (27 * a + 63) >> 7
        let a2 = (18 * a + 63) >> 7
        let a3 = (9 * a + 63) >> 7
        p[-3 * step] = clamp255(p2 + a3)
        p[-2 * step] = clamp255(p1 + a2)
        p[-step] = clamp255(p0 + a1)
        p[0] = clamp255(q0 - a1)
        p[step] = clamp255(q1 - a2)
        p[2 * step] = clamp255(q2 - a3)
    }

    @inline(__always)
    private static func highVariance(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ threshold: Int) -> Bool {
        let p1 = Int(p[-2 * step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
        return abs(p1 - p0) > threshold || abs(q1 - q0) > threshold
    }

    /// 2·|p0-q0| + |p1-q1|/2 <= limit, doubled to stay in integers.
    @inline(__always)
    private static func edgeWithin(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ doubledLimit: Int) -> Bool {
        let p1 = Int(p[-2 * step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
        return 4 * abs(p0 - q0) + abs(p1 - q1) <= doubledLimit
    }

    @inline(__always)
    private static func interiorWithin(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ limit: Int) -> Bool {
        let p3 = Int(p[-4 * step]), p2 = Int(p[-3 * step]), p1 = Int(p[-2 * step]), p0 = Int(p[-step])
        let q0 = Int(p[0]), q1 = Int(p[step]), q2 = Int(p[2 * step]), q3 = Int(p[3 * step])
        return abs(p3 - p2) <= limit && abs(p2 - p1) <= limit && abs(p1 - p0) <= limit
            && abs(q3 - q2) <= limit && abs(q2 - q1) <= limit && abs(q1 - q0) <= limit
    }

    /// The simple filter along one edge of `count` pixels: `step` crosses the
    /// edge, `advance` moves along it.
    static func simpleEdge(_ p: UnsafeMutablePointer<UInt8>, step: Int, advance: Int, count: Int, limit: Int) {
        let doubled = 2 * limit + 1
        for n in 0..<count {
            let q = p + n * advance
            if edgeWithin(q, step, doubled) { filter2(q, step) }
        }
    }

    /// The normal filter along one edge; `isMacroblockEdge` picks the stronger variant.
    static func normalEdge(
        _ p: UnsafeMutablePointer<UInt8>, step: Int, advance: Int, count: Int, limit: Int,
        interiorLimit: Int, hevThreshold: Int, isMacroblockEdge: Bool
    ) {
        let doubled = 2 * limit + 1
        for n in 0..<count {
            let q = p + n * advance
            guard edgeWithin(q, step, doubled), interiorWithin(q, step, interiorLimit) else { continue }
            if highVariance(q, step, hevThreshold) {
                filter2(q, step)
            } else if isMacroblockEdge {
                filter6(q, step)
            } else {
                filter4(q, step)
            }
        }
    }
}
