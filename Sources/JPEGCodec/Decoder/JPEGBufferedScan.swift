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
    /// For an AC scan of a component decoded at 1×1: its nonzero masks (JPEGMaskedBlock), not values.
    let masks: UnsafeMutablePointer<UInt64>?

    /// Blocks the scan visits: what the work budget counts.
    static func blockCount(frame: JPEGFrame, scan: JPEGScanHeader) -> Int {
        if scan.components.count == 1, let c = scan.components.first.map({ frame.components[$0] }) {
            return c.usedBlocksWide * c.usedBlocksHigh
        }
        let perMCU = scan.components.reduce(0) { $0 + frame.components[$1].h * frame.components[$1].v }
        return frame.mcusWide * frame.mcusHigh * perMCU
    }

    /// `lastGoodIMCURow` follows libjpeg's last_good_iMCU_row: the iMCU row of each MCU started with data.
    /// Returns the first iMCU row in which the data ran out, nil when every MCU had its data.
    func decode(_ reader: inout JPEGBitReader, lastGoodIMCURow: inout Int) -> Int? {
        let zigzag = UnsafeMutablePointer<UInt8>.allocate(capacity: JPEGZigzag.order.count)
        zigzag.initialize(from: JPEGZigzag.order, count: JPEGZigzag.order.count)
        let predictors = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
        predictors.initialize(repeating: 0, count: 4)
        defer {
            zigzag.deallocate()
            predictors.deallocate()
        }
        var eobRun = 0, shortRow: Int?
        let zz = UnsafePointer(zigzag), al = scan.al
        switch kind {
        case .sequential:
            let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
            block.initialize(repeating: 0, count: 64)
            defer { block.deallocate() }
            forEachBlock(&reader, predictors, &eobRun, &lastGoodIMCURow, &shortRow) { reader, _, i, stored, index in
                guard let dc = components[i].dc, let ac = components[i].ac else { return }
                let hasAC = JPEGSequentialBlock.decode(
                    &reader, dc: dc, ac: ac, predictor: &predictors[i],
                    block: block, zigzag: zz, keepAC: true)
                stored.dc[index] = block[0]
                block[0] = 0
                if hasAC {
                    (stored.ac + index &* 64).update(from: block, count: 64)
                    stored.last[index] = 63
                    block.update(repeating: 0, count: 64)
                }
            }
        case .dcFirst:
            forEachBlock(&reader, predictors, &eobRun, &lastGoodIMCURow, &shortRow) { reader, _, i, stored, index in
                guard let dc = components[i].dc else { return }
                JPEGProgressiveBlock.decodeDCFirst(
                    &reader, dc: dc, predictor: &predictors[i], al: al,
                    coefficient: stored.dc + index)
            }
        case .dcRefine:
            forEachBlock(&reader, predictors, &eobRun, &lastGoodIMCURow, &shortRow) { reader, _, _, stored, index in
                JPEGProgressiveBlock.decodeDCRefine(&reader, al: al, coefficient: stored.dc + index)
            }
        case .acFirst:
            guard let ac = components.first?.ac else { return nil }
            if let masked = maskedScan(ac: ac) { return masked.decodeFirst(&reader, lastGoodIMCURow: &lastGoodIMCURow) }
            forEachBlock(&reader, predictors, &eobRun, &lastGoodIMCURow, &shortRow) {
                reader, eobRun, _, stored, index in
                JPEGProgressiveBlock.decodeACFirst(
                    &reader, ac: ac, scan: scan, eobRun: &eobRun,
                    block: stored.ac + index &* 64, last: &stored.last[index],
                    zigzag: zz)
            }
        case .acRefine:
            guard let ac = components.first?.ac else { return nil }
            if let masked = maskedScan(ac: ac) {
                return masked.decodeRefine(&reader, lastGoodIMCURow: &lastGoodIMCURow)
            }
            forEachBlock(&reader, predictors, &eobRun, &lastGoodIMCURow, &shortRow) {
                reader, eobRun, _, stored, index in
                JPEGProgressiveBlock.decodeACRefine(
                    &reader, ac: ac, scan: scan, eobRun: &eobRun,
                    block: stored.ac + index &* 64, last: &stored.last[index],
                    zigzag: zz)
            }
        }
        return shortRow
    }

    /// The loop of a masked scan, when the scan is one (`masks` is given only for a one-component AC scan).
    private func maskedScan(ac: JPEGHuffmanLookup) -> JPEGMaskedScan? {
        guard let masks, components.count == 1, let component = components.first else { return nil }
        return JPEGMaskedScan(
            frame: frame, scan: scan, ac: ac, component: component, stored: store.components[component.index],
            masks: masks, restartInterval: restartInterval)
    }

    /// Runs `body` on each block of the scan in order (MCU order when interleaved), with the end-of-band
    /// run, the block's component (index in the scan, and its store) and index in that store, handling
    /// restarts and running out of data.
    @inline(__always)
    private func forEachBlock(
        _ reader: inout JPEGBitReader, _ predictors: UnsafeMutablePointer<Int32>, _ eobRun: inout Int,
        _ lastGood: inout Int, _ shortRow: inout Int?,
        _ body: (inout JPEGBitReader, inout Int, Int, JPEGCoefficientStore.Component, Int) -> Void
    ) {
        var restarts = JPEGRestartTracker(interval: restartInterval)
        if components.count == 1, let component = components.first {
            let info = frame.components[component.index], stored = store.components[component.index]
            for row in 0..<info.usedBlocksHigh {
                let rowStart = row &* stored.blocksWide
                // Once a row, not a block: a division costs tens of cycles.
                let iMCURow = row / component.v
                for column in 0..<info.usedBlocksWide {
                    if restarts.beforeMCU(&reader) {
                        predictors[0] = 0
                        eobRun = 0
                    }
                    guard !restarts.outOfData else { continue }
                    lastGood = iMCURow
                    let index = rowStart &+ column
                    body(&reader, &eobRun, 0, stored, index)
                    restarts.afterMCU(reader)
                    if shortRow == nil && restarts.ranOut { shortRow = iMCURow }
                }
            }
            return
        }
        let stores = components.map { store.components[$0.index] }
        for row in 0..<frame.mcusHigh {
            for column in 0..<frame.mcusWide {
                if restarts.beforeMCU(&reader) {
                    predictors.update(repeating: 0, count: 4)
                    eobRun = 0
                }
                guard !restarts.outOfData else { continue }
                lastGood = row
                for (i, component) in components.enumerated() {
                    let stored = stores[i]
                    for by in 0..<component.v {
                        let rowStart = (row &* component.v &+ by) &* stored.blocksWide &+ column &* component.h
                        for bx in 0..<component.h {
                            let index = rowStart &+ bx
                            body(&reader, &eobRun, i, stored, index)
                        }
                    }
                }
                restarts.afterMCU(reader)
                if shortRow == nil && restarts.ranOut { shortRow = row }
            }
        }
    }
}

/// After the last scan: every block through the IDCT into the row assembler, an iMCU row at a time.
enum JPEGBufferedOutput {
    static func run(
        frame: JPEGFrame, store: JPEGCoefficientStore, quantization: JPEGQuantization,
        smoothing: JPEGBlockSmoothing?, blockSizes: [Int], assembler: JPEGRowAssembler
    ) {
        let scratch = UnsafeMutablePointer<Int>.allocate(capacity: 25)
        scratch.initialize(repeating: 0, count: 25)
        defer { scratch.deallocate() }
        let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
        workspace.initialize(repeating: 0, count: 64)
        let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        block.initialize(repeating: 0, count: 64)
        defer {
            workspace.deallocate()
            block.deallocate()
        }
        for row in 0..<frame.mcusHigh {
            for (index, component) in frame.components.enumerated() {
                let stored = store.components[index]
                let targets = assembler.rowTargets(component: index, iMCURow: row)
                let quant = quantization.table(index)
                let size = blockSizes[index]
                for by in 0..<targets.usedBlockRows {
                    let rowStart = (row &* component.v &+ by) &* stored.blocksWide
                    for column in 0..<targets.usedBlocksWide {
                        let at = rowStart &+ column
                        let target = targets.block(row: by, column: column)
                        if let smoothing {
                            smoothing.prepare(
                                block, component: index, stored: stored, info: component, iMCURow: row,
                                rowInIMCURow: by, rowsInIMCURow: targets.usedBlockRows,
                                totalIMCURows: frame.mcusHigh, column: column, scratch: scratch)
                            JPEGBlockTransform.apply(
                                size: size, hasAC: JPEGBlockTransform.hasAC(block), block, quant,
                                workspace, target, targets.stride)
                            continue
                        }
                        // Blocks no scan gave an AC coefficient, and blocks whose 1×1 IDCT reads only the DC: their
                        // AC memory is never read (or paged in).
                        guard stored.last[at] != 0 && size != 1 else {
                            JPEGBlockTransform.fill(
                                size: size, JPEGIDCT.dcOnly(stored.dc[at], quant.wide[0]),
                                target, targets.stride)
                            continue
                        }
                        block.update(from: stored.ac + at &* 64, count: 64)
                        block[0] = stored.dc[at]
                        JPEGBlockTransform.apply(
                            size: size, hasAC: JPEGBlockTransform.hasAC(block), block, quant,
                            workspace, target, targets.stride)
                    }
                }
            }
            if row > 0 { assembler.emit(iMCURow: row - 1) }
        }
        assembler.emit(iMCURow: frame.mcusHigh - 1)
    }
}
