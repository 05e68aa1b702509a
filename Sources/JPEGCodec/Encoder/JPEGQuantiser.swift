import ImageCore

extension JPEGEncoder {
    /// Divides a block's coefficients by the table and rounds to nearest (halves to even),
    /// eight at a time: the DCT's own scale is folded into the reciprocals, so one multiply a
    /// coefficient does both. One a band and component (its scratch is its own).
    ///
    /// With the dead zone (the default) an AC value rounds to zero below a threshold that grows
    /// with frequency (T.81's decoder never knows): for luma from 0.55 step at the lowest frequencies
    /// to 0.6 at the highest, for chroma from 0.6 to 0.9 (DeadZone): fewer bytes at equal
    /// SSIMULACRA2, and fewer instructions, as fewer coefficients are coded (the thresholds tried:
    /// bench/notes/jpeg-tuning.md, "Dead zones"). A colour frame's luma zone is lowered in busy
    /// neighbourhoods (Masking, through `quantise`'s `lowering`). Then luma's ±1 values that cost more
    /// bits than the distortion they save is worth are zeroed (`prune`).
    final class Quantiser {
        /// 1 / (Q · 8 · scale[u] · scale[v]) for the DCT's transposed output, `[u]` lane v.
        private let reciprocals: UnsafeMutablePointer<SIMD8<Float>>
        /// Zero thresholds in steps (0 for the DC: its rounding is plain).
        private let thresholds: UnsafeMutablePointer<SIMD8<Float>>
        /// `source[z]`: where zigzag coefficient z sits in the DCT's transposed output (u · 8 + v).
        private let source: UnsafeMutablePointer<Int>
        /// The rounded values in the DCT's order, before the zigzag gather.
        private let scratch: UnsafeMutablePointer<SIMD8<Int32>>
        /// The values in steps before rounding (the DCT's order), for `prune`.
        private let steps: UnsafeMutablePointer<SIMD8<Float>>
        /// The bits one squared step of distortion is worth to `prune` (0: no pruning).
        private let lambda: Float
        /// `runBits`, owned by the quantiser so `prune` reads it with no checks.
        private let bits: UnsafeMutablePointer<Float>
        /// `maskTable[u · 256 + b]`: the zigzag bits of row u's lanes set in b.
        private let maskTable = UnsafePointer(Quantiser.rowMasks.base)
        private let deadZone: Bool

        /// A dead zone's thresholds in steps: `low` at the DC's place (u + v = 0, where the DC itself is
        /// rounded plainly), rising linearly to `top` at the highest frequency (u + v = 14).
        /// `lambda` is the bits one squared step is worth to `prune` (0: none): with it, luma's zones are
        /// lower than they were without (0.55 → 0.6, where they were 0.6 → 0.65; grey's 0.5 → 0.6, where
        /// they were 0.55 → 0.65), as an isolated ±1, dear to code, is pruned anyway
        /// (bench/notes/jpeg-tuning.md, "Rate-distortion pruning").
        struct DeadZone {
            let low: Float
            let top: Float
            var lambda: Float = 0

            static let luma = DeadZone(low: 0.55, top: 0.6, lambda: 0.04)
            /// Not pruned: chroma's zone is wide already (pruning it changed nothing).
            static let chroma = DeadZone(low: 0.6, top: 0.9)
            /// A one-component frame's (with QuantTables.greyBase): lower than luma's, as a grey photo's
            /// bytes are all luma (bench/notes/jpeg-tuning.md, "Dead zones").
            static let grey = DeadZone(low: 0.5, top: 0.6, lambda: 0.04)

            func threshold(u: Int, v: Int) -> Float { low + Float(u + v) / 14 * (top - low) }
        }

        /// `deadZone: false` rounds every value to nearest.
        init(table zigzagTable: [UInt16], deadZone: Bool = true, zone: DeadZone = .luma) {
            self.lambda = deadZone ? zone.lambda : 0
            steps = .allocate(capacity: 8)
            steps.initialize(repeating: SIMD8(), count: 8)
            bits = .allocate(capacity: 64)
            bits.initialize(from: Self.runBits, count: 64)
            reciprocals = .allocate(capacity: 8)
            thresholds = .allocate(capacity: 8)
            source = .allocate(capacity: 64)
            scratch = .allocate(capacity: 8)
            scratch.initialize(repeating: SIMD8(), count: 8)
            for u in 0..<8 {
                var lane = SIMD8<Float>(), threshold = SIMD8<Float>()
                for v in 0..<8 {
                    let q = Double(zigzagTable[Zigzag.zigzag[v * 8 + u]])
                    lane[v] = Float(1 / (q * 8 * ForwardDCT.scale[u] * ForwardDCT.scale[v]))
                    threshold[v] = u + v == 0 ? 0 : zone.threshold(u: u, v: v)
                }
                reciprocals[u] = lane
                thresholds[u] = threshold
            }
            for z in 0..<64 {
                let n = Zigzag.natural[z]
                source[z] = (n % 8) * 8 + n / 8
            }
            self.deadZone = deadZone
        }

        deinit {
            reciprocals.deallocate()
            thresholds.deallocate()
            source.deallocate()
            scratch.deallocate()
            steps.deallocate()
            bits.deallocate()
        }

        /// x with the lanes whose magnitude is under the threshold set to 0.
        @inline(__always)
        private func zeroed(_ x: SIMD8<Float>, below threshold: SIMD8<Float>) -> SIMD8<Float> {
            let magnitude = unsafeBitCast(
                unsafeBitCast(x, to: SIMD8<UInt32>.self) & SIMD8(repeating: 0x7FFF_FFFF), to: SIMD8<Float>.self)
            return x.replacing(with: 0, where: magnitude .< threshold)
        }

        /// Made once for every quantiser, never freed (16 KiB).
        static let rowMasks = SendablePointer<UInt64>.table(count: 8 * 256) { table in
            for u in 0..<8 {
                for b in 0..<256 {
                    var bits: UInt64 = 0
                    for v in 0..<8 where b & (1 << v) != 0 { bits |= 1 << UInt64(Zigzag.zigzag[v * 8 + u]) }
                    table[u * 256 + b] = bits
                }
            }
        }

        /// Writes the block's 64 quantised values in zigzag order; returns which are nonzero.
        /// `lowering` (at most 0, in steps) is added to the block's dead-zone thresholds (Masking);
        /// the DC's, 0, then stays below every magnitude. Not reentrant (its scratch): one quantiser a band.
        @inline(__always)
        func quantise(
            _ block: UnsafeMutablePointer<SIMD8<Float>>, into out: UnsafeMutablePointer<Int16>, lowering: Float = 0
        ) -> UInt64 {
            let mask = round(block, lowering: lowering)
            UnsafeMutableRawPointer(scratch).withMemoryRebound(to: Int32.self, capacity: 64) { values in
                for z in 0..<64 { out[z] = Int16(truncatingIfNeeded: values[source[z]]) }
            }
            return mask
        }

        /// `quantise` writing only the nonzero values, in zigzag order, and how many (the mask's bits):
        /// what Coefficients keeps, read from the scratch with no pass over the zeros.
        @inline(__always)
        func quantise(
            _ block: UnsafeMutablePointer<SIMD8<Float>>, packingInto out: UnsafeMutablePointer<Int16>,
            lowering: Float = 0
        ) -> (mask: UInt64, count: Int) {
            let mask = round(block, lowering: lowering)
            let count = UnsafeMutableRawPointer(scratch).withMemoryRebound(to: Int32.self, capacity: 64) { values in
                var remaining = mask, i = 0
                while remaining != 0 {
                    out[i] = Int16(truncatingIfNeeded: values[source[remaining.trailingZeroBitCount]])
                    remaining &= remaining &- 1
                    i &+= 1
                }
                return i
            }
            return (mask, count)
        }

        /// The block's values rounded into the scratch (the DCT's order); returns which are nonzero,
        /// as zigzag bits.
        @inline(__always)
        private func round(_ block: UnsafeMutablePointer<SIMD8<Float>>, lowering: Float) -> UInt64 {
            // Round to nearest by adding 1.5 · 2²³: the sum's low mantissa bits are then the rounded
            // integer (for |x| < 2²², which the clamp keeps), read back as an integer lane by lane with
            // no conversion (the standard library's SIMD float-to-integer conversions are generic
            // code, a third of the encoder's time when used here).
            let limit = SIMD8<Float>(repeating: 1023), magic = SIMD8<Float>(repeating: 12_582_912)
            if deadZone {
                let change = SIMD8<Float>(repeating: lowering)
                for u in 0..<8 {
                    var x = block[u] * reciprocals[u]
                    x.replace(with: limit, where: x .> limit)
                    x.replace(with: -limit, where: x .< -limit)
                    x = zeroed(x, below: thresholds[u] + change)
                    steps[u] = x
                    scratch[u] = unsafeBitCast(x + magic, to: SIMD8<Int32>.self) &- 0x4B40_0000
                }
            } else {
                for u in 0..<8 {
                    var x = block[u] * reciprocals[u]
                    x.replace(with: limit, where: x .> limit)
                    x.replace(with: -limit, where: x .< -limit)
                    scratch[u] = unsafeBitCast(x + magic, to: SIMD8<Int32>.self) &- 0x4B40_0000
                }
            }
            // The mask: each row's nonzero lanes as a byte (one weight a lane, summed), turned into
            // zigzag bit positions by one table lookup a row (a bit at a time cost 6 % of the encode).
            let weights = SIMD8<Int32>(1, 2, 4, 8, 16, 32, 64, 128), zero = SIMD8<Int32>()
            var mask: UInt64 = 0
            for u in 0..<8 {
                let row = zero.replacing(with: weights, where: scratch[u] .!= zero).wrappedSum()
                mask |= maskTable[u * 256 + Int(row)]
            }
            guard lambda > 0 && mask & ~1 != 0 else { return mask }
            // The ±1 values, the only ones `prune` looks at (walking every value cost 14 % of the encode).
            let one = SIMD8<Int32>(repeating: 1)
            var ones: UInt64 = 0
            for u in 0..<8 {
                let row = zero.replacing(with: weights, where: scratch[u] &* scratch[u] .== one).wrappedSum()
                ones |= maskTable[u * 256 + Int(row)]
            }
            ones &= ~1
            return ones == 0 ? mask : prune(mask, ones: ones)
        }

        /// Estimated bits of an AC value of size 1 after a run of r zeros (Huffman code and the value's
        /// bit; runs past 15 pay a ZRL each 16).
        static let runBits: [Float] = (0..<64).map { (r: Int) -> Float in
            let short: [Float] = [3, 5, 6.2, 7, 7.6, 8.2, 8.6, 9, 9.3, 9.6, 9.9, 10.2, 10.4, 10.6, 10.8, 11]
            return Float(r / 16) * 11 + short[r % 16]
        }

        /// Greedy rate-distortion pruning: from the block's end back, each ±1 AC value is zeroed when
        /// the squared steps it adds (2|x| − 1) cost less than `lambda` times the bits it saves: its own
        /// code, and the merging of its run with the next value's.
        @inline(never)
        private func prune(_ mask: UInt64, ones: UInt64) -> UInt64 {
            var mask = mask
            UnsafeMutableRawPointer(scratch).withMemoryRebound(to: Int32.self, capacity: 64) { values in
                UnsafeMutableRawPointer(steps).withMemoryRebound(to: Float.self, capacity: 64) { x in
                    var remaining = ones
                    while remaining != 0 {
                        let z = 63 &- remaining.leadingZeroBitCount
                        remaining &= ~(1 << UInt64(z))
                        let i = source[z]
                        // The zeros before it (from the previous AC value, or from the band's start) and
                        // after it (to the next value; none: it is the last, and its end of block stays).
                        let below = mask & ((1 << UInt64(z)) &- 1) & ~1
                        let run = z &- (below == 0 ? 0 : 63 &- below.leadingZeroBitCount) &- 1
                        let above = z == 63 ? 0 : mask >> UInt64(z &+ 1)
                        var saved = bits[run]
                        if above != 0 {
                            let next = above.trailingZeroBitCount
                            saved += bits[next] - bits[min(run &+ next &+ 1, 63)]
                        }
                        if 2 * abs(x[i]) - 1 < lambda * saved {
                            values[i] = 0
                            mask &= ~(1 << UInt64(z))
                        }
                    }
                }
            }
            return mask
        }
    }
}
