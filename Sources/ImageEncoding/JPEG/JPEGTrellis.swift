extension JPEGEncoder {
    /// Rate-distortion choice of a block's AC levels (mozjpeg's trellis quantisation, restricted):
    /// each coefficient that rounds to a nonzero level may keep it, step one towards zero, or (from
    /// ±1) become zero, and the block may end early; the choice minimises bits + w · squared error
    /// (in steps) over all such choices at once, by dynamic programming over the nonzero positions.
    /// w falls as the block's variance grows: busy blocks mask their error, so bits weigh more there.
    /// The DC is never touched. One a quantiser (its buffers are its own).
    ///
    /// Not on by default: on the tuning set (bench/jpeg_tune.py) it took bytes at equal SSIMULACRA2
    /// from 0.837 (tables and dead zone) to about 0.828 of `cjpeg -optimize` at w = 30, and cost 35 %
    /// more instructions on the bench's crop (145 M against 107 M), past the 15 % the issue allows.
    final class Trellis: @unchecked Sendable {
        let distortionWeight: Float
        let varianceScale: Float
        let endOfBlockBits: Float
        /// How many candidates back a run may start: longer runs of zeroed nonzeros never pay.
        static let window = 6
        /// `bitsTable[run · 16 + size]`: the model's bits of an AC symbol and its value bits.
        private let bitsTable: UnsafeMutablePointer<Float>
        private let floats: UnsafeMutablePointer<Float>
        private let ints: UnsafeMutablePointer<Int32>

        /// The weights tuned on the tuning set: 30 bits a squared step for a flat block, halved at a
        /// variance of 400 (a standard deviation of 20 levels), 3 bits an end of block.
        static func tuned() -> Trellis { Trellis(distortionWeight: 30, varianceScale: 400, endOfBlockBits: 3) }

        init(distortionWeight: Float, varianceScale: Float, endOfBlockBits: Float) {
            self.distortionWeight = distortionWeight
            self.varianceScale = varianceScale
            self.endOfBlockBits = endOfBlockBits
            bitsTable = .allocate(capacity: 64 * 16)
            for run in 0..<64 {
                for size in 0..<16 { bitsTable[run * 16 + size] = Self.bits(run: run, size: size) }
            }
            floats = .allocate(capacity: 64 * 4)
            floats.initialize(repeating: 0, count: 64 * 4)
            ints = .allocate(capacity: 64 * 6)
            ints.initialize(repeating: 0, count: 64 * 6)
        }

        deinit {
            bitsTable.deallocate()
            floats.deallocate()
            ints.deallocate()
        }

        /// Bits of an AC symbol (run, size) and its value bits, by a smooth model of Annex K's tables.
        static func bits(run: Int, size: Int) -> Float {
            let zeroRuns = Float(run >> 4), r = Float(run & 15), s = Float(size)
            return zeroRuns * 9 + min(1.5 + 0.9 * s + 0.8 * r + 0.25 * r * s, 16) + s
        }

        @inline(__always)
        static func size(_ level: Int32) -> Int {
            let m = level < 0 ? -level : level
            return 32 - m.leadingZeroBitCount
        }

        /// The block's AC bits by the model (for tests).
        static func rate(_ block: UnsafePointer<Int16>, endOfBlockBits: Float) -> Float {
            var total: Float = 0, last = 0
            for z in 1..<64 where block[z] != 0 {
                total += bits(run: z - last - 1, size: size(Int32(block[z])))
                last = z
            }
            return total + (last == 63 ? 0 : endOfBlockBits)
        }

        /// Rewrites the block's AC levels (zigzag `out`, unrounded `x` in steps); returns the new mask.
        /// `x[order[z]]` is zigzag coefficient z's unrounded value.
        func optimise(
            _ out: UnsafeMutablePointer<Int16>, scaled x: UnsafePointer<Float>, order: UnsafePointer<Int>, mask: UInt64,
            variance: Float
        ) -> UInt64 {
            var ac = mask & ~1
            if ac == 0 { return mask }
            let w = distortionWeight / (1 + variance / varianceScale)
            // Candidate 0 is the DC (where the first run starts); then each nonzero AC position.
            let zeroSum = floats, best = floats + 64, costA = floats + 128, costB = floats + 192
            let levelA = ints, levelB = ints + 64, fromA = ints + 128, fromB = ints + 192, position = ints + 256
            var count = 1, anchor = 0
            let anchors = ints + 320
            zeroSum[0] = 0
            best[0] = 0
            position[0] = 0
            while ac != 0 {
                let z = ac.trailingZeroBitCount
                ac &= ac - 1
                position[count] = Int32(z)
                let value = x[order[z]], q = Int32(out[z])
                // Past ±2 a level stays (one step less saves a value bit at most); from ±2 up a level
                // is an anchor, never zeroed (two steps), so no run crosses it: that also keeps the
                // search short where blocks are busy.
                let b: Int32 = q > 2 ? q : q < -2 ? q : q > 0 ? q - 1 : q + 1
                if q > 1 || q < -1 { anchor = count }
                anchors[count] = Int32(anchor)
                levelA[count] = q
                levelB[count] = b
                let ea = value - Float(q), eb = value - Float(b)
                costA[count] = w * ea * ea
                costB[count] = w * eb * eb
                zeroSum[count] = zeroSum[count - 1] + w * value * value
                count += 1
            }
            for i in 1..<count {
                var a = Float.infinity, b = Float.infinity
                var fa: Int32 = 0, fb: Int32 = 0
                let sizeA = Self.size(levelA[i]), sizeB = Self.size(levelB[i])
                let rowA = bitsTable + sizeA, rowB = bitsTable + sizeB
                let here = Int(position[i]) - 1
                // A run starts after an anchor at the earliest (anchors[i - 1]: the last one before i).
                for j in max(Int(anchors[i - 1]), i - Self.window)..<i {
                    let base = best[j] + zeroSum[i - 1] - zeroSum[j]
                    let run16 = (here - Int(position[j])) &* 16
                    let ca = base + rowA[run16]
                    if ca < a { a = ca; fa = Int32(j) }
                    let cb = base + rowB[run16]
                    if cb < b { b = cb; fb = Int32(j) }
                }
                costA[i] += a
                costB[i] = sizeB > 0 && levelB[i] != levelA[i] ? costB[i] + b : .infinity
                fromA[i] = fa
                fromB[i] = fb
                best[i] = min(costA[i], costB[i])
            }
            // The end: after candidate e (0: nothing coded) the rest are zero, then EOB unless at 63.
            let total = zeroSum[count - 1]
            // The block may not end before its last anchor (that would zero a level of ±2 or more).
            var end = anchor
            var endCost = Float.infinity
            if anchor == 0 { endCost = total + endOfBlockBits }
            for e in max(anchor, 1)..<count {
                let c = best[e] + total - zeroSum[e] + (position[e] == 63 ? 0 : endOfBlockBits)
                if c < endCost {
                    endCost = c
                    end = e
                }
            }
            var result = mask & 1
            for i in 1..<count { out[Int(position[i])] = 0 }
            var i = end
            while i > 0 {
                let useA = costA[i] <= costB[i]
                out[Int(position[i])] = Int16(useA ? levelA[i] : levelB[i])
                result |= 1 << UInt64(position[i])
                i = Int(useA ? fromA[i] : fromB[i])
            }
            return result
        }
    }
}
