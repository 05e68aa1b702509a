/// The 8×8 inverse DCT as libjpeg's "islow" (jidctint.c: the Loeffler–Ligtenberg–
/// Moschytz algorithm in 13-bit fixed point, two passes with 2 extra bits between
/// them), computed the way libjpeg-turbo's SIMD version (which Pillow runs) does:
/// eight columns at once in 16-bit lanes, each product a 16-bit input times a
/// 16-bit constant (so the compiler can use pmaddwd even on baseline SSE2), 32-bit
/// sums, a 16-bit workspace, and saturated 8-bit output. The butterflies
/// are rewritten as sums of products of the inputs, which is exact, so the samples
/// are libjpeg's to the bit for any real data.
enum JPEGIDCT {
    typealias Lane16 = SIMD8<Int16>
    typealias Lane32 = SIMD8<Int32>

    static let constBits = 13
    static let pass1Bits = 2

    /// A descaled IDCT output as a sample: libjpeg's range_limit[x & RANGE_MASK]. Within
    /// ±512 of the centre it clamps; further out it wraps, as libjpeg's table does.
    @inline(__always) static func limit(_ x: Int) -> UInt8 {
        let centred = ((x &+ 512) & 1023) &- 384
        return UInt8(truncatingIfNeeded: min(max(centred, 0), 255))
    }

    @inline(__always) static func descale(_ x: Int, _ n: Int) -> Int { (x &+ (1 &<< (n &- 1))) &>> n }

    /// The sample every pixel of a block with only a DC coefficient gets (what the full IDCT gives then).
    @inline(__always) static func dcOnly(_ dc: Int16, _ quant: Int32) -> UInt8 {
        limit(descale((Int(dc) &* Int(quant)) &<< pass1Bits, pass1Bits &+ 3))
    }

    /// Full 8×8: `coefficients` in natural order, `quant` the matching quantization values,
    /// `output` eight rows of eight samples `stride` apart.
    @inline(__always)
    static func islow(
        _ coefficients: UnsafePointer<Int16>, _ quant: UnsafePointer<Int16>,
        _ output: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) {
        let c = UnsafeRawPointer(coefficients), q = UnsafeRawPointer(quant)
        @inline(__always) func row(_ k: Int) -> Lane16 {
            c.loadUnaligned(fromByteOffset: 16 &* k, as: Lane16.self)
                &* q.loadUnaligned(
                    fromByteOffset: 16 &* k,
                    as: Lane16.self)
        }
        // Pass 1: each lane a column; out come the workspace rows, scaled by 2^pass1Bits.
        let p1 = pass((row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7)), shift: 11)
        // Pass 2 on the transposed workspace: each lane a row.
        let p2 = pass(
            transpose(
                (
                    narrow(p1.0), narrow(p1.1), narrow(p1.2), narrow(p1.3), narrow(p1.4),
                    narrow(p1.5), narrow(p1.6), narrow(p1.7)
                )), shift: 18)
        let rows = transpose(
            (
                narrow(p2.0), narrow(p2.1), narrow(p2.2), narrow(p2.3), narrow(p2.4), narrow(p2.5),
                narrow(p2.6), narrow(p2.7)
            ))
        store(rows.0, output)
        store(rows.1, output + stride)
        store(rows.2, output + 2 &* stride)
        store(rows.3, output + 3 &* stride)
        store(rows.4, output + 4 &* stride)
        store(rows.5, output + 5 &* stride)
        store(rows.6, output + 6 &* stride)
        store(rows.7, output + 7 &* stride)
    }

    @inline(__always) private static func store(_ row: Lane16, _ out: UnsafeMutablePointer<UInt8>) {
        let centred = JPEGLanes.clampToByte(row &+ Lane16(repeating: 128))
        UnsafeMutableRawPointer(out).storeBytes(of: JPEGLanes.bytes(centred), as: SIMD8<UInt8>.self)
    }

    /// Real data keeps the workspace within 16 bits; garbage wraps (libjpeg-turbo's SIMD saturates), never traps.
    @inline(__always) private static func narrow(_ x: Lane32) -> Lane16 { JPEGLanes.truncate(x) }

    @inline(__always) private static func product(_ a: Lane16, _ constant: Int32) -> Lane32 {
        JPEGLanes.widen(a) &* Lane32(repeating: constant)
    }

    /// One 8-point islow pass on eight lanes, outputs descaled by `shift` bits. The constants are
    /// jidctint.c's (FIX_0_298631336 = 2446 … FIX_3_072711026 = 25172) combined per input.
    @inline(__always)
    private static func pass(
        _ i: (Lane16, Lane16, Lane16, Lane16, Lane16, Lane16, Lane16, Lane16), shift: Int32
    )
        -> (Lane32, Lane32, Lane32, Lane32, Lane32, Lane32, Lane32, Lane32)
    {
        let (i0, i1, i2, i3, i4, i5, i6, i7) = i
        // Even part: z1 = (i2 + i6)·0.541196100; tmp3 = z1 + i2·0.765366865; tmp2 = z1 − i6·1.847759065.
        let tmp3 = product(i2, 4433 + 6270) &+ product(i6, 4433)
        let tmp2 = product(i2, 4433) &+ product(i6, 4433 - 15137)
        let wide0 = JPEGLanes.widen(i0), wide4 = JPEGLanes.widen(i4)
        let tmp0 = (wide0 &+ wide4) &<< 13, tmp1 = (wide0 &- wide4) &<< 13
        let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3, tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
        // Odd part (figure 8 of the paper) expanded: z5 = (i7 + i5 + i3 + i1)·1.175875602 and so on.
        let odd0 =
            product(i7, 2446 - 7373 - 16069 + 9633) &+ product(i1, 9633 - 7373)
            &+ product(i3, 9633 - 16069) &+ product(i5, 9633)
        let odd1 =
            product(i5, 16819 - 20995 - 3196 + 9633) &+ product(i3, 9633 - 20995)
            &+ product(i1, 9633 - 3196) &+ product(i7, 9633)
        let odd2 =
            product(i3, 25172 - 20995 - 16069 + 9633) &+ product(i5, 9633 - 20995)
            &+ product(i7, 9633 - 16069) &+ product(i1, 9633)
        let odd3 =
            product(i1, 12299 - 7373 - 3196 + 9633) &+ product(i7, 9633 - 7373)
            &+ product(i5, 9633 - 3196) &+ product(i3, 9633)
        let round = Lane32(repeating: 1 &<< (shift &- 1)), s = Lane32(repeating: shift)
        return (
            (tmp10 &+ odd3 &+ round) &>> s, (tmp11 &+ odd2 &+ round) &>> s, (tmp12 &+ odd1 &+ round) &>> s,
            (tmp13 &+ odd0 &+ round) &>> s, (tmp13 &- odd0 &+ round) &>> s, (tmp12 &- odd1 &+ round) &>> s,
            (tmp11 &- odd2 &+ round) &>> s, (tmp10 &- odd3 &+ round) &>> s
        )
    }

    /// An 8×8 transpose in three rounds of interleaves (punpck on SSE2).
    @inline(__always)
    private static func transpose(
        _ r: (Lane16, Lane16, Lane16, Lane16, Lane16, Lane16, Lane16, Lane16)
    )
        -> (Lane16, Lane16, Lane16, Lane16, Lane16, Lane16, Lane16, Lane16)
    {
        let a0 = zip16(r.0, r.1, high: false), a1 = zip16(r.0, r.1, high: true)
        let a2 = zip16(r.2, r.3, high: false), a3 = zip16(r.2, r.3, high: true)
        let a4 = zip16(r.4, r.5, high: false), a5 = zip16(r.4, r.5, high: true)
        let a6 = zip16(r.6, r.7, high: false), a7 = zip16(r.6, r.7, high: true)
        let b0 = zip32(a0, a2, high: false), b1 = zip32(a0, a2, high: true)
        let b2 = zip32(a1, a3, high: false), b3 = zip32(a1, a3, high: true)
        let b4 = zip32(a4, a6, high: false), b5 = zip32(a4, a6, high: true)
        let b6 = zip32(a5, a7, high: false), b7 = zip32(a5, a7, high: true)
        return (
            zip64(b0, b4, high: false), zip64(b0, b4, high: true), zip64(b1, b5, high: false),
            zip64(b1, b5, high: true), zip64(b2, b6, high: false), zip64(b2, b6, high: true),
            zip64(b3, b7, high: false), zip64(b3, b7, high: true)
        )
    }

    @inline(__always) private static func zip16(_ a: Lane16, _ b: Lane16, high: Bool) -> Lane16 {
        high
            ? Lane16(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
            : Lane16(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
    }

    @inline(__always) private static func zip32(_ a: Lane16, _ b: Lane16, high: Bool) -> Lane16 {
        let x = unsafeBitCast(a, to: SIMD4<Int32>.self), y = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(high ? SIMD4(x[2], y[2], x[3], y[3]) : SIMD4(x[0], y[0], x[1], y[1]), to: Lane16.self)
    }

    @inline(__always) private static func zip64(_ a: Lane16, _ b: Lane16, high: Bool) -> Lane16 {
        let x = unsafeBitCast(a, to: SIMD2<Int64>.self), y = unsafeBitCast(b, to: SIMD2<Int64>.self)
        return unsafeBitCast(high ? SIMD2(x[1], y[1]) : SIMD2(x[0], y[0]), to: Lane16.self)
    }
}
