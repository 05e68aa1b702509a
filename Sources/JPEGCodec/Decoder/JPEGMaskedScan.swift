/// The scan loop of a masked AC scan (JPEGMaskedBlock): one component, its blocks in raster order, with
/// restarts, the last good iMCU row and the row where the data ran out exactly as
/// JPEGBufferedScan.forEachBlock's one-component path has them. A loop of its own so that the bits stay
/// in a JPEGBitWindow (two registers) for the whole scan: the last luma refinement scan of a 12-MP photo
/// is most of its thumbnail's time, 3.3 million symbols over 187,500 blocks.
struct JPEGMaskedScan {
    let ac: JPEGHuffmanLookup
    let ss: Int, se: Int, al: Int
    let masks: UnsafeMutablePointer<UInt64>
    let last: UnsafeMutablePointer<UInt8>
    let blocksWide: Int, usedBlocksWide: Int, usedBlocksHigh: Int
    /// The component's vertical sampling factor: its block rows an iMCU row.
    let v: Int
    let restartInterval: Int

    init(
        frame: JPEGFrame, scan: JPEGScanHeader, ac: JPEGHuffmanLookup, component: JPEGScanComponent,
        stored: JPEGCoefficientStore.Component, masks: UnsafeMutablePointer<UInt64>, restartInterval: Int
    ) {
        self.ac = ac
        ss = scan.ss
        se = scan.se
        al = scan.al
        self.masks = masks
        last = stored.last
        blocksWide = stored.blocksWide
        usedBlocksWide = frame.components[component.index].usedBlocksWide
        usedBlocksHigh = frame.components[component.index].usedBlocksHigh
        v = component.v
        self.restartInterval = restartInterval
    }

    /// A first AC scan (Ah 0). Returns the first iMCU row in which the data ran out, nil when none did.
    @inline(never)
    func decodeFirst(_ reader: inout JPEGBitReader, lastGoodIMCURow: inout Int) -> Int? {
        let ac = ac, ss = ss, se = se, al = al, masks = masks, last = last
        return forEachBlock(&reader, &lastGoodIMCURow) { input, reader, eobRun, index in
            JPEGMaskedBlock.decodeACFirst(
                &input, &reader, ac: ac, ss: ss, se: se, al: al, eobRun: &eobRun, mask: masks + index,
                last: last + index)
        }
    }

    /// A refinement AC scan (Ah > 0), likewise.
    @inline(never)
    func decodeRefine(_ reader: inout JPEGBitReader, lastGoodIMCURow: inout Int) -> Int? {
        let ac = ac, ss = ss, se = se, masks = masks, last = last
        let select = JPEGBitSelect()
        defer { select.deallocate() }
        return forEachBlock(&reader, &lastGoodIMCURow) { input, reader, eobRun, index in
            JPEGMaskedBlock.decodeACRefine(
                &input, &reader, ac: ac, ss: ss, se: se, eobRun: &eobRun, mask: masks + index, last: last + index,
                select: select)
        }
    }

    @inline(__always)
    private func forEachBlock(
        _ reader: inout JPEGBitReader, _ lastGood: inout Int,
        _ body: (inout JPEGBitWindow, inout JPEGBitReader, inout Int, Int) -> Void
    ) -> Int? {
        var restarts = JPEGRestartTracker(interval: restartInterval)
        var input = JPEGBitWindow(reader)
        var eobRun = 0, shortRow: Int?, good = lastGood
        for row in 0..<usedBlocksHigh {
            let rowStart = row &* blocksWide
            // Once a row, not a block: a division costs tens of cycles.
            let iMCURow = row / v
            for column in 0..<usedBlocksWide {
                if restartInterval > 0 {
                    input.store(into: &reader)
                    if restarts.beforeMCU(&reader) { eobRun = 0 }
                    input = JPEGBitWindow(reader)
                }
                guard !restarts.outOfData else { continue }
                good = iMCURow
                body(&input, &reader, &eobRun, rowStart &+ column)
                restarts.afterMCU(overran: reader.overran(count: input.count))
                if shortRow == nil && restarts.ranOut { shortRow = iMCURow }
            }
        }
        input.store(into: &reader)
        lastGood = good
        return shortRow
    }
}
