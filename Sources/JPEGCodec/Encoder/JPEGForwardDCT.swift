import Posix

extension JPEGEncoder {
    /// The 8 × 8 forward DCT of T.81 A.3.3, factorised as Arai, Agui and Nakajima's (5 multiplies
    /// and 29 additions a line, in floats, as libjpeg's float DCT): each pass works on eight lines at
    /// once, one SIMD lane each, so the vertical pass needs no shuffles and one transpose through
    /// memory turns the rows into columns for the second. The outputs are scaled by
    /// `8 · scale[u] · scale[v]`, a factor the quantiser folds into its reciprocals (`scale`), so the
    /// transform itself multiplies only 5 times a line. Measured on the bench's crop: a quarter of the
    /// direct matrix product's instructions.
    ///
    /// Rows in (`block[y]`, lane x), coefficients out in place transposed: `block[u]`, lane v (v the
    /// vertical frequency), which the quantiser reads in that order.
    enum ForwardDCT {
        /// `scale[k]` = √2 cos(kπ/16), 1 for k = 0: the factor AAN leaves on output k of a line.
        static let scale: [Double] = (0..<8).map { k in
            k == 0 ? 1 : 2.0.squareRoot() * CMath.cos(Double(k) * Double.pi / 16)
        }

        @inline(__always)
        static func transform(_ block: UnsafeMutablePointer<SIMD8<Float>>) {
            lines(block)
            transpose(block)
            lines(block)
        }

        /// One AAN pass down the eight vectors: output k of each lane's line into `block[k]`.
        @inline(__always)
        static func lines(_ d: UnsafeMutablePointer<SIMD8<Float>>) {
            let s07 = d[0] + d[7], d07 = d[0] - d[7]
            let s16 = d[1] + d[6], d16 = d[1] - d[6]
            let s25 = d[2] + d[5], d25 = d[2] - d[5]
            let s34 = d[3] + d[4], d34 = d[3] - d[4]
            // Even part.
            let e0 = s07 + s34, e3 = s07 - s34
            let e1 = s16 + s25, e2 = s16 - s25
            d[0] = e0 + e1
            d[4] = e0 - e1
            let z1 = (e2 + e3) * 0.707_106_781
            d[2] = e3 + z1
            d[6] = e3 - z1
            // Odd part.
            let o0 = d34 + d25, o1 = d25 + d16, o2 = d16 + d07
            let z5 = (o0 - o2) * 0.382_683_433
            let z2 = o0 * 0.541_196_100 + z5
            let z4 = o2 * 1.306_562_965 + z5
            let z3 = o1 * 0.707_106_781
            let z11 = d07 + z3, z13 = d07 - z3
            d[5] = z13 + z2
            d[3] = z13 - z2
            d[1] = z11 + z4
            d[7] = z11 - z4
        }

        /// Rows to columns, through the block's own 64 floats.
        @inline(__always)
        static func transpose(_ block: UnsafeMutablePointer<SIMD8<Float>>) {
            UnsafeMutableRawPointer(block).withMemoryRebound(to: Float.self, capacity: 64) { f in
                for i in 0..<8 {
                    for j in (i + 1)..<8 {
                        let a = f[i * 8 + j]
                        f[i * 8 + j] = f[j * 8 + i]
                        f[j * 8 + i] = a
                    }
                }
            }
        }
    }
}
