/// A sequential JPEG whose first scan codes every component: decoded an iMCU row at a
/// time straight into the row assembler, so nothing image-sized is kept but the output
/// raster (at the decode scale). This is the path of nearly every camera JPEG.
struct JPEGStreamingScan {
    let frame: JPEGFrame
    let components: [JPEGScanComponent]
    let restartInterval: Int
    let assembler: JPEGRowAssembler

    /// Returns the first iMCU row in which the data ran out, nil when every MCU had its data.
    func decode(_ reader: inout JPEGBitReader) -> Int? {
        let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        block.initialize(repeating: 0, count: 64)
        let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
        workspace.initialize(repeating: 0, count: 64)
        let zigzag = UnsafeMutablePointer<UInt8>.allocate(capacity: JPEGZigzag.order.count)
        zigzag.initialize(from: JPEGZigzag.order, count: JPEGZigzag.order.count)
        let predictors = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
        predictors.initialize(repeating: 0, count: 4)
        defer {
            block.deallocate()
            workspace.deallocate()
            zigzag.deallocate()
            predictors.deallocate()
        }
        var restarts = JPEGRestartTracker(interval: restartInterval)
        let blockBuffer = BlockBuffer(block: block, workspace: workspace, zigzag: UnsafePointer(zigzag))
        var shortRow: Int?
        for row in 0..<frame.mcusHigh {
            if components.count > 1 {
                decodeInterleavedRow(row, &reader, &restarts, predictors, blockBuffer)
            } else {
                decodeSingleComponentRow(row, &reader, &restarts, predictors, blockBuffer)
            }
            if shortRow == nil && restarts.ranOut { shortRow = row }
            if row > 0 { assembler.emit(iMCURow: row - 1) }
        }
        assembler.emit(iMCURow: frame.mcusHigh - 1)
        return shortRow
    }

    private struct BlockBuffer {
        let block: UnsafeMutablePointer<Int16>
        let workspace: UnsafeMutablePointer<Int32>
        let zigzag: UnsafePointer<UInt8>
    }

    private func decodeInterleavedRow(
        _ row: Int, _ reader: inout JPEGBitReader, _ restarts: inout JPEGRestartTracker,
        _ predictors: UnsafeMutablePointer<Int32>, _ buffer: BlockBuffer
    ) {
        let targets = components.map { assembler.rowTargets(component: $0.index, iMCURow: row) }
        for column in 0..<frame.mcusWide {
            if restarts.beforeMCU(&reader) { predictors.update(repeating: 0, count: 4) }
            let skip = restarts.outOfData
            for (i, component) in components.enumerated() {
                let target = targets[i]
                for by in 0..<component.v {
                    for bx in 0..<component.h {
                        let blockColumn = column &* component.h &+ bx
                        let inImage = by < target.usedBlockRows && blockColumn < target.usedBlocksWide
                        decodeBlock(
                            component, i, skip: skip, inImage: inImage, &reader, predictors, buffer,
                            target.block(row: by, column: blockColumn), target.stride)
                    }
                }
            }
            if !skip { restarts.afterMCU(reader) }
        }
    }

    /// A scan of one component is not interleaved: each block is an MCU, and only the blocks holding
    /// samples are coded (v block rows make an iMCU row).
    private func decodeSingleComponentRow(
        _ row: Int, _ reader: inout JPEGBitReader, _ restarts: inout JPEGRestartTracker,
        _ predictors: UnsafeMutablePointer<Int32>, _ buffer: BlockBuffer
    ) {
        guard let component = components.first else { return }
        let target = assembler.rowTargets(component: component.index, iMCURow: row)
        for by in 0..<target.usedBlockRows {
            for column in 0..<target.usedBlocksWide {
                if restarts.beforeMCU(&reader) { predictors[0] = 0 }
                let skip = restarts.outOfData
                decodeBlock(
                    component, 0, skip: skip, inImage: true, &reader, predictors, buffer,
                    target.block(row: by, column: column), target.stride)
                if !skip { restarts.afterMCU(reader) }
            }
        }
    }

    @inline(__always)
    private func decodeBlock(
        _ component: JPEGScanComponent, _ i: Int, skip: Bool, inImage: Bool, _ reader: inout JPEGBitReader,
        _ predictors: UnsafeMutablePointer<Int32>, _ buffer: BlockBuffer, _ target: UnsafeMutablePointer<UInt8>,
        _ stride: Int
    ) {
        let size = component.blockSize
        guard !skip else {
            // libjpeg leaves an MCU past the end of the data all zero: mid-grey.
            if inImage { JPEGBlockTransform.fill(size: size, 128, target, stride) }
            return
        }
        guard let dc = component.dc, let ac = component.ac else { return }
        let hasAC = JPEGSequentialBlock.decode(
            &reader, dc: dc, ac: ac, predictor: &predictors[i], block: buffer.block, zigzag: buffer.zigzag,
            keepAC: size > 1)
        if inImage {
            JPEGBlockTransform.apply(
                size: size, hasAC: hasAC, buffer.block, component.quant, buffer.workspace, target, stride)
        }
        if hasAC {
            buffer.block.update(repeating: 0, count: 64)
        } else {
            buffer.block[0] = 0
        }
    }
}
