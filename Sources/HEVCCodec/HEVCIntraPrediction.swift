/// Intra sample prediction (H.265 8.4.4.2): reference samples with substitution (8.4.4.2.2),
/// the [1 2 1] and strong filters (8.4.4.2.3), and the planar, DC and 33 angular modes.
extension HEVCSliceDecoder {
    private static let angles: [Int] = [
        0, 0, 32, 26, 21, 17, 13, 9, 5, 2, 0, -2, -5, -9, -13, -17, -21, -26, -32, -26, -21, -17, -13, -9, -5,
        -2, 0, 2, 5, 9, 13, 17, 21, 26, 32,
    ]
    private static let inverseAngles: [Int] = [
        -4096, -1638, -910, -630, -482, -390, -315, -256, -315, -390, -482, -630, -910, -1638, -4096,
    ]

    /// Writes the prediction of the n×n block at (x, y) of `plane` (plane coordinates) into the plane.
    func predictIntra(plane: Int, x: Int, y: Int, log2Size: Int, mode: Int) {
        let n = 1 << log2Size
        let shift = plane == 0 ? 0 : frame.chromaShift
        let bitDepth = plane == 0 ? sps.bitDepthLuma : sps.bitDepthChroma
        let width = frame.planeWidth[plane]
        let samples = frame.planes[plane]
        // line[k]: k < 2n is p[-1][2n-1-k], 2n the corner, k > 2n is p[k-2n-1][-1].
        let line = intraLine, available = intraAvailable
        line.update(repeating: 0, count: 4 * n + 1)
        available.update(repeating: false, count: 4 * n + 1)
        let unit = max(4 >> shift, 1)
        let xL = x << shift, yL = y << shift
        var any = false
        var k = 0
        while k <= 4 * n {
            let sx = k < 2 * n ? x - 1 : (k == 2 * n ? x - 1 : x + k - 2 * n - 1)
            let sy = k < 2 * n ? y + 2 * n - 1 - k : y - 1
            let run = k == 2 * n ? 1 : (k < 2 * n ? min(unit, 2 * n - k) : unit)
            if frame.available(xL, yL, sx << shift, sy << shift) {
                any = true
                for r in 0..<run {
                    let px = k + r < 2 * n ? sx : (k + r == 2 * n ? sx : sx + r)
                    let py = k + r < 2 * n ? sy - r : sy
                    line[k + r] = Int32(samples[py * width + px])
                    available[k + r] = true
                }
            }
            k += run
        }
        if !any {
            for i in 0...(4 * n) { line[i] = Int32(1 << (bitDepth - 1)) }
        } else {
            if !available[0] {
                var first = 1
                while !available[first] { first += 1 }  // `any`: one is
                line[0] = line[first]
            }
            for i in 1...(4 * n) where !available[i] { line[i] = line[i - 1] }
        }
        if plane == 0 || frame.chromaShift == 0 {
            filterReferences(line, n: n, mode: mode, bitDepth: bitDepth, plane: plane)
        }
        let corner = 2 * n
        let pred = intermediate
        if mode == 0 {
            // Weights of at most 32 times samples of 10 bits: wrapping arithmetic never wraps, and
            // without the checks the rows are vectorised.
            let topRight = line[corner + 1 + n], bottomLeft = line[corner - 1 - n]
            let size = Int32(n), shift = Int32(log2Size + 1)
            for j in 0..<n {
                let row = Int32(truncatingIfNeeded: j)
                let left = line[corner - 1 - j], topWeight = size &- 1 &- row
                let rowTerm = (row &+ 1) &* bottomLeft &+ size
                let out = pred + j * n
                for i in 0..<n {
                    let column = Int32(truncatingIfNeeded: i)
                    let value =
                        (size &- 1 &- column) &* left &+ (column &+ 1) &* topRight &+ topWeight &* line[corner + 1 + i]
                        &+ rowTerm
                    out[i] = value &>> shift
                }
            }
        } else if mode == 1 {
            var sum = Int32(n)
            for i in 0..<n { sum += line[corner + 1 + i] + line[corner - 1 - i] }
            let dc = sum >> Int32(log2Size + 1)
            for i in 0..<(n * n) { pred[i] = dc }
            if plane == 0 && n < 32 {
                pred[0] = (line[corner - 1] + 2 * dc + line[corner + 1] + 2) >> 2
                for i in 1..<n {
                    pred[i] = (line[corner + 1 + i] + 3 * dc + 2) >> 2
                    pred[i * n] = (line[corner - 1 - i] + 3 * dc + 2) >> 2
                }
            }
        } else {
            predictAngular(pred, line: line, n: n, mode: mode, plane: plane, bitDepth: bitDepth)
        }
        // Every prediction is within the references' range (weighted means of them, or clipped),
        // so the conversion needs no check: without it the copy is vectorised.
        for j in 0..<n {
            let row = (y + j) * width + x
            for i in 0..<n { samples[row + i] = UInt16(truncatingIfNeeded: pred[j * n + i]) }
        }
    }

    private func filterReferences(_ line: UnsafeMutablePointer<Int32>, n: Int, mode: Int, bitDepth: Int, plane: Int) {
        guard mode != 1 && n != 4 else { return }
        let distance = min(abs(mode - 26), abs(mode - 10))
        let threshold = n == 8 ? 7 : (n == 16 ? 1 : 0)
        guard mode == 0 || distance > threshold else { return }
        let corner = 2 * n
        let limit = Int32(1 << (bitDepth - 5))
        if plane == 0 && sps.strongIntraSmoothing && n == 32
            && abs(line[corner] + line[4 * n] - 2 * line[corner + n]) < limit
            && abs(line[corner] + line[0] - 2 * line[corner - n]) < limit
        {
            let c = line[corner], bottom = line[0], right = line[4 * n]
            for i in 0..<63 {
                line[corner - 1 - i] = (Int32(63 - i) * c + Int32(i + 1) * bottom + 32) >> 6
                line[corner + 1 + i] = (Int32(63 - i) * c + Int32(i + 1) * right + 32) >> 6
            }
            return
        }
        let filtered = intraFiltered
        for k in 1..<(4 * n) { filtered[k] = (line[k - 1] + 2 * line[k] + line[k + 1] + 2) >> 2 }
        (line + 1).update(from: filtered + 1, count: 4 * n - 1)
    }

    private func predictAngular(
        _ pred: UnsafeMutablePointer<Int32>, line: UnsafeMutablePointer<Int32>, n: Int, mode: Int, plane: Int,
        bitDepth: Int
    ) {
        let corner = 2 * n
        let angle = Self.angles[mode]
        let vertical = mode >= 18
        // main(i) is the reference along the prediction direction, side(i) the other one, i = -1...2n-1.
        func main(_ i: Int) -> Int32 { vertical ? line[corner + 1 + i] : line[corner - 1 - i] }
        func side(_ i: Int) -> Int32 { vertical ? line[corner - 1 - i] : line[corner + 1 + i] }
        let ref = intraReference
        ref.update(repeating: 0, count: 3 * n + 2)
        let base = n  // ref[base + x] is refMain[x]
        for i in 0...n { ref[base + i] = main(i - 1) }
        if angle < 0 {
            let lowest = (n * angle) >> 5
            if lowest < -1 {
                let inverse = Self.inverseAngles[mode - 11]
                for i in lowest...(-1) { ref[base + i] = side(-1 + ((i * inverse + 128) >> 8)) }
            }
        } else {
            for i in (n + 1)...(2 * n) { ref[base + i] = main(i - 1) }
        }
        let maxValue = Int32((1 << bitDepth) - 1)
        for j in 0..<n {
            let position = (j + 1) * angle
            let index = position >> 5, fraction = Int32(position & 31)
            for i in 0..<n {
                let a = ref[base + i + index + 1]
                let value = fraction == 0 ? a : ((32 - fraction) * a + fraction * ref[base + i + index + 2] + 16) >> 5
                if vertical { pred[j * n + i] = value } else { pred[i * n + j] = value }
            }
        }
        if plane == 0 && n < 32 && angle == 0 {
            for j in 0..<n {
                let value = min(max(main(0) + ((side(j) - main(-1)) >> 1), 0), maxValue)
                if vertical { pred[j * n] = value } else { pred[j] = value }
            }
        }
    }
}
