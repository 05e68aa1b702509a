extension JPEGEncoder {
    /// Divides a block's coefficients by the table and rounds to nearest (halves to even),
    /// eight at a time: the DCT's own scale is folded into the reciprocals, so one multiply a
    /// coefficient does both. One a band and component (its scratch is its own).
    final class Quantiser: @unchecked Sendable {
        /// 1 / (Q · 8 · scale[u] · scale[v]) for the DCT's transposed output, `[u]` lane v.
        private let reciprocals: UnsafeMutablePointer<SIMD8<Float>>
        /// `source[z]`: where zigzag coefficient z sits in the DCT's transposed output (u · 8 + v).
        private let source: UnsafeMutablePointer<Int>
        /// The rounded values in the DCT's order, before the zigzag gather.
        private let scratch: UnsafeMutablePointer<SIMD8<Int32>>

        init(table zigzagTable: [UInt16]) {
            reciprocals = .allocate(capacity: 8)
            source = .allocate(capacity: 64)
            scratch = .allocate(capacity: 8)
            scratch.initialize(repeating: SIMD8(), count: 8)
            for u in 0..<8 {
                var lane = SIMD8<Float>()
                for v in 0..<8 {
                    let q = Double(zigzagTable[Zigzag.zigzag[v * 8 + u]])
                    lane[v] = Float(1 / (q * 8 * ForwardDCT.scale[u] * ForwardDCT.scale[v]))
                }
                reciprocals[u] = lane
            }
            for z in 0..<64 {
                let n = Zigzag.natural[z]
                source[z] = (n % 8) * 8 + n / 8
            }
        }

        deinit {
            reciprocals.deallocate()
            source.deallocate()
            scratch.deallocate()
        }

        /// Writes the block's 64 quantised values in zigzag order; returns which are nonzero.
        /// Not reentrant (its scratch): one quantiser a band.
        @inline(__always)
        func quantise(_ block: UnsafeMutablePointer<SIMD8<Float>>, into out: UnsafeMutablePointer<Int16>) -> UInt64 {
            // Round to nearest by adding 1.5 · 2²³: the sum's low mantissa bits are then the rounded
            // integer (for |x| < 2²², which the clamp keeps), read back as an integer lane by lane with
            // no conversion (the standard library's SIMD float-to-integer conversions are generic
            // code, a third of the encoder's time when used here).
            let limit = SIMD8<Float>(repeating: 1023), magic = SIMD8<Float>(repeating: 12_582_912)
            for u in 0..<8 {
                var x = block[u] * reciprocals[u]
                x.replace(with: limit, where: x .> limit)
                x.replace(with: -limit, where: x .< -limit)
                scratch[u] = unsafeBitCast(x + magic, to: SIMD8<Int32>.self) &- 0x4B40_0000
            }
            var mask: UInt64 = 0
            UnsafeMutableRawPointer(scratch).withMemoryRebound(to: Int32.self, capacity: 64) { values in
                for z in 0..<64 {
                    let q = Int16(truncatingIfNeeded: values[source[z]])
                    out[z] = q
                    mask |= UInt64(q != 0 ? 1 : 0) << UInt64(z)
                }
            }
            return mask
        }
    }
}
