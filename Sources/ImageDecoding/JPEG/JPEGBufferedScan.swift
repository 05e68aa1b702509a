/// What a scan into the coefficient store does to each block.
enum JPEGScanKind {
    /// A sequential scan: whole blocks.
    case sequential
    case dcFirst, dcRefine, acFirst, acRefine

    init(frame: JPEGFrame, scan: JPEGScanHeader) {
        guard frame.progressive else {
            self = .sequential
            return
        }
        if scan.ss == 0 {
            self = scan.ah == 0 ? .dcFirst : .dcRefine
        } else {
            self = scan.ah == 0 ? .acFirst : .acRefine
        }
    }
}

/// One scan of a progressive (or multi-scan sequential) JPEG, decoded into the coefficient store.
struct JPEGBufferedScan {
    let frame: JPEGFrame
    let scan: JPEGScanHeader
    let kind: JPEGScanKind
    let components: [JPEGScanComponent]
    let restartInterval: Int
    let store: JPEGCoefficientStore

    /// Blocks the scan visits: what the work budget counts.
    static func blockCount(frame: JPEGFrame, scan: JPEGScanHeader) -> Int {
        if scan.components.count == 1, let c = scan.components.first.map({ frame.components[$0] }) {
            return c.usedBlocksWide * c.usedBlocksHigh
        }
        let perMCU = scan.components.reduce(0) { $0 + frame.components[$1].h * frame.components[$1].v }
        return frame.mcusWide * frame.mcusHigh * perMCU
    }

    func decode(_ reader: inout JPEGBitReader) {
        let zigzag = UnsafeMutablePointer<UInt8>.allocate(capacity: JPEGZigzag.order.count)
        zigzag.initialize(from: JPEGZigzag.order, count: JPEGZigzag.order.count)
        let predictors = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
        predictors.initialize(repeating: 0, count: 4)
        defer {
            zigzag.deallocate()
            predictors.deallocate()
        }
        var restarts = JPEGRestartTracker(interval: restartInterval)
        var eobRun = 0
        if components.count > 1 {
            for row in 0..<frame.mcusHigh {
                for column in 0..<frame.mcusWide {
                    if restarts.beforeMCU(&reader) {
                        predictors.update(repeating: 0, count: 4)
                        eobRun = 0
                    }
                    guard !restarts.outOfData else { continue }
                    for (i, component) in components.enumerated() {
                        for by in 0..<component.v {
                            for bx in 0..<component.h {
                                decodeBlock(component, i, row: row * component.v + by,
                                            column: column * component.h + bx, &reader, predictors, &eobRun, zigzag)
                            }
                        }
                    }
                    restarts.afterMCU(reader)
                }
            }
        } else if let component = components.first {
            let info = frame.components[component.index]
            for row in 0..<info.usedBlocksHigh {
                for column in 0..<info.usedBlocksWide {
                    if restarts.beforeMCU(&reader) {
                        predictors[0] = 0
                        eobRun = 0
                    }
                    guard !restarts.outOfData else { continue }
                    decodeBlock(component, 0, row: row, column: column, &reader, predictors, &eobRun, zigzag)
                    restarts.afterMCU(reader)
                }
            }
        }
    }

    @inline(__always)
    private func decodeBlock(
        _ component: JPEGScanComponent, _ i: Int, row: Int, column: Int, _ reader: inout JPEGBitReader,
        _ predictors: UnsafeMutablePointer<Int32>, _ eobRun: inout Int, _ zigzag: UnsafeMutablePointer<UInt8>
    ) {
        let stored = store.components[component.index]
        let index = row &* stored.blocksWide &+ column
        guard index < stored.blockCount else { return }
        let block = stored.coefficients + index &* 64
        switch kind {
        case .sequential:
            guard let dc = component.dc, let ac = component.ac else { return }
            _ = JPEGSequentialBlock.decode(&reader, dc: dc, ac: ac, predictor: &predictors[i], block: block,
                                           zigzag: zigzag, keepAC: true)
        case .dcFirst:
            guard let dc = component.dc else { return }
            JPEGProgressiveBlock.decodeDCFirst(&reader, dc: dc, predictor: &predictors[i], al: scan.al, block: block)
        case .dcRefine:
            JPEGProgressiveBlock.decodeDCRefine(&reader, al: scan.al, block: block)
        case .acFirst:
            guard let ac = component.ac else { return }
            JPEGProgressiveBlock.decodeACFirst(&reader, ac: ac, scan: scan, eobRun: &eobRun, block: block,
                                               last: &stored.last[index], zigzag: zigzag)
        case .acRefine:
            guard let ac = component.ac else { return }
            JPEGProgressiveBlock.decodeACRefine(&reader, ac: ac, scan: scan, eobRun: &eobRun, block: block,
                                                last: &stored.last[index], zigzag: zigzag)
        }
    }
}

/// After the last scan: every block through the IDCT into the row assembler, an iMCU row at a time.
enum JPEGBufferedOutput {
    static func run(frame: JPEGFrame, store: JPEGCoefficientStore, quantization: JPEGQuantization,
                    blockSizes: [Int], assembler: JPEGRowAssembler) {
        let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
        workspace.initialize(repeating: 0, count: 64)
        defer { workspace.deallocate() }
        for row in 0..<frame.mcusHigh {
            for (index, component) in frame.components.enumerated() {
                let stored = store.components[index]
                let plane = assembler.planes[index]
                let quant = quantization.table(index)
                let size = blockSizes[index]
                for by in 0..<component.v where row * component.v + by < component.usedBlocksHigh {
                    let blockRow = row * component.v + by
                    for column in 0..<component.usedBlocksWide {
                        let block = stored.coefficients + (blockRow * stored.blocksWide + column) * 64
                        let target = assembler.destination(
                            component: index, iMCURow: row, blockRow: by, blockColumn: column)
                        JPEGBlockTransform.apply(size: size, hasAC: JPEGBlockTransform.hasAC(block), block, quant,
                                                 workspace, target, plane.stride)
                    }
                }
            }
            if row > 0 { assembler.emit(iMCURow: row - 1) }
        }
        assembler.emit(iMCURow: frame.mcusHigh - 1)
    }
}
