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
    /// 4×4 pixels at `dst` (rows `stride` apart).
    static func addInverseDCT(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        var temp = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &temp) { raw in
            let t = raw.bindMemory(to: Int.self)
            for i in 0..<4 {  // vertical pass, one column each
                let a = Int(input[i]) + Int(input[8 + i])
                let b = Int(input[i]) - Int(input[8 + i])
                let c = mulSin(Int(input[4 + i])) - mulCos(Int(input[12 + i]))
                let d = mulCos(Int(input[4 + i])) + mulSin(Int(input[12 + i]))
                t[4 * i] = a + d
                t[4 * i + 1] = b + c
                t[4 * i + 2] = b - c
                t[4 * i + 3] = a - d
            }
            for i in 0..<4 {  // horizontal pass, one row each
                let dc = t[i] + 4
                let a = dc + t[8 + i]
                let b = dc - t[8 + i]
                let c = mulSin(t[4 + i]) - mulCos(t[12 + i])
                let d = mulCos(t[4 + i]) + mulSin(t[12 + i])
                let row = dst + i * stride
                addClamped(row, a + d)
                addClamped(row + 1, b + c)
                addClamped(row + 2, b - c)
                addClamped(row + 3, a - d)
            }
        }
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
