import ImageCore

/// The residual of transform coefficients (H.265 8.6.2 to 8.6.4): transform skip, and the
/// two-stage inverse DST 4×4 / DCT 4 to 32 with the clipping to 16 bits between the stages.
/// Reads `coefficients`, already scaled (HEVCLevelScaling, as they are decoded), leaves the
/// residual in `residual`.
///
/// Each stage is the matrix product of 8.6.4.2 computed as even and odd halves (the DCT's rows
/// are even or odd about the middle, and its even rows are the next smaller DCT), over the
/// columns and rows up to the block's last level only: the sums are the same integers, at a
/// third of the multiplications or fewer (the plain product was two fifths of the decode).
/// Every sum fits 32 bits: at most 32 products of a 16-bit input by a coefficient of at most 90.
extension HEVCSliceDecoder {
    func scaleAndTransform(plane: Int, log2Size: Int, bitDepth: Int, block: HEVCResidualBlock, dst: Bool) {
        let n = 1 << log2Size
        let coefficients = self.coefficients, residual = self.residual
        let maxX = block.maxX, maxY = block.maxY
        let finalShift = Int32(20 - bitDepth)
        let finalRounding = Int32(1) << (finalShift - 1)
        if block.transformSkip {
            for i in 0..<(n * n) { residual[i] = (coefficients[i] << 7 + finalRounding) >> finalShift }
            return
        }
        if dst {
            Self.inverseDST(coefficients, residual, intermediate, shift: finalShift)
            return
        }
        if maxX == 0 && maxY == 0 {
            // Only the DC level: each stage makes every output 64 times its one input.
            let first = min(max((64 * coefficients[0] + 64) >> 7, -32768), 32767)
            residual.update(repeating: (64 * first + finalRounding) >> finalShift, count: n * n)
            return
        }
        let intermediate = self.intermediate, line = self.transformLine
        for x in 0...maxX {
            Self.inverse(log2Size, coefficients + x, stride: n, last: maxY, into: line)
            for y in 0..<n { intermediate[y * n + x] = min(max((line[y] &+ 64) >> 7, -32768), 32767) }
        }
        for y in 0..<n {
            Self.inverse(log2Size, intermediate + y * n, stride: 1, last: maxX, into: line)
            let row = residual + y * n
            for x in 0..<n { row[x] = (line[x] &+ finalRounding) >> finalShift }
        }
    }

    /// The one-dimensional inverse DCT of the `1 << log2` inputs at `input`, `stride` apart, of
    /// which those past `last` are zero, into `output[0..<n]` (unrounded sums).
    private static func inverse(
        _ log2: Int, _ input: UnsafePointer<Int32>, stride: Int, last: Int, into output: UnsafeMutablePointer<Int32>
    ) {
        if log2 == 2 {
            let s0 = input[0], s1 = last >= 1 ? input[stride] : 0
            let s2 = last >= 2 ? input[2 * stride] : 0, s3 = last >= 3 ? input[3 * stride] : 0
            let e0 = 64 &* (s0 &+ s2), e1 = 64 &* (s0 &- s2)
            let o0 = 83 &* s1 &+ 36 &* s3, o1 = 36 &* s1 &- 83 &* s3
            output[0] = e0 &+ o0
            output[1] = e1 &+ o1
            output[2] = e1 &- o1
            output[3] = e0 &- o0
            return
        }
        let n = 1 << log2, half = n >> 1
        // The even inputs are the half-size transform's, into the first half of the outputs.
        inverse(log2 - 1, input, stride: stride << 1, last: last >> 1, into: output)
        // The odd inputs' sums, the k-th kept at output[n - 1 - k].
        let odd = output + half
        odd.update(repeating: 0, count: half)
        let table = UnsafePointer(HEVCTransformMatrix.oddRows.base) + HEVCTransformMatrix.oddRowsOffset[log2 - 3]
        var i = 0
        while 2 * i + 1 <= last {
            let s = input[(2 * i + 1) * stride]
            if s != 0 {
                let row = table + i * half
                for j in 0..<half { odd[j] = odd[j] &+ row[j] &* s }
            }
            i += 1
        }
        for k in 0..<half {
            let e = output[k], o = output[n - 1 - k]
            output[k] = e &+ o
            output[n - 1 - k] = e &- o
        }
    }

    /// The inverse DST of 4×4 luma intra blocks: both stages, unrolled.
    private static func inverseDST(
        _ input: UnsafeMutablePointer<Int32>, _ output: UnsafeMutablePointer<Int32>,
        _ scratch: UnsafeMutablePointer<Int32>, shift: Int32
    ) {
        @inline(__always) func dst(_ s0: Int32, _ s1: Int32, _ s2: Int32, _ s3: Int32) -> (Int32, Int32, Int32, Int32) {
            (
                29 &* s0 &+ 74 &* s1 &+ 84 &* s2 &+ 55 &* s3, 55 &* s0 &+ 74 &* s1 &- 29 &* s2 &- 84 &* s3,
                74 &* s0 &- 74 &* s2 &+ 74 &* s3, 84 &* s0 &- 74 &* s1 &+ 55 &* s2 &- 29 &* s3
            )
        }
        @inline(__always) func clip(_ v: Int32) -> Int32 { min(max((v &+ 64) >> 7, -32768), 32767) }
        for x in 0..<4 {
            let (a, b, c, d) = dst(input[x], input[4 + x], input[8 + x], input[12 + x])
            (scratch[x], scratch[4 + x], scratch[8 + x], scratch[12 + x]) = (clip(a), clip(b), clip(c), clip(d))
        }
        let rounding = Int32(1) << (shift - 1)
        for y in 0..<4 {
            let r = scratch + 4 * y
            let (a, b, c, d) = dst(r[0], r[1], r[2], r[3])
            let out = output + 4 * y
            out[0] = (a &+ rounding) >> shift
            out[1] = (b &+ rounding) >> shift
            out[2] = (c &+ rounding) >> shift
            out[3] = (d &+ rounding) >> shift
        }
    }
}

/// The transform matrices of 8.6.4.2, row k (frequency) by column n (sample), as `k * size + n`.
enum HEVCTransformMatrix {
    /// 64·√2·cos(mπ/64) as the standard rounds it, m = 0...32 (entry 0 is row 0's 64).
    private static let cosines: [Int32] = [
        64, 90, 90, 90, 89, 88, 87, 85, 83, 82, 80, 78, 75, 73, 70, 67, 64, 61, 57, 54, 50, 46, 43, 38, 36, 31,
        25, 22, 18, 13, 9, 4, 0,
    ]

    /// The 32-point matrix, from which the smaller ones take every (32/size)-th row.
    private static func entry(_ k: Int, _ n: Int) -> Int32 {
        if k == 0 { return 64 }
        let m = ((2 * n + 1) * k) % 128
        switch m {
        case 0...32: return cosines[m]
        case 33...64: return -cosines[64 - m]
        case 65...96: return -cosines[m - 64]
        default: return cosines[128 - m]
        }
    }

    /// `dct[log2 - 2]` for sizes 4, 8, 16, 32.
    static let dct: [[Int32]] = (2...5).map { log2 in
        let size = 1 << log2
        var matrix = [Int32](repeating: 0, count: size * size)
        for k in 0..<size {
            for n in 0..<size { matrix[k * size + n] = entry(k * (32 / size), n) }
        }
        return matrix
    }

    /// Where the odd rows of the 8, 16 and 32-point matrices start in `oddRows`.
    static let oddRowsOffset = [0, 16, 80]

    /// For the butterflies: odd row 2i + 1 of each size n (8, 16, 32) as n/2 entries, the j-th
    /// being the matrix's entry at column n/2 - 1 - j (the order the odd sums are kept in).
    /// Made once, never freed.
    static let oddRows = SendablePointer<Int32>.table(count: 16 + 64 + 256) { table in
        table.initialize(repeating: 0, count: 16 + 64 + 256)
        for log2 in 3...5 {
            let n = 1 << log2, half = n >> 1
            let matrix = dct[log2 - 2]
            for i in 0..<half {
                for j in 0..<half {
                    table[oddRowsOffset[log2 - 3] + i * half + j] = matrix[(2 * i + 1) * n + half - 1 - j]
                }
            }
        }
    }
}
