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

        /// One AAN pass down the eight vectors: output k of each lane's line into `block[k]`. The lanes
        /// are independent, so each half of them (four, one 128-bit register a row) is done on its
        /// own: all eight at once needed more registers than there are, and spilled.
        @inline(__always)
        static func lines(_ d: UnsafeMutablePointer<SIMD8<Float>>) {
            UnsafeMutableRawPointer(d).withMemoryRebound(to: SIMD4<Float>.self, capacity: 16) { q in
                halfLines(q)
                halfLines(q + 1)
            }
        }

        /// `lines` on four lanes: row k at `d[2k]`.
        @inline(__always)
        static func halfLines(_ d: UnsafeMutablePointer<SIMD4<Float>>) {
            let s07 = d[0] + d[14], d07 = d[0] - d[14]
            let s16 = d[2] + d[12], d16 = d[2] - d[12]
            let s25 = d[4] + d[10], d25 = d[4] - d[10]
            let s34 = d[6] + d[8], d34 = d[6] - d[8]
            // Even part.
            let e0 = s07 + s34, e3 = s07 - s34
            let e1 = s16 + s25, e2 = s16 - s25
            d[0] = e0 + e1
            d[8] = e0 - e1
            let z1 = (e2 + e3) * 0.707_106_781
            d[4] = e3 + z1
            d[12] = e3 - z1
            // Odd part.
            let o0 = d34 + d25, o1 = d25 + d16, o2 = d16 + d07
            let z5 = (o0 - o2) * 0.382_683_433
            let z2 = o0 * 0.541_196_100 + z5
            let z4 = o2 * 1.306_562_965 + z5
            let z3 = o1 * 0.707_106_781
            let z11 = d07 + z3, z13 = d07 - z3
            d[10] = z13 + z2
            d[6] = z13 - z2
            d[2] = z11 + z4
            d[14] = z11 - z4
        }

        /// Rows to columns: each column gathered from the eight rows held in registers, with constant
        /// lanes, which the compiler turns into shuffles (a swap of floats at a time through memory,
        /// with its index checks, was a quarter of the coefficients' own time).
        @inline(__always)
        static func transpose(_ block: UnsafeMutablePointer<SIMD8<Float>>) {
            let r0 = block[0], r1 = block[1], r2 = block[2], r3 = block[3]
            let r4 = block[4], r5 = block[5], r6 = block[6], r7 = block[7]
            for j in 0..<8 { block[j] = SIMD8(r0[j], r1[j], r2[j], r3[j], r4[j], r5[j], r6[j], r7[j]) }
        }
    }
}
