/// The 8×8 inverse DCT as libjpeg's "islow" (jidctint.c: the Loeffler–Ligtenberg–
/// Moschytz algorithm in 13-bit fixed point, two passes with 2 extra bits between
/// them), so the samples agree with libjpeg-turbo's default to the bit. Arithmetic
/// is 64-bit and wrapping: garbage coefficients give garbage samples, never a trap.
enum JPEGIDCT {
    static let constBits = 13
    static let pass1Bits = 2
    static let fix0_298631336 = 2446
    static let fix0_390180644 = 3196
    static let fix0_541196100 = 4433
    static let fix0_765366865 = 6270
    static let fix0_899976223 = 7373
    static let fix1_175875602 = 9633
    static let fix1_501321110 = 12299
    static let fix1_847759065 = 15137
    static let fix1_961570560 = 16069
    static let fix2_053119869 = 16819
    static let fix2_562915447 = 20995
    static let fix3_072711026 = 25172

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
    /// `workspace` 64 scratch values, `output` eight rows of eight samples `stride` apart.
    static func islow(
        _ coefficients: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>, _ workspace: UnsafeMutablePointer<Int32>,
        _ output: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) {
        // Pass 1: columns, from the coefficients into the workspace, scaled up by 2^pass1Bits.
        for column in 0..<8 {
            let c = coefficients + column, q = quant + column, w = workspace + column
            if c[8] == 0 && c[16] == 0 && c[24] == 0 && c[32] == 0 && c[40] == 0 && c[48] == 0 && c[56] == 0 {
                let dc = Int32(truncatingIfNeeded: (Int(c[0]) &* Int(q[0])) &<< pass1Bits)
                for row in 0..<8 { w[row &* 8] = dc }
                continue
            }
            let outputs = oneDimension(
                Int(c[0]) &* Int(q[0]), Int(c[8]) &* Int(q[8]), Int(c[16]) &* Int(q[16]), Int(c[24]) &* Int(q[24]),
                Int(c[32]) &* Int(q[32]), Int(c[40]) &* Int(q[40]), Int(c[48]) &* Int(q[48]),
                Int(c[56]) &* Int(q[56]), shift: constBits &- pass1Bits)
            w[0] = Int32(truncatingIfNeeded: outputs.0)
            w[8] = Int32(truncatingIfNeeded: outputs.1)
            w[16] = Int32(truncatingIfNeeded: outputs.2)
            w[24] = Int32(truncatingIfNeeded: outputs.3)
            w[32] = Int32(truncatingIfNeeded: outputs.4)
            w[40] = Int32(truncatingIfNeeded: outputs.5)
            w[48] = Int32(truncatingIfNeeded: outputs.6)
            w[56] = Int32(truncatingIfNeeded: outputs.7)
        }
        // Pass 2: rows, from the workspace into samples, removing the scaling (8 and 2^pass1Bits).
        for row in 0..<8 {
            let w = workspace + row &* 8, out = output + row &* stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let sample = limit(descale(Int(w[0]), pass1Bits &+ 3))
                for x in 0..<8 { out[x] = sample }
                continue
            }
            let outputs = oneDimension(
                Int(w[0]), Int(w[1]), Int(w[2]), Int(w[3]), Int(w[4]), Int(w[5]), Int(w[6]), Int(w[7]),
                shift: constBits &+ pass1Bits &+ 3)
            out[0] = limit(outputs.0)
            out[1] = limit(outputs.1)
            out[2] = limit(outputs.2)
            out[3] = limit(outputs.3)
            out[4] = limit(outputs.4)
            out[5] = limit(outputs.5)
            out[6] = limit(outputs.6)
            out[7] = limit(outputs.7)
        }
    }

    /// One 8-point pass of jidctint.c's islow, outputs descaled by `shift` bits.
    @inline(__always)
    private static func oneDimension(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int, shift: Int
    ) -> (Int, Int, Int, Int, Int, Int, Int, Int) {
        // Even part: the rotator is sqrt(2)·c(-6).
        let z1 = (i2 &+ i6) &* fix0_541196100
        let tmp2 = z1 &+ i6 &* -fix1_847759065
        let tmp3 = z1 &+ i2 &* fix0_765366865
        let tmp0 = (i0 &+ i4) &<< constBits
        let tmp1 = (i0 &- i4) &<< constBits
        let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3
        let tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
        // Odd part (figure 8 of the paper), inputs 7, 5, 3, 1.
        let oz1 = i7 &+ i1, oz2 = i5 &+ i3, oz3 = i7 &+ i3, oz4 = i5 &+ i1
        let z5 = (oz3 &+ oz4) &* fix1_175875602
        let o0 = i7 &* fix0_298631336, o1 = i5 &* fix2_053119869
        let o2 = i3 &* fix3_072711026, o3 = i1 &* fix1_501321110
        let m1 = oz1 &* -fix0_899976223, m2 = oz2 &* -fix2_562915447
        let m3 = oz3 &* -fix1_961570560 &+ z5, m4 = oz4 &* -fix0_390180644 &+ z5
        let odd0 = o0 &+ m1 &+ m3, odd1 = o1 &+ m2 &+ m4
        let odd2 = o2 &+ m2 &+ m3, odd3 = o3 &+ m1 &+ m4
        return (
            descale(tmp10 &+ odd3, shift), descale(tmp11 &+ odd2, shift), descale(tmp12 &+ odd1, shift),
            descale(tmp13 &+ odd0, shift), descale(tmp13 &- odd0, shift), descale(tmp12 &- odd1, shift),
            descale(tmp11 &- odd2, shift), descale(tmp10 &- odd3, shift)
        )
    }
}
