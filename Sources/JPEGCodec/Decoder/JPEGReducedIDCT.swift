/// The reduced-size inverse DCTs of libjpeg's jidctred.c: 4×4, 2×2 and 1×1 samples
/// straight from an 8×8 block, which is how libjpeg-turbo (and so Pillow's draft
/// mode) decodes at 1/2, 1/4 and 1/8 scale. Same fixed point as JPEGIDCT.
enum JPEGReducedIDCT {
    private static let fix0p211164243 = 1730
    private static let fix0p509795579 = 4176
    private static let fix0p601344887 = 4926
    private static let fix0p720959822 = 5906
    private static let fix0p765366865 = 6270
    private static let fix0p850430095 = 6967
    private static let fix0p899976223 = 7373
    private static let fix1p061594337 = 8697
    private static let fix1p272758580 = 10426
    private static let fix1p451774981 = 11893
    private static let fix1p847759065 = 15137
    private static let fix2p172734803 = 17799
    private static let fix2p562915447 = 20995
    private static let fix3p624509785 = 29692
    private static let constBits = JPEGIDCT.constBits
    private static let pass1Bits = JPEGIDCT.pass1Bits

    @inline(__always) private static func descale(_ x: Int, _ n: Int) -> Int { JPEGIDCT.descale(x, n) }

    static func idct4x4(
        _ coefficients: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>, _ workspace: UnsafeMutablePointer<Int32>,
        _ output: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) {
        for column in 0..<8 where column != 4 {  // the second pass never reads column 4
            let c = coefficients + column, q = quant + column, w = workspace + column
            if c[8] == 0 && c[16] == 0 && c[24] == 0 && c[40] == 0 && c[48] == 0 && c[56] == 0 {
                let dc = Int32(truncatingIfNeeded: (Int(c[0]) &* Int(q[0])) &<< pass1Bits)
                for row in 0..<4 { w[row &* 8] = dc }
                continue
            }
            let out = fourPoint(
                Int(c[0]) &* Int(q[0]), Int(c[8]) &* Int(q[8]), Int(c[16]) &* Int(q[16]), Int(c[24]) &* Int(q[24]),
                Int(c[40]) &* Int(q[40]), Int(c[48]) &* Int(q[48]), Int(c[56]) &* Int(q[56]),
                shift: constBits &- pass1Bits &+ 1)
            w[0] = Int32(truncatingIfNeeded: out.0)
            w[8] = Int32(truncatingIfNeeded: out.1)
            w[16] = Int32(truncatingIfNeeded: out.2)
            w[24] = Int32(truncatingIfNeeded: out.3)
        }
        for row in 0..<4 {
            let w = workspace + row &* 8, out = output + row &* stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let sample = JPEGIDCT.limit(descale(Int(w[0]), pass1Bits &+ 3))
                for x in 0..<4 { out[x] = sample }
                continue
            }
            let v = fourPoint(
                Int(w[0]), Int(w[1]), Int(w[2]), Int(w[3]), Int(w[5]), Int(w[6]), Int(w[7]),
                shift: constBits &+ pass1Bits &+ 3 &+ 1)
            out[0] = JPEGIDCT.limit(v.0)
            out[1] = JPEGIDCT.limit(v.1)
            out[2] = JPEGIDCT.limit(v.2)
            out[3] = JPEGIDCT.limit(v.3)
        }
    }

    /// jidctred.c's 4-point pass from inputs 0, 1, 2, 3, 5, 6, 7.
    @inline(__always)
    private static func fourPoint(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i5: Int, _ i6: Int, _ i7: Int, shift: Int
    ) -> (Int, Int, Int, Int) {
        let even0 = i0 &<< (constBits &+ 1)
        let even2 = i2 &* fix1p847759065 &+ i6 &* -fix0p765366865
        let tmp10 = even0 &+ even2, tmp12 = even0 &- even2
        let odd0 = i7 &* -fix0p211164243 &+ i5 &* fix1p451774981 &+ i3 &* -fix2p172734803 &+ i1 &* fix1p061594337
        let odd2 = i7 &* -fix0p509795579 &+ i5 &* -fix0p601344887 &+ i3 &* fix0p899976223 &+ i1 &* fix2p562915447
        return (
            descale(tmp10 &+ odd2, shift), descale(tmp12 &+ odd0, shift),
            descale(tmp12 &- odd0, shift), descale(tmp10 &- odd2, shift)
        )
    }

    static func idct2x2(
        _ coefficients: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>, _ workspace: UnsafeMutablePointer<Int32>,
        _ output: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) {
        for column in 0..<8 where column < 2 || column & 1 == 1 {  // the second pass reads only these
            let c = coefficients + column, q = quant + column, w = workspace + column
            if c[8] == 0 && c[24] == 0 && c[40] == 0 && c[56] == 0 {
                let dc = Int32(truncatingIfNeeded: (Int(c[0]) &* Int(q[0])) &<< pass1Bits)
                w[0] = dc
                w[8] = dc
                continue
            }
            let out = twoPoint(
                Int(c[0]) &* Int(q[0]), Int(c[8]) &* Int(q[8]), Int(c[24]) &* Int(q[24]), Int(c[40]) &* Int(q[40]),
                Int(c[56]) &* Int(q[56]), shift: constBits &- pass1Bits &+ 2)
            w[0] = Int32(truncatingIfNeeded: out.0)
            w[8] = Int32(truncatingIfNeeded: out.1)
        }
        for row in 0..<2 {
            let w = workspace + row &* 8, out = output + row &* stride
            if w[1] == 0 && w[3] == 0 && w[5] == 0 && w[7] == 0 {
                let sample = JPEGIDCT.limit(descale(Int(w[0]), pass1Bits &+ 3))
                out[0] = sample
                out[1] = sample
                continue
            }
            let v = twoPoint(
                Int(w[0]), Int(w[1]), Int(w[3]), Int(w[5]), Int(w[7]),
                shift: constBits &+ pass1Bits &+ 3 &+ 2)
            out[0] = JPEGIDCT.limit(v.0)
            out[1] = JPEGIDCT.limit(v.1)
        }
    }

    /// jidctred.c's 2-point pass from inputs 0, 1, 3, 5, 7.
    @inline(__always)
    private static func twoPoint(_ i0: Int, _ i1: Int, _ i3: Int, _ i5: Int, _ i7: Int, shift: Int) -> (Int, Int) {
        let even = i0 &<< (constBits &+ 2)
        let odd = i7 &* -fix0p720959822 &+ i5 &* fix0p850430095 &+ i3 &* -fix1p272758580 &+ i1 &* fix3p624509785
        return (descale(even &+ odd, shift), descale(even &- odd, shift))
    }

    /// 1×1: the block's mean, which is its DC coefficient over 8.
    @inline(__always)
    static func idct1x1(
        _ coefficients: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
        _ output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = JPEGIDCT.limit(descale(Int(coefficients[0]) &* Int(quant[0]), 3))
    }
}
