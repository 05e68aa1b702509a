/// The inverse transforms of RFC 6386 section 14, exactly as the reference
/// decoder computes them (integer arithmetic, same rounding).
enum VP8Transforms {
    /// Inverse Walsh-Hadamard of the Y2 block: its 16 outputs become the DC
    /// coefficients of the 16 luma blocks (`out[16 * i]`).
    static func inverseWalshHadamard(_ input: UnsafePointer<Int16>, into out: UnsafeMutablePointer<Int16>) {
        var temp = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &temp) { raw in
            let t = raw.bindMemory(to: Int.self)
            for i in 0..<4 {
                let a0 = Int(input[i]) + Int(input[12 + i])
                let a1 = Int(input[4 + i]) + Int(input[8 + i])
                let a2 = Int(input[4 + i]) - Int(input[8 + i])
                let a3 = Int(input[i]) - Int(input[12 + i])
                t[i] = a0 + a1
                t[8 + i] = a0 - a1
                t[4 + i] = a3 + a2
                t[12 + i] = a3 - a2
            }
            for i in 0..<4 {
                let dc = t[4 * i] + 3
                let a0 = dc + t[4 * i + 3]
                let a1 = t[4 * i + 1] + t[4 * i + 2]
                let a2 = t[4 * i + 1] - t[4 * i + 2]
                let a3 = dc - t[4 * i + 3]
                out[64 * i] = Int16(truncatingIfNeeded: (a0 + a1) >> 3)
                out[64 * i + 16] = Int16(truncatingIfNeeded: (a3 + a2) >> 3)
                out[64 * i + 32] = Int16(truncatingIfNeeded: (a0 - a1) >> 3)
                out[64 * i + 48] = Int16(truncatingIfNeeded: (a3 - a2) >> 3)
            }
        }
    }

    /// 20091/65536 + 1 and 35468/65536: sqrt(2)·cos(π/8) and sqrt(2)·sin(π/8).
    @inline(__always) private static func mulCos(_ a: Int) -> Int { ((a * 20091) >> 16) + a }
    @inline(__always) private static func mulSin(_ a: Int) -> Int { (a * 35468) >> 16 }

    @inline(__always)
    private static func addClamped(_ dst: UnsafeMutablePointer<UInt8>, _ residual: Int) {
        let v = Int(dst.pointee) + (residual >> 3)
        dst.pointee = UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v)
    }

    /// Adds the inverse DCT of `input` (16 coefficients, raster order) to the
    /// 4×4 pixels at `dst` (rows `stride` apart): a vertical pass over the
    /// columns, then a horizontal pass over the rows with rounding.
    static func addInverseDCT(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        @inline(__always)
        func column(_ i: Int) -> (Int, Int, Int, Int) {
            let a = Int(input[i]) + Int(input[8 + i])
            let b = Int(input[i]) - Int(input[8 + i])
            let c = mulSin(Int(input[4 + i])) - mulCos(Int(input[12 + i]))
            let d = mulCos(Int(input[4 + i])) + mulSin(Int(input[12 + i]))
            return (a + d, b + c, b - c, a - d)
        }
        let c0 = column(0), c1 = column(1), c2 = column(2), c3 = column(3)
        @inline(__always)
        func row(_ i: Int, _ t0: Int, _ t1: Int, _ t2: Int, _ t3: Int) {
            let dc = t0 + 4
            let a = dc + t2
            let b = dc - t2
            let c = mulSin(t1) - mulCos(t3)
            let d = mulCos(t1) + mulSin(t3)
            let out = dst + i * stride
            addClamped(out, a + d)
            addClamped(out + 1, b + c)
            addClamped(out + 2, b - c)
            addClamped(out + 3, a - d)
        }
        row(0, c0.0, c1.0, c2.0, c3.0)
        row(1, c0.1, c1.1, c2.1, c3.1)
        row(2, c0.2, c1.2, c2.2, c3.2)
        row(3, c0.3, c1.3, c2.3, c3.3)
    }

    /// The inverse DCT when only coefficients 0, 1 and 4 (the first three in
    /// zigzag order) may be non-zero: the same result with the zero terms left out.
    static func addInverseDCT3(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        let a = Int(input[0]) + 4
        let c4 = mulSin(Int(input[4])), d4 = mulCos(Int(input[4]))
        let c1 = mulSin(Int(input[1])), d1 = mulCos(Int(input[1]))
        @inline(__always)
        func row(_ i: Int, _ dc: Int) {
            let out = dst + i * stride
            addClamped(out, dc + d1)
            addClamped(out + 1, dc + c1)
            addClamped(out + 2, dc - c1)
            addClamped(out + 3, dc - d1)
        }
        row(0, a + d4)
        row(1, a + c4)
        row(2, a - c4)
        row(3, a - d4)
    }

    /// The inverse DCT when only the DC coefficient is non-zero.
    static func addInverseDC(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        let dc = Int(input[0]) + 4
        for y in 0..<4 {
            let row = dst + y * stride
            for x in 0..<4 { addClamped(row + x, dc) }
        }
    }
}
