import Dispatch
import ImageDecoding

extension JPEGEncoder {
    /// Every component's quantised coefficients, block by block (row-major over its padded block
    /// grid), 64 a block in zigzag order, with a mask a block of which coefficients are nonzero (so
    /// the entropy coder jumps over the zeros, most of a photo's coefficients): made once, then read
    /// by every scan. A class owning raw buffers, so the scans read them without copies or checks.
    /// Sendable because it is written only while being made (each band of MCU rows its own blocks)
    /// and read only after.
    final class Coefficients: @unchecked Sendable {
        let planes: [UnsafeMutablePointer<Int16>]
        /// Bit k set when zigzag coefficient k of the block is nonzero.
        let masks: [UnsafeMutablePointer<UInt64>]
        private let counts: [Int]

        init(frame: Frame) {
            counts = frame.components.map { $0.paddedBlocksWide * $0.paddedBlocksHigh }
            // Left unset: `fill` writes every block, padding included, before anything reads it (setting
            // them first cost a zero-filling pass over 36 MB on a 12-MP photo).
            planes = counts.map { UnsafeMutablePointer<Int16>.allocate(capacity: $0 * 64) }
            masks = counts.map { UnsafeMutablePointer<UInt64>.allocate(capacity: $0) }
        }

        deinit {
            for p in planes { p.deallocate() }
            for p in masks { p.deallocate() }
        }

        /// Colour conversion, downsampling, DCT and quantisation, one MCU row at a time so only a strip
        /// of floats is alive beside the coefficients; bands of rows on every core (their blocks apart).
        static func make(_ raster: Raster, frame: Frame, tables: QuantTables) -> Coefficients {
            let result = Coefficients(frame: frame)
            let bands = min(frame.mcusHigh, 16)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let rows = (band * frame.mcusHigh / bands)..<((band + 1) * frame.mcusHigh / bands)
                let quantisers = frame.components.map {
                    Quantiser(table: $0.table == 0 ? tables.luma : tables.chroma)
                }
                result.fill(raster, frame: frame, quantisers: quantisers, mcuRows: rows)
            }
            return result
        }

        private func fill(_ raster: Raster, frame: Frame, quantisers: [Quantiser], mcuRows: Range<Int>) {
            let strip = Strip(frame: frame)
            let block = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 8)
            defer { block.deallocate() }
            raster.pixels.withUnsafeBufferPointer { pixels in
                for mcuRow in mcuRows {
                    strip.convert(pixels, width: raster.width, height: raster.height, mcuRow: mcuRow)
                    for (index, component) in frame.components.enumerated() {
                        let samples = strip.samples(of: index)
                        let rowStride = component.paddedBlocksWide * 8
                        let quantiser = quantisers[index]
                        let plane = planes[index], blockMasks = masks[index]
                        for blockRow in 0..<component.v {
                            let by = mcuRow * component.v + blockRow
                            for bx in 0..<component.paddedBlocksWide {
                                let origin = samples + blockRow * 8 * rowStride + bx * 8
                                for y in 0..<8 {
                                    block[y] = UnsafeRawPointer(origin + y * rowStride).loadUnaligned(
                                        as: SIMD8<Float>.self)
                                }
                                ForwardDCT.transform(block)
                                let n = by * component.paddedBlocksWide + bx
                                blockMasks[n] = quantiser.quantise(block, into: plane + n * 64)
                            }
                        }
                    }
                }
            }
        }
    }

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
