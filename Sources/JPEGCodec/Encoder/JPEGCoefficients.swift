import Dispatch
import ImageCore
import Synchronization

extension JPEGEncoder {
    /// Every component's quantised coefficients, block by block (row-major over its padded block
    /// grid): each block's nonzero ones only, in zigzag order, packed at `offsets[n]` of its plane,
    /// with a mask a block of which coefficients are nonzero (so the entropy coder jumps over the
    /// zeros, most of a photo's coefficients, and knows where each packed value belongs): made once,
    /// then read by every scan. Packed, a 12-MP photo's coefficients fill about a sixth of the 36 MB
    /// that 64 a block took, so the scans stream less memory and far fewer fresh pages are faulted in
    /// (the kernel's zeroing of them was a large part of the encode). A class owning raw buffers, so
    /// the scans read them without copies or checks. Written only while being made (each band of MCU
    /// rows its own blocks, packed from the band's first block's place on) and read only after, as
    /// SendablePointer asks.
    final class Coefficients: Sendable {
        let planes: [SendablePointer<Int16>]
        /// Where each block's packed values start in its plane.
        let offsets: [SendablePointer<UInt32>]
        /// Bit k set when zigzag coefficient k of the block is nonzero.
        let masks: [SendablePointer<UInt64>]
        private let counts: [Int]

        init(frame: Frame) {
            counts = frame.components.map { $0.paddedBlocksWide * $0.paddedBlocksHigh }
            // Room for 64 values a block, left unset and not advised into huge pages: only the packed
            // part is ever written, and so only its pages are touched.
            planes = counts.map { SendablePointer(UnsafeMutablePointer<Int16>.allocate(capacity: $0 * 64)) }
            offsets = counts.map { SendablePointer(UnsafeMutablePointer<UInt32>.allocate(capacity: $0)) }
            masks = counts.map { SendablePointer(UnsafeMutablePointer<UInt64>.allocate(capacity: $0)) }
        }

        deinit {
            for p in planes { p.base.deallocate() }
            for p in offsets { p.base.deallocate() }
            for p in masks { p.base.deallocate() }
        }

        /// Colour conversion, downsampling, DCT and quantisation, one MCU row at a time so only a strip
        /// of floats is alive beside the coefficients; bands of rows on every core (their blocks apart).
        static func make(_ pixels: Pixels, frame: Frame, tables: QuantTables) -> Coefficients {
            let result = Coefficients(frame: frame)
            let bands = min(frame.mcusHigh, 16)
            // Strips are lent to one band at a time, so only as many are made as run at once (one
            // a core): one a band was 21 MB of fresh pages on a 12-MP photo, and the kernel's zeroing
            // and faulting of fresh pages was a large part of the encode.
            let spare = Mutex<[Strip]>([])
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let strip = spare.withLock { $0.popLast() } ?? Strip(frame: frame)
                defer { spare.withLock { $0.append(strip) } }
                let rows = (band * frame.mcusHigh / bands)..<((band + 1) * frame.mcusHigh / bands)
                // A one-component frame's zone is its own (its table too: QuantTables(quality:grey:)).
                let zones: [Quantiser.DeadZone] = frame.components.count == 1 ? [.grey] : [.luma, .chroma]
                let quantisers = frame.components.map {
                    Quantiser(table: $0.table == 0 ? tables.luma : tables.chroma, zone: zones[$0.table])
                }
                result.fill(pixels, frame: frame, strip: strip, quantisers: quantisers, mcuRows: rows)
            }
            return result
        }

        private func fill(
            _ pixels: Pixels, frame: Frame, strip: Strip, quantisers: [Quantiser], mcuRows: Range<Int>
        ) {
            let block = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 8)
            defer { block.deallocate() }
            // A colour frame's luma blocks of the MCU row: their activity, for their dead zones (Masking).
            let luma = frame.components[0], masked = frame.components.count == 3
            let wide = luma.paddedBlocksWide
            let activity = UnsafeMutablePointer<Float>.allocate(capacity: masked ? wide * luma.v : 0)
            defer { activity.deallocate() }
            // Each component's next free place in its plane: the band's blocks are contiguous there.
            var cursors = frame.components.map { mcuRows.lowerBound * $0.v * $0.paddedBlocksWide * 64 }
            for mcuRow in mcuRows {
                strip.convert(pixels, mcuRow: mcuRow)
                if masked { Masking.measure(strip.samples(of: 0), wide: wide, rows: luma.v, into: activity) }
                for (index, component) in frame.components.enumerated() {
                    let samples = strip.samples(of: index)
                    let rowStride = component.paddedBlocksWide * 8
                    let quantiser = quantisers[index]
                    let plane = planes[index].base, blockMasks = masks[index].base
                    let blockOffsets = offsets[index].base
                    var cursor = cursors[index]
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
                            let lowering =
                                masked && index == 0
                                ? Masking.lowering(column: bx, activity: activity, wide: wide, rows: luma.v) : 0
                            let (mask, count) = quantiser.quantise(
                                block, packingInto: plane + cursor, lowering: lowering)
                            blockMasks[n] = mask
                            blockOffsets[n] = UInt32(truncatingIfNeeded: cursor)
                            cursor &+= count
                        }
                    }
                    cursors[index] = cursor
                }
            }
        }
    }
}
