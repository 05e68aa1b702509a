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
            planes = counts.map {
                let p = UnsafeMutablePointer<Int16>.allocate(capacity: $0 * 64)
                p.initialize(repeating: 0, count: $0 * 64)
                return p
            }
            masks = counts.map {
                let p = UnsafeMutablePointer<UInt64>.allocate(capacity: $0)
                p.initialize(repeating: 0, count: $0)
                return p
            }
        }

        deinit {
            for p in planes { p.deallocate() }
            for p in masks { p.deallocate() }
        }

        /// Colour conversion, downsampling, DCT and quantisation, one MCU row at a time so only a strip
        /// of floats is alive beside the coefficients; bands of rows on every core (their blocks apart).
        static func make(_ raster: Raster, frame: Frame, tables: QuantTables) -> Coefficients {
            let result = Coefficients(frame: frame)
            let quantisers = frame.components.map { Quantiser(table: $0.table == 0 ? tables.luma : tables.chroma) }
            let bands = min(frame.mcusHigh, 16)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let rows = (band * frame.mcusHigh / bands)..<((band + 1) * frame.mcusHigh / bands)
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
                                masks[index][n] = quantiser.quantise(block, into: planes[index] + n * 64)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Divides a block's coefficients by the table and rounds to nearest, as libjpeg does.
    /// Read-only once made, so shared by the bands.
    final class Quantiser: @unchecked Sendable {
        /// 1 / Q for each natural-order coefficient.
        private let reciprocals: UnsafeMutablePointer<Float>
        /// The zigzag position of each natural index.
        private let zigzag: UnsafeMutablePointer<Int>

        init(table zigzagTable: [UInt16]) {
            reciprocals = .allocate(capacity: 64)
            zigzag = .allocate(capacity: 64)
            for n in 0..<64 {
                zigzag[n] = Zigzag.zigzag[n]
                reciprocals[n] = 1 / Float(zigzagTable[Zigzag.zigzag[n]])
            }
        }

        deinit {
            reciprocals.deallocate()
            zigzag.deallocate()
        }

        /// Writes the block's 64 quantised values in zigzag order; returns which are nonzero.
        @inline(__always)
        func quantise(_ block: UnsafeMutablePointer<SIMD8<Float>>, into out: UnsafeMutablePointer<Int16>) -> UInt64 {
            var mask: UInt64 = 0
            UnsafeMutableRawPointer(block).withMemoryRebound(to: Float.self, capacity: 64) { f in
                for n in 0..<64 {
                    let x = f[n] * reciprocals[n]
                    let r = min(max(x < 0 ? x - 0.5 : x + 0.5, -1023), 1023)
                    let q = Int16(Int32(r))
                    let z = zigzag[n]
                    out[z] = q
                    mask |= UInt64(q != 0 ? 1 : 0) << UInt64(z)
                }
            }
            return mask
        }
    }
}
