extension JPEGEncoder {
    /// A colour frame's luma dead zone lowered where the picture is busy: a texture's small
    /// coefficients are what SSIMULACRA2 misses when they round to zero, while in a flat area they
    /// are mostly noise. A block's activity is the mean |difference| of its samples from their
    /// neighbours below and beside; its zone is lowered by `strength` · m / (m + `half`) step, m the
    /// least activity of its neighbourhood (its MCU row's luma blocks in its column and the columns
    /// beside), so one busy block next to flat ones, an edge, is barely lowered.
    ///
    /// -0.1 step at half 16 saved the most bytes at equal SSIMULACRA2 on the tuning set; grey frames,
    /// whose dead zone is lower already, are not masked (bench/notes/jpeg-tuning.md, "Masking").
    enum Masking {
        static let strength: Float = -0.1
        static let half: Float = 16

        /// The activity of each luma block of the strip's MCU row (`rows` block rows of `wide`), into
        /// `activity[row · wide + column]`.
        static func measure(
            _ samples: UnsafePointer<Float>, wide: Int, rows: Int, into activity: UnsafeMutablePointer<Float>
        ) {
            for row in 0..<rows {
                for column in 0..<wide {
                    activity[row * wide + column] = blockActivity(
                        samples + (row * 8 * wide + column) * 8, rowStride: wide * 8,
                        side: column + 1 < wide ? 1 : column > 0 ? -1 : 0)
                }
            }
        }

        /// The lowering (in steps, at most 0) for the luma block in `column`.
        @inline(__always)
        static func lowering(column: Int, activity: UnsafePointer<Float>, wide: Int, rows: Int) -> Float {
            var m = Float.infinity
            for row in 0..<rows {
                for x in max(column - 1, 0)...min(column + 1, wide - 1) { m = min(m, activity[row * wide + x]) }
            }
            return strength * m / (m + half)
        }

        /// The mean |difference| of a block's samples from their lower neighbours (inside the block)
        /// and their right ones (`side` 1; the last column's are the next block's first), or left ones
        /// (`side` -1, for a row's last block), 0 for none: SIMD rows, the sign bit masked off.
        @inline(__always)
        static func blockActivity(_ origin: UnsafePointer<Float>, rowStride: Int, side: Int) -> Float {
            let signless = SIMD8<UInt32>(repeating: 0x7FFF_FFFF)
            @inline(__always) func magnitude(_ x: SIMD8<Float>) -> SIMD8<Float> {
                unsafeBitCast(unsafeBitCast(x, to: SIMD8<UInt32>.self) & signless, to: SIMD8<Float>.self)
            }
            @inline(__always) func load(_ p: UnsafePointer<Float>) -> SIMD8<Float> {
                UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
            }
            var sum = SIMD8<Float>()
            var row = load(origin)
            for y in 0..<8 {
                let p = origin + y * rowStride
                sum += magnitude(load(p + side) - row)
                if y < 7 {
                    let below = load(p + rowStride)
                    sum += magnitude(below - row)
                    row = below
                }
            }
            return sum.sum() / 64
        }
    }
}
