/// Scaling of transform coefficients (H.265 8.6.2 to 8.6.4): dequantisation with the scaling
/// factors, transform skip, and the two-stage inverse DST 4×4 / DCT 4 to 32 with the clipping
/// to 16 bits between the stages. Reads `coefficients`, leaves the residual in `residual`.
extension HEVCSliceDecoder {
    private static let levelScale: [Int64] = [40, 45, 51, 57, 64, 72]

    func scaleAndTransform(
        plane: Int, log2Size: Int, qp: Int, bitDepth: Int, transformSkip: Bool, dst: Bool
    ) {
        let n = 1 << log2Size
        let shift = Int64(bitDepth + log2Size - 5)
        let scale = Self.levelScale[qp % 6] << Int64(qp / 6)
        let flat = !sps.scalingListEnabled || (transformSkip && n > 4)
        let factors = scaling.factors[log2Size - 2][plane]
        let rounding = Int64(1) << (shift - 1)
        for i in 0..<(n * n) where coefficients[i] != 0 {
            let m: Int64 = flat ? 16 : Int64(factors[i])
            let value = (Int64(coefficients[i]) * m * scale + rounding) >> shift
            coefficients[i] = Int32(min(max(value, -32768), 32767))
        }
        let finalShift = Int32(20 - bitDepth)
        let finalRounding = Int32(1) << (finalShift - 1)
        if transformSkip {
            for i in 0..<(n * n) { residual[i] = (coefficients[i] << 7 + finalRounding) >> finalShift }
            return
        }
        let matrix = dst ? HEVCTransformMatrix.dst4 : HEVCTransformMatrix.dct[log2Size - 2]
        // Columns: e[x][y] = sum over j of M[j][y] * d[x][j]; then clipped to 16 bits.
        var intermediate = [Int32](repeating: 0, count: n * n)
        for x in 0..<n {
            var last = -1
            for j in 0..<n where coefficients[j * n + x] != 0 { last = j }
            guard last >= 0 else { continue }
            for y in 0..<n {
                var sum: Int64 = 0
                for j in 0...last { sum += Int64(matrix[j * n + y]) * Int64(coefficients[j * n + x]) }
                intermediate[y * n + x] = Int32(min(max((sum + 64) >> 7, -32768), 32767))
            }
        }
        // Rows: r[x][y] = sum over j of M[j][x] * g[j][y].
        for y in 0..<n {
            var last = -1
            for j in 0..<n where intermediate[y * n + j] != 0 { last = j }
            guard last >= 0 else {
                for x in 0..<n { residual[y * n + x] = 0 }
                continue
            }
            for x in 0..<n {
                var sum: Int64 = 0
                for j in 0...last { sum += Int64(matrix[j * n + x]) * Int64(intermediate[y * n + j]) }
                residual[y * n + x] = Int32(truncatingIfNeeded: (sum + Int64(finalRounding)) >> Int64(finalShift))
            }
        }
    }
}

/// The transform matrices of 8.6.4.2, row k (frequency) by column n (sample), as `k * size + n`.
enum HEVCTransformMatrix {
    static let dst4: [Int32] = [29, 55, 74, 84, 74, 74, 0, -74, 84, -29, -74, 55, 55, -84, 74, -29]

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
}
