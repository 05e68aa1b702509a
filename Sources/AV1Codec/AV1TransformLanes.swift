/// The arithmetic the 1-D transforms share: Round2, and cos128's and brev's tables (read by
/// AV1Transform1D through `tables`).
enum AV1TransformMath {
    static let cos128Lookup: [Int] = [
        4096, 4095, 4091, 4085, 4076, 4065, 4052, 4036, 4017, 3996, 3973, 3948, 3920, 3889, 3857, 3822,
        3784, 3745, 3703, 3659, 3612, 3564, 3513, 3461, 3406, 3349, 3290, 3229, 3166, 3102, 3035, 2967,
        2896, 2824, 2751, 2675, 2598, 2520, 2440, 2359, 2276, 2191, 2106, 2019, 1931, 1842, 1751, 1660,
        1567, 1474, 1380, 1285, 1189, 1092, 995, 897, 799, 700, 601, 501, 401, 301, 201, 101, 0,
    ]

    /// Cos128's table and brev(6, i)'s, as raw memory made once: a static array is reached
    /// through swift_once on each use (a call on Linux), which the butterflies made millions of.
    nonisolated(unsafe) static let tables: (cosines: UnsafePointer<Int>, reversed: UnsafePointer<UInt8>) = {
        let cosines = UnsafeMutablePointer<Int>.allocate(capacity: cos128Lookup.count)
        cosines.initialize(from: cos128Lookup, count: cos128Lookup.count)
        let reversed = UnsafeMutablePointer<UInt8>.allocate(capacity: reversed6.count)
        reversed.initialize(from: reversed6, count: reversed6.count)
        return (UnsafePointer(cosines), UnsafePointer(reversed))
    }()

    /// Round2(x, n). Wrapping: the values here stay far inside 64 bits (see AV1Transform1D's
    /// note), and the overflow checks were a fifth of the butterflies' instructions.
    @inline(__always) static func round2(_ x: Int, _ n: Int) -> Int { n == 0 ? x : (x &+ (1 &<< (n &- 1))) &>> n }

    /// brev(6, i) for i < 64: brev(n, i) is it shifted right by 6 − n.
    static let reversed6: [UInt8] = (0..<64).map { i in
        var t = 0
        for b in 0..<6 { t |= ((i >> b) & 1) << (5 - b) }
        return UInt8(t)
    }
}

/// What the 1-D transforms compute on: one value, or the same position of several columns.
protocol AV1TransformLane {
    static var zero: Self { get }
    /// Wrapping sum and difference (the operators themselves cannot be Int's witnesses).
    func plus(_ other: Self) -> Self
    func minus(_ other: Self) -> Self
    /// Times a constant (a cosine, a sine, a scale).
    func scaled(_ c: Int) -> Self
    /// Round2(self, n).
    func rounded(_ n: Int) -> Self
    /// Clamped to low...high.
    func clamped(_ low: Int, _ high: Int) -> Self
    var isZero: Bool { get }
}

/// One 64-bit value: any coefficient a stream can hold, at any bit depth.
extension Int: AV1TransformLane {
    @inline(__always) func plus(_ other: Int) -> Int { self &+ other }
    @inline(__always) func minus(_ other: Int) -> Int { self &- other }
    @inline(__always) func scaled(_ c: Int) -> Int { self &* c }
    @inline(__always) func rounded(_ n: Int) -> Int { AV1TransformMath.round2(self, n) }
    @inline(__always) func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
    @inline(__always) var isZero: Bool { self == 0 }
}

/// Four columns of 8-bit content at once, 32 bits a value: their inputs are clamped to 16 bits
/// (the row pass's output), each Hadamard step clamps to 16 bits again, and a rotation or scale
/// of such values (a constant below 2^13 times at most a few of them) stays below 2^30, so no
/// input, valid or not, can overflow: the results are the 64-bit ones. SSE2 has no 32-bit lane
/// multiply; the compiler makes one of two 64-bit ones, still well ahead of four scalar columns.
extension SIMD4: AV1TransformLane where Scalar == Int32 {
    @inline(__always) func plus(_ other: Self) -> Self { self &+ other }
    @inline(__always) func minus(_ other: Self) -> Self { self &- other }
    @inline(__always) func scaled(_ c: Int) -> Self { self &* Int32(truncatingIfNeeded: c) }
    @inline(__always) func rounded(_ n: Int) -> Self {
        n == 0 ? self : (self &+ Int32(truncatingIfNeeded: 1 &<< (n &- 1))) &>> Int32(truncatingIfNeeded: n)
    }
    @inline(__always) func clamped(_ low: Int, _ high: Int) -> Self {
        clamped(
            lowerBound: Self(repeating: Int32(truncatingIfNeeded: low)),
            upperBound: Self(repeating: Int32(truncatingIfNeeded: high)))
    }
    @inline(__always) var isZero: Bool { self == .zero }
}

/// 128 lanes of four 32-bit values, made once a transform: the column pass's T and its copy.
final class AV1TransformLanes {
    let values = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: 128)

    init() { values.initialize(repeating: .zero, count: 128) }

    deinit { values.deallocate() }
}
