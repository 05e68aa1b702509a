/// The 1-D inverse transforms of AV1 7.13.2, as the specification writes them: butterflies of
/// 12-bit cosines with Round2 after each rotation, and the Hadamard steps clamped to `r` bits.
/// On Int lanes (64 bits) a hostile coefficient can never overflow a product; a valid stream
/// stays inside the ranges the specification promises. 8-bit columns go four at a time (SIMD4).
struct AV1Transform1D<Lane: AV1TransformLane> {
    /// T: the array the processes work on in place (up to 64 values).
    let t: UnsafeMutablePointer<Lane>
    /// A scratch copy for the permutations.
    let copy: UnsafeMutablePointer<Lane>

    private let cosines: UnsafePointer<Int>
    private let reversed: UnsafePointer<UInt8>

    init(t: UnsafeMutablePointer<Lane>, copy: UnsafeMutablePointer<Lane>) {
        (self.t, self.copy) = (t, copy)
        (cosines, reversed) = AV1TransformMath.tables
    }

    /// cos128 from the raw table. (A switch of literals, which would make the vector lanes'
    /// multipliers constants, stopped the butterflies from being inlined: slower.)
    @inline(__always) private func cosine(_ angle: Int) -> Int {
        let a = angle & 255
        if a <= 64 { return cosines[a] }
        if a <= 128 { return -cosines[128 - a] }
        if a <= 192 { return -cosines[a - 128] }
        return cosines[256 - a]
    }

    /// brev(bits, x) from the raw table: x's low `bits` bits (at most 6) in reverse order.
    @inline(__always) private func brev(_ bits: Int, _ x: Int) -> Int { Int(reversed[x & 63]) >> (6 - bits) }

    /// B(a, b, angle, flip): a rotation by angle·π/128, then (flip) the two exchanged.
    @inline(__always) func b(_ a: Int, _ b: Int, _ angle: Int, _ flip: Bool) {
        let c = cosine(angle)
        let s = cosine(angle - 64)
        let x = t[a].scaled(c).minus(t[b].scaled(s))
        let y = t[a].scaled(s).plus(t[b].scaled(c))
        if flip {
            t[a] = y.rounded(12)
            t[b] = x.rounded(12)
        } else {
            t[a] = x.rounded(12)
            t[b] = y.rounded(12)
        }
    }

    /// H(a, b, flip, r): sum and difference, clamped to r bits; flipped, b and a swap roles.
    @inline(__always) func h(_ a0: Int, _ b0: Int, _ flip: Bool, _ r: Int) {
        let (a, b) = flip ? (b0, a0) : (a0, b0)
        let x = t[a]
        let y = t[b]
        let low = -(1 << (r - 1))
        let high = (1 << (r - 1)) - 1
        t[a] = x.plus(y).clamped(low, high)
        t[b] = x.minus(y).clamped(low, high)
    }

    /// The inverse DCT of 2^n values (7.13.2.3), n = 2...6. Input with only its first value
    /// non-zero (a flat block's rows, and most columns) comes out flat: every butterfly of the
    /// other inputs is of zeros, and each Hadamard step adds a zero to the first value's path,
    /// so each output is the first value rotated by π/4 and clamped, as the full steps give.
    func dct(_ n: Int, _ r: Int) {
        let count = 1 << n
        var onlyFirst = true
        for i in 1..<count where !t[i].isZero {
            onlyFirst = false
            break
        }
        if onlyFirst {
            let v = t[0].scaled(2896).rounded(12).clamped(-(1 << (r - 1)), (1 << (r - 1)) - 1)
            for i in 0..<count { t[i] = v }
            return
        }
        // Each size its own copy, so the index arithmetic and angles fold to constants.
        switch n {
        case 2: dctSteps(AV1DCTSize4.self, r)
        case 3: dctSteps(AV1DCTSize8.self, r)
        case 4: dctSteps(AV1DCTSize16.self, r)
        case 5: dctSteps(AV1DCTSize32.self, r)
        default: dctSteps(AV1DCTSize64.self, r)
        }
    }

    /// Generic over the size so that each size is specialised with n a constant.
    private func dctSteps<Size: AV1DCTSize>(_: Size.Type, _ r: Int) {
        let n = Size.log2
        let count = 1 << n
        for i in 0..<count { copy[i] = t[i] }
        for i in 0..<count { t[i] = copy[Int(reversed[i]) >> (6 - n)] }
        if n == 6 { for i in 0..<16 { b(32 + i, 63 - i, 63 - 4 * brev(4, i), false) } }
        if n >= 5 { for i in 0..<8 { b(16 + i, 31 - i, 6 + (brev(3, 7 - i) << 3), false) } }
        if n == 6 { for i in 0..<16 { h(32 + i * 2, 33 + i * 2, i & 1 == 1, r) } }
        if n >= 4 { for i in 0..<4 { b(8 + i, 15 - i, 12 + (brev(2, 3 - i) << 4), false) } }
        if n >= 5 { for i in 0..<8 { h(16 + 2 * i, 17 + 2 * i, i & 1 == 1, r) } }
        if n == 6 {
            for i in 0..<4 {
                for j in 0..<2 { b(62 - i * 4 - j, 33 + i * 4 + j, 60 - 16 * brev(2, i) + 64 * j, true) }
            }
        }
        if n >= 3 { for i in 0..<2 { b(4 + i, 7 - i, 56 - 32 * i, false) } }
        if n >= 4 { for i in 0..<4 { h(8 + 2 * i, 9 + 2 * i, i & 1 == 1, r) } }
        if n >= 5 {
            for i in 0..<2 {
                for j in 0..<2 { b(30 - 4 * i - j, 17 + 4 * i + j, 24 + (j << 6) + ((1 - i) << 5), true) }
            }
        }
        if n == 6 { for i in 0..<8 { for j in 0..<2 { h(32 + i * 4 + j, 35 + i * 4 - j, i & 1 == 1, r) } } }
        for i in 0..<2 { b(2 * i, 2 * i + 1, 32 + 16 * i, i == 0) }
        if n >= 3 { for i in 0..<2 { h(4 + 2 * i, 5 + 2 * i, i == 1, r) } }
        if n >= 4 { for i in 0..<2 { b(14 - i, 9 + i, 48 + 64 * i, true) } }
        if n >= 5 { for i in 0..<4 { for j in 0..<2 { h(16 + 4 * i + j, 19 + 4 * i - j, i & 1 == 1, r) } } }
        if n == 6 {
            for i in 0..<2 { for j in 0..<4 { b(61 - i * 8 - j, 34 + i * 8 + j, 56 - i * 32 + (j >> 1) * 64, true) } }
        }
        for i in 0..<2 { h(i, 3 - i, false, r) }
        if n >= 3 { b(6, 5, 32, true) }
        if n >= 4 { for i in 0..<2 { for j in 0..<2 { h(8 + 4 * i + j, 11 + 4 * i - j, i == 1, r) } } }
        if n >= 5 { for i in 0..<4 { b(29 - i, 18 + i, 48 + (i >> 1) * 64, true) } }
        if n == 6 { for i in 0..<4 { for j in 0..<4 { h(32 + 8 * i + j, 39 + 8 * i - j, i & 1 == 1, r) } } }
        if n >= 3 { for i in 0..<4 { h(i, 7 - i, false, r) } }
        if n >= 4 { for i in 0..<2 { b(13 - i, 10 + i, 32, true) } }
        if n >= 5 { for i in 0..<2 { for j in 0..<4 { h(16 + i * 8 + j, 23 + i * 8 - j, i == 1, r) } } }
        if n == 6 { for i in 0..<8 { b(59 - i, 36 + i, i < 4 ? 48 : 112, true) } }
        if n >= 4 { for i in 0..<8 { h(i, 15 - i, false, r) } }
        if n >= 5 { for i in 0..<4 { b(27 - i, 20 + i, 32, true) } }
        if n == 6 {
            for i in 0..<8 {
                h(32 + i, 47 - i, false, r)
                h(48 + i, 63 - i, true, r)
            }
        }
        if n >= 5 { for i in 0..<16 { h(i, 31 - i, false, r) } }
        if n == 6 { for i in 0..<8 { b(55 - i, 40 + i, 32, true) } }
        if n == 6 { for i in 0..<32 { h(i, 63 - i, false, r) } }
    }

    /// The inverse ADST of 2^n values (7.13.2.9), n = 2...4.
    func adst(_ n: Int, _ r: Int) {
        switch n {
        case 2: adst4()
        case 3: adst8(r)
        default: adst16(r)
        }
    }

    private func adst4() {
        let sinpi19 = 1321, sinpi29 = 2482, sinpi39 = 3344, sinpi49 = 3803
        var s0 = t[0].scaled(sinpi19)
        var s1 = t[0].scaled(sinpi29)
        var s2 = t[1].scaled(sinpi39)
        var s3 = t[2].scaled(sinpi49)
        let s4 = t[2].scaled(sinpi19)
        let s5 = t[3].scaled(sinpi29)
        let s6 = t[3].scaled(sinpi49)
        let a7 = t[0].minus(t[2])
        let b7 = a7.plus(t[3])
        s0 = s0.plus(s3)
        s1 = s1.minus(s4)
        s3 = s2
        s2 = b7.scaled(sinpi39)
        s0 = s0.plus(s5)
        s1 = s1.minus(s6)
        let x0 = s0.plus(s3)
        let x1 = s1.plus(s3)
        let x2 = s2
        let x3 = s0.plus(s1).minus(s3)
        t[0] = x0.rounded(12)
        t[1] = x1.rounded(12)
        t[2] = x2.rounded(12)
        t[3] = x3.rounded(12)
    }

    private func adstInputPermutation(_ n: Int) {
        let n0 = 1 << n
        for i in 0..<n0 { copy[i] = t[i] }
        for i in 0..<n0 { t[i] = copy[i & 1 == 1 ? i - 1 : n0 - i - 1] }
    }

    private func adstOutputPermutation(_ n: Int) {
        let n0 = 1 << n
        for i in 0..<n0 { copy[i] = t[i] }
        for i in 0..<n0 {
            let a = (i >> 3) & 1
            let b = ((i >> 2) & 1) ^ ((i >> 3) & 1)
            let c = ((i >> 1) & 1) ^ ((i >> 2) & 1)
            let d = (i & 1) ^ ((i >> 1) & 1)
            let idx = ((d << 3) | (c << 2) | (b << 1) | a) >> (4 - n)
            t[i] = i & 1 == 1 ? Lane.zero.minus(copy[idx]) : copy[idx]
        }
    }

    private func adst8(_ r: Int) {
        adstInputPermutation(3)
        for i in 0..<4 { b(2 * i, 2 * i + 1, 60 - 16 * i, true) }
        for i in 0..<4 { h(i, 4 + i, false, r) }
        for i in 0..<2 { b(4 + 3 * i, 5 + i, 48 - 32 * i, true) }
        for i in 0..<2 { for j in 0..<2 { h(4 * j + i, 2 + 4 * j + i, false, r) } }
        for i in 0..<2 { b(2 + 4 * i, 3 + 4 * i, 32, true) }
        adstOutputPermutation(3)
    }

    private func adst16(_ r: Int) {
        adstInputPermutation(4)
        for i in 0..<8 { b(2 * i, 2 * i + 1, 62 - 8 * i, true) }
        for i in 0..<8 { h(i, 8 + i, false, r) }
        for i in 0..<2 {
            b(8 + 2 * i, 9 + 2 * i, 56 - 32 * i, true)
            b(13 + 2 * i, 12 + 2 * i, 8 + 32 * i, true)
        }
        for i in 0..<4 { for j in 0..<2 { h(8 * j + i, 4 + 8 * j + i, false, r) } }
        for i in 0..<2 { for j in 0..<2 { b(4 + 8 * j + 3 * i, 5 + 8 * j + i, 48 - 32 * i, true) } }
        for i in 0..<2 { for j in 0..<4 { h(4 * j + i, 2 + 4 * j + i, false, r) } }
        for i in 0..<4 { b(2 + 4 * i, 3 + 4 * i, 32, true) }
        adstOutputPermutation(4)
    }

    /// The inverse identity transform of 2^n values (7.13.2.15), n = 2...5.
    func identity(_ n: Int) {
        switch n {
        case 2: for i in 0..<4 { t[i] = t[i].scaled(5793).rounded(12) }
        case 3: for i in 0..<8 { t[i] = t[i].scaled(2) }
        case 4: for i in 0..<16 { t[i] = t[i].scaled(11586).rounded(12) }
        default: for i in 0..<32 { t[i] = t[i].scaled(4) }
        }
    }
}

extension AV1Transform1D where Lane == Int {
    /// The inverse Walsh-Hadamard transform of lossless blocks (7.13.2.10).
    func walshHadamard(shift: Int) {
        var a = t[0] >> shift
        var c = t[1] >> shift
        var d = t[2] >> shift
        var b = t[3] >> shift
        a += c
        d -= b
        let e = (a - d) >> 1
        b = e - b
        c = e - c
        a -= b
        d += c
        t[0] = a
        t[1] = b
        t[2] = c
        t[3] = d
    }
}

/// A DCT size as a type (log2 of its length), for AV1Transform1D.dctSteps's specialisations.
protocol AV1DCTSize { static var log2: Int { get } }
enum AV1DCTSize4: AV1DCTSize { static var log2: Int { 2 } }
enum AV1DCTSize8: AV1DCTSize { static var log2: Int { 3 } }
enum AV1DCTSize16: AV1DCTSize { static var log2: Int { 4 } }
enum AV1DCTSize32: AV1DCTSize { static var log2: Int { 5 } }
enum AV1DCTSize64: AV1DCTSize { static var log2: Int { 6 } }
