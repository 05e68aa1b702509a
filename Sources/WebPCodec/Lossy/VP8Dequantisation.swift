/// Turns a macroblock's levels as the token reader leaves them (each block in zigzag order, not
/// dequantised, with its end) into the coefficients the inverse transforms take (raster order,
/// dequantised, the Y2 block's inverse Walsh-Hadamard in the luma DCs), and each block's code.
///
/// The token reader sets a large picture's pace on its own thread (`VP8ParsePipeline`) and the
/// rebuilding thread waits on it, so this work is the rebuilding thread's: the reader makes only
/// the decisions. The values are libwebp's: each coefficient is the level times its factor,
/// truncated to 16 bits.
enum VP8Dequantisation {
    /// Fills `out` (400 values: 16 luma, 4 U and 4 V blocks of 16, then the Y2 block) with
    /// every coefficient the transforms will read, and returns each block's 2-bit code at bits
    /// 2·block: 0 nothing, 1 DC only, 2 only the first three coefficients (raster 0, 1 and 4),
    /// 3 any. A block's other coefficients are left as they were: its code keeps the transforms
    /// from reading them. `levels` (400) must be zero past each block's end, `ends` holds 25.
    static func macroblock(
        levels: UnsafePointer<Int16>, ends: UnsafePointer<UInt8>, isSubblockCoded: Bool,
        quantizers q: VP8Quantizers, into out: UnsafeMutablePointer<Int16>
    ) -> UInt64 {
        if !isSubblockCoded {
            // The Y2 block's transform reads all 16 positions: its block is dequantised whole.
            let y2 = out + 384
            y2[0] = dequantised(levels[384], q.y2.dc)
            placeAC(levels + 384, count: 16, factor: q.y2.ac, into: y2)
            if ends[24] > 1 {
                VP8Transforms.inverseWalshHadamard(y2, into: out)
            } else {
                let value = Int16(truncatingIfNeeded: (Int(y2[0]) + 3) >> 3)
                for i in 0..<16 { out[16 * i] = value }
            }
        }
        var codes: UInt64 = 0
        for block in 0..<24 {
            let isLuma = block < 16
            let end = Int(ends[block])
            let input = levels + 16 * block
            let coefficients = out + 16 * block
            // A luma block under a Y2 block has its DC from the Y2 transform.
            if !isLuma || isSubblockCoded { coefficients[0] = dequantised(input[0], isLuma ? q.y1.dc : q.uv.dc) }
            let ac = isLuma ? q.y1.ac : q.uv.ac
            let code: UInt64
            if end > 3 {
                placeAC(input, count: 16, factor: ac, into: coefficients)
                code = 3
            } else if end > 1 {
                placeAC(input, count: 3, factor: ac, into: coefficients)
                code = 2
            } else {
                code = coefficients[0] != 0 ? 1 : 0
            }
            codes |= code &<< UInt64(2 * block)
        }
        return codes
    }

    @inline(__always)
    private static func dequantised(_ level: Int16, _ factor: Int) -> Int16 {
        Int16(truncatingIfNeeded: Int(level) &* factor)
    }

    /// Places the AC levels at zigzag positions 1..<count (3 or 16) of `input`, dequantised, at
    /// their raster positions in `out`.
    @inline(__always)
    private static func placeAC(
        _ input: UnsafePointer<Int16>, count: Int, factor: Int, into out: UnsafeMutablePointer<Int16>
    ) {
        @inline(__always)
        func put(_ raster: Int, _ zigzag: Int) { out[raster] = dequantised(input[zigzag], factor) }
        // The zigzag order, position by position: 0, 1, 4, 8, 5, 2, 3, 6, 9, 12, 13, 10, 7, 11, 14, 15.
        put(1, 1)
        put(4, 2)
        guard count > 3 else { return }
        put(8, 3)
        put(5, 4)
        put(2, 5)
        put(3, 6)
        put(6, 7)
        put(9, 8)
        put(12, 9)
        put(13, 10)
        put(10, 11)
        put(7, 12)
        put(11, 13)
        put(14, 14)
        put(15, 15)
    }
}
