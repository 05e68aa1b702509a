import ImageDecoding

extension JPEGEncoder {
    /// Every component's quantised coefficients, block by block (row-major over its padded block
    /// grid), 64 a block in zigzag order: made once, then read by every scan (a progressive file
    /// reads each block several times).
    struct Coefficients {
        var planes: [[Int16]]

        /// Colour conversion, downsampling, DCT and quantisation, one MCU row at a time so only a strip
        /// of floats is alive beside the coefficients.
        static func make(_ raster: Raster, frame: Frame, tables: QuantTables) -> Coefficients {
            var planes = frame.components.map {
                [Int16](repeating: 0, count: $0.paddedBlocksWide * $0.paddedBlocksHigh * 64)
            }
            let quantisers = frame.components.map { Quantiser(table: $0.table == 0 ? tables.luma : tables.chroma) }
            let strip = Strip(frame: frame)
            raster.pixels.withUnsafeBufferPointer { pixels in
                for mcuRow in 0..<frame.mcusHigh {
                    strip.convert(pixels, width: raster.width, height: raster.height, mcuRow: mcuRow)
                    for (index, component) in frame.components.enumerated() {
                        let samples = strip.samples(of: index)
                        let rowStride = component.paddedBlocksWide * 8
                        planes[index].withUnsafeMutableBufferPointer { plane in
                            var block = [SIMD8<Float>](repeating: .zero, count: 8)
                            block.withUnsafeMutableBufferPointer { block in
                                for blockRow in 0..<component.v {
                                    let by = mcuRow * component.v + blockRow
                                    for bx in 0..<component.paddedBlocksWide {
                                        let origin = blockRow * 8 * rowStride + bx * 8
                                        for y in 0..<8 {
                                            let row = samples + origin + y * rowStride
                                            block[y] = SIMD8(
                                                row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7])
                                        }
                                        ForwardDCT.transform(block.baseAddress!)
                                        let out = plane.baseAddress! + (by * component.paddedBlocksWide + bx) * 64
                                        quantisers[index].quantise(block.baseAddress!, into: out)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return Coefficients(planes: planes)
        }
    }

    /// Divides a block's coefficients by the table and rounds to nearest, as libjpeg does.
    struct Quantiser {
        /// 1 / Q for each natural-order coefficient, row by row.
        let reciprocals: [SIMD8<Float>]

        init(table zigzagTable: [UInt16]) {
            reciprocals = (0..<8).map { v in
                var lane = SIMD8<Float>()
                for u in 0..<8 { lane[u] = 1 / Float(zigzagTable[Zigzag.zigzag[v * 8 + u]]) }
                return lane
            }
        }

        @inline(__always)
        func quantise(_ block: UnsafeMutablePointer<SIMD8<Float>>, into out: UnsafeMutablePointer<Int16>) {
            let limit = SIMD8<Float>(repeating: 1023)
            for v in 0..<8 {
                let q = (block[v] * reciprocals[v]).rounded(.toNearestOrAwayFromZero)
                let clamped = q.clamped(lowerBound: -limit, upperBound: limit)
                let ints = SIMD8<Int32>(clamped, rounding: .towardZero)
                for u in 0..<8 { out[Zigzag.zigzag[v * 8 + u]] = Int16(truncatingIfNeeded: ints[u]) }
            }
        }
    }
}
