#if canImport(Glibc)
import Glibc
#endif

extension JPEGEncoder {
    /// The 8 × 8 forward DCT of T.81 A.3.3 (F(u,v) = ¼ C(u) C(v) Σ Σ s(x,y) cos … cos …), in floats,
    /// as two passes of eight-lane multiply-adds: exact to rounding, and quick enough that a faster
    /// factorisation (AAN) buys little next to the entropy coding. Rows in, coefficients out in place:
    /// `block[v][u]`, v the vertical frequency.
    enum ForwardDCT {
        /// `columns[x][u]` = ½ C(u) cos((2x + 1) u π / 16): the basis, read along x.
        static let columns: [SIMD8<Float>] = (0..<8).map { x in
            var lane = SIMD8<Float>()
            for u in 0..<8 {
                let c = u == 0 ? 1 / Double(2).squareRoot() : 1
                lane[u] = Float(0.5 * c * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16))
            }
            return lane
        }

        @inline(__always)
        static func transform(_ block: UnsafeMutablePointer<SIMD8<Float>>) {
            let c0 = columns[0], c1 = columns[1], c2 = columns[2], c3 = columns[3]
            let c4 = columns[4], c5 = columns[5], c6 = columns[6], c7 = columns[7]
            // Rows: t[y][u] = Σ_x s[y][x] basis[x][u].
            for y in 0..<8 {
                let s = block[y]
                var t = c0 * s[0]
                t += c1 * s[1]
                t += c2 * s[2]
                t += c3 * s[3]
                t += c4 * s[4]
                t += c5 * s[5]
                t += c6 * s[6]
                t += c7 * s[7]
                block[y] = t
            }
            // Columns: F[v][u] = Σ_y basis[y][v] t[y][u].
            let t0 = block[0], t1 = block[1], t2 = block[2], t3 = block[3]
            let t4 = block[4], t5 = block[5], t6 = block[6], t7 = block[7]
            for v in 0..<8 {
                var f = t0 * c0[v]
                f += t1 * c1[v]
                f += t2 * c2[v]
                f += t3 * c3[v]
                f += t4 * c4[v]
                f += t5 * c5[v]
                f += t6 * c6[v]
                f += t7 * c7[v]
                block[v] = f
            }
        }
    }
}
