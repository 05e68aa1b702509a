extension AV1LoopRestoration {
    /// The self guided filter process (7.17.2): two box filters' outputs, projected with the
    /// unit's weights.
    func selfGuided(
        _ planes: inout AV1FramePlanes, _ window: [Int], _ a: Area, _ plane: Int, _ unit: Int, _ stride: Int,
        _ offset: Int
    ) {
        let set = Int(units.sets[plane][unit]) & 15
        let params = Self.sgrParams[set]
        let w0 = Int(units.xqd[plane][unit * 2])
        let w1 = Int(units.xqd[plane][unit * 2 + 1])
        let w2 = (1 << 7) - w0 - w1
        let flt0 = params[0] != 0 ? box(window, a, r: params[0], eps: params[1], pass: 0) : []
        let flt1 = params[2] != 0 ? box(window, a, r: params[2], eps: params[3], pass: 1) : []
        let top = (1 << colour.bitDepth) - 1
        for i in 0..<a.h {
            for j in 0..<a.w {
                let u = a.at(window, a.x + j, a.y + i) << 4
                var v = w1 * u
                v += params[0] != 0 ? w0 * flt0[i * a.w + j] : w0 * u
                v += params[2] != 0 ? w2 * flt1[i * a.w + j] : w2 * u
                let s = (v + (1 << 10)) >> 11
                planes.samples[offset + (a.y + i) * stride + a.x + j] = UInt16(truncatingIfNeeded: min(max(s, 0), top))
            }
        }
    }

    /// The box filter process (7.17.3): A and B over the block and a border of one, then F.
    private func box(_ window: [Int], _ a: Area, r: Int, eps: Int, pass: Int) -> [Int] {
        let bitDepth = colour.bitDepth
        let n = (2 * r + 1) * (2 * r + 1)
        let n2e = n * n * eps
        let s = ((1 << 20) + n2e / 2) / n2e
        let oneOverN = ((1 << 12) + n / 2) / n
        let bw = a.w + 2
        var arrayA = [Int](repeating: 0, count: (a.h + 2) * bw)
        var arrayB = arrayA
        for i in -1..<(a.h + 1) {
            // Pass 0 uses only the odd rows of A and B.
            if pass == 0 && i & 1 == 0 { continue }
            for j in -1..<(a.w + 1) {
                var sumSquares = 0
                var sum = 0
                for dy in -r...r {
                    for dx in -r...r {
                        let c = a.at(window, a.x + j + dx, a.y + i + dy)
                        sumSquares += c * c
                        sum += c
                    }
                }
                let shift2 = 2 * (bitDepth - 8)
                let scaled = shift2 == 0 ? sumSquares : (sumSquares + (1 << (shift2 - 1))) >> shift2
                let d = bitDepth == 8 ? sum : (sum + (1 << (bitDepth - 9))) >> (bitDepth - 8)
                let p = max(0, scaled * n - d * d)
                let z = (p * s + (1 << 19)) >> 20
                let a2: Int
                if z >= 255 {
                    a2 = 256
                } else if z == 0 {
                    a2 = 1
                } else {
                    a2 = ((z << 8) + z / 2) / (z + 1)
                }
                let b2 = ((1 << 8) - a2) * sum * oneOverN
                arrayA[(i + 1) * bw + j + 1] = a2
                arrayB[(i + 1) * bw + j + 1] = (b2 + (1 << 11)) >> 12
            }
        }
        var out = [Int](repeating: 0, count: a.h * a.w)
        for i in 0..<a.h {
            let shift = pass == 0 && i & 1 == 1 ? 4 : 5
            for j in 0..<a.w {
                var sumA = 0
                var sumB = 0
                for dy in -1...1 {
                    for dx in -1...1 {
                        let weight: Int
                        if pass == 0 {
                            weight = (i + dy) & 1 == 1 ? (dx == 0 ? 6 : 5) : 0
                        } else {
                            weight = dx == 0 || dy == 0 ? 4 : 3
                        }
                        guard weight != 0 else { continue }
                        let at = (i + dy + 1) * bw + j + dx + 1
                        sumA += weight * arrayA[at]
                        sumB += weight * arrayB[at]
                    }
                }
                let v = sumA * a.at(window, a.x + j, a.y + i) + sumB
                let bits = 8 + shift - 4
                out[i * a.w + j] = (v + (1 << (bits - 1))) >> bits
            }
        }
        return out
    }
}
