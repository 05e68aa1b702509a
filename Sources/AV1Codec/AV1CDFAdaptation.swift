extension AV1CDFs {
    /// The CDF adaptation after each symbol (AV1 8.2.6): each value of the `n`-symbol CDF at
    /// `offset` moves toward the symbol read, at a rate that slows as the CDF's counter grows.
    mutating func adapt(_ offset: Int, _ n: Int, _ symbol: Int) {
        let count = Int(values[offset + n])
        let rate = 3 + (count > 15 ? 1 : 0) + (count > 31 ? 1 : 0) + min(Self.floorLog2(n), 2)
        var tmp = 0
        for i in 0..<(n - 1) {
            if i == symbol { tmp = 1 << 15 }
            let c = Int(values[offset + i])
            values[offset + i] = UInt16(tmp < c ? c - ((c - tmp) >> rate) : c + ((tmp - c) >> rate))
        }
        if count < 32 { values[offset + n] = UInt16(count + 1) }
    }

    /// adapt() on a CDF in place (the symbol decoder's hot path: no bounds checks).
    @inline(__always)
    static func adapt(_ cdf: UnsafeMutablePointer<UInt16>, _ n: Int, _ symbol: Int) {
        let count = Int(cdf[n])
        let rate = 3 &+ (count > 15 ? 1 : 0) &+ (count > 31 ? 1 : 0) &+ (n > 3 ? 2 : n > 1 ? 1 : 0)
        for i in 0..<(n &- 1) {
            let c = Int(cdf[i])
            cdf[i] = UInt16(truncatingIfNeeded: i >= symbol ? c &+ (((1 << 15) &- c) >> rate) : c &- (c >> rate))
        }
        if count < 32 { cdf[n] = UInt16(count &+ 1) }
    }

    static func floorLog2(_ x: Int) -> Int {
        var s = 0
        var v = x
        while v > 1 {
            v >>= 1
            s += 1
        }
        return s
    }
}
