import ImageCore

extension AV1TileDecoder {
    /// What coeffs() leaves: the end of block, and the contexts its neighbours read.
    struct CoefficientOutcome {
        var eob = 0
        var culLevel = 0
        var dcCategory = 0
        var txType = 0
        /// How many of the first `eob` coefficients are non-zero: their positions are the first
        /// of `coefficientScratch.nonZero`, in scan order.
        var nonZeroCount = 0
    }

    /// coeffs() (AV1 5.11.39) of a transform block whose all_zero flag was clear: its type (for
    /// luma), end of block, levels and signs into `quant`, indexed by position.
    mutating func readCoefficients(
        _ m: AV1BlockModes, _ plane: Int, _ x4: Int, _ y4: Int, _ tx: Int, txSzCtx: Int
    ) throws(DecodeError) -> CoefficientOutcome {
        var out = CoefficientOutcome()
        let ptype = plane > 0 ? 1 : 0
        let set = AV1TxType.intraSet(tx, reducedTxSet: frame.reducedTxSet)
        let lossless = frame.lossless[m.segmentID]
        if m.useIntraBC {
            out.txType = intraBCTxType(m, plane, x4, y4, tx)
        } else if plane == 0 {
            out.txType = readTxType(m, tx, set)
        } else {
            let type = AV1TxType.fromMode[m.uvMode]
            out.txType = AV1TxType.isInSet(set, type) ? type : AV1TxType.dctDct
        }
        if lossless || AV1TxSize.squareUp[tx] > 3 { out.txType = AV1TxType.dctDct }
        let scan = AV1TxType.scan(tx, out.txType)
        let eobMultisize = min(AV1TxSize.widthLog2[tx], 5) + min(AV1TxSize.heightLog2[tx], 5) - 4
        let classCtx = AV1TxType.txClass(out.txType) == 0 ? 0 : 1
        let eobPt: Int
        switch eobMultisize {
        case 0: eobPt = symbols.symbol(AV1CDFs.offset(.eobPt16, ptype * 2 + classCtx), count: 5) + 1
        case 1: eobPt = symbols.symbol(AV1CDFs.offset(.eobPt32, ptype * 2 + classCtx), count: 6) + 1
        case 2: eobPt = symbols.symbol(AV1CDFs.offset(.eobPt64, ptype * 2 + classCtx), count: 7) + 1
        case 3: eobPt = symbols.symbol(AV1CDFs.offset(.eobPt128, ptype * 2 + classCtx), count: 8) + 1
        case 4: eobPt = symbols.symbol(AV1CDFs.offset(.eobPt256, ptype * 2 + classCtx), count: 9) + 1
        case 5: eobPt = symbols.symbol(AV1CDFs.offset(.eobPt512, ptype), count: 10) + 1
        default: eobPt = symbols.symbol(AV1CDFs.offset(.eobPt1024, ptype), count: 11) + 1
        }
        var eob = eobPt < 2 ? eobPt : (1 << (eobPt - 2)) + 1
        if eobPt >= 3 {
            let extra = AV1CDFs.offset(.eobExtra, (txSzCtx * 2 + ptype) * 9 + eobPt - 3)
            if symbols.symbol(extra, count: 2) == 1 { eob += 1 << (eobPt - 3) }
            for i in stride(from: 1, to: max(0, eobPt - 2), by: 1) where symbols.literal(1) == 1 {
                eob += 1 << (max(0, eobPt - 2) - 1 - i)
            }
        }
        guard eob <= scan.count else { throw .corrupt("AV1 end of block past its transform") }
        out.eob = eob
        let adjusted = AV1TxSize.adjusted[tx]
        let bwl = AV1TxSize.widthLog2[adjusted]
        let height = AV1TxSize.height[adjusted]
        let txClass = AV1TxType.txClass(out.txType)
        let eobOffset = AV1CDFs.offset(.coeffBaseEOB, (txSzCtx * 2 + ptype) * 4)
        let baseOffset = AV1CDFs.offset(.coeffBase, (txSzCtx * 2 + ptype) * 42)
        let rangeOffset = AV1CDFs.offset(.coeffBr, (min(txSzCtx, 3) * 2 + ptype) * 21)
        let baseStride = AV1CDFs.Table.coeffBase.stride
        let rangeStride = AV1CDFs.Table.coeffBr.stride
        // The levels by position go to `quant` (only the first `eob` positions of the scan are
        // ever read from it, and each is written here, so it is not cleared), and to a copy with
        // four zero columns and rows past the block (Levels with TX_PAD), so the contexts read
        // neighbours unchecked.
        let map = coefficientScratch.levels
        let mapStride = (1 << bwl) + 4
        map.update(repeating: 0, count: (height + 4) * mapStride)
        var q = [Int32]()
        swap(&q, &quant)
        q.withUnsafeMutableBufferPointer { quant in
            scan.withUnsafeBufferPointer { scan in
                for c in (0..<eob).reversed() {  // (a range reversed: stride's iterator was not inlined)
                    let pos = Int(scan[c])
                    let row = pos >> bwl
                    let col = pos & ((1 << bwl) - 1)
                    let at = map + row * mapStride + col
                    var level: Int
                    if c == eob - 1 {
                        let ctx = eobBaseContext(c, bwl: bwl, height: height)
                        level = symbols.symbol(eobOffset + ctx * 4, count: 3) + 1
                    } else {
                        let ctx = Self.baseContext(tx, at, row, col, mapStride, txClass)
                        level = symbols.symbol4(baseOffset + ctx * baseStride)
                    }
                    if level > 2 {
                        let offset = rangeOffset + Self.rangeContext(at, row, col, mapStride, txClass) * rangeStride
                        for _ in 0..<4 {
                            let br = symbols.symbol4(offset)
                            level += br
                            if br < 3 { break }
                        }
                    }
                    at.pointee = UInt8(level)  // at most 15 here: Golomb remainders come later
                    quant[pos] = Int32(level)
                }
            }
        }
        swap(&q, &quant)
        try readSigns(&out, plane, x4, y4, tx, scan, ptype)
        return out
    }

    /// The signs, the Exp-Golomb remainders of large levels, the block's summed level and its
    /// DC's sign category.
    private mutating func readSigns(
        _ out: inout CoefficientOutcome, _ plane: Int, _ x4: Int, _ y4: Int, _ tx: Int, _ scan: [UInt16],
        _ ptype: Int
    ) throws(DecodeError) {
        var culLevel = 0
        var tooLong = false
        var nonZeroCount = 0
        let nonZero = coefficientScratch.nonZero
        // quant held aside while the symbols are read, so its elements are written unchecked.
        var q = [Int32]()
        swap(&q, &quant)
        q.withUnsafeMutableBufferPointer { quant in
            scan.withUnsafeBufferPointer { scan in
                for c in 0..<out.eob {
                    let pos = Int(scan[c])
                    var value = Int(quant[pos])
                    guard value != 0 else { continue }
                    let sign: Bool
                    if c == 0 {
                        let ctx = dcSignContext(plane, x4, y4, AV1TxSize.width[tx] >> 2, AV1TxSize.height[tx] >> 2)
                        sign = symbols.symbol(AV1CDFs.offset(.dcSign, ptype * 3 + ctx), count: 2) == 1
                    } else {
                        sign = symbols.bool()
                    }
                    if value > 14 {
                        var length = 0
                        repeat {
                            length += 1
                            guard length <= 32 else {
                                tooLong = true
                                return
                            }
                        } while !symbols.bool()
                        var x = 1
                        for _ in 0..<(length - 1) { x = x << 1 | (symbols.bool() ? 1 : 0) }
                        value = x + 14
                    }
                    if pos == 0 { out.dcCategory = sign ? 1 : 2 }
                    value &= 0xFFFFF
                    culLevel += value
                    quant[pos] = Int32(sign ? -value : value)
                    if value != 0 {
                        nonZero[nonZeroCount] = pos
                        nonZeroCount &+= 1
                    }
                }
            }
        }
        swap(&q, &quant)
        guard !tooLong else { throw .corrupt("AV1 coefficient of over 32 Golomb bits") }
        out.culLevel = min(63, culLevel)
        out.nonZeroCount = nonZeroCount
    }

    /// transform_type(): a luma block's type, read when its set offers a choice.
    private mutating func readTxType(_ m: AV1BlockModes, _ tx: Int, _ set: AV1TxType.IntraSet) -> Int {
        let q =
            frame.segmentation.enabled
            ? frame.segmentation.qIndex(m.segmentID, base: frame.quantization.baseQIndex)
            : frame.quantization.baseQIndex
        guard set != .dctOnly, q > 0 else { return AV1TxType.dctDct }
        let direction = m.useFilterIntra ? AV1TxType.filterIntraDirection[m.filterIntraMode] : m.yMode
        let square = AV1TxSize.square[tx]
        if set == .intra1 {
            let index = symbols.symbol(AV1CDFs.offset(.intraTxTypeSet1, square * 13 + direction), count: 7)
            return AV1TxType.intraInverse1[index]
        }
        let index = symbols.symbol(AV1CDFs.offset(.intraTxTypeSet2, square * 13 + direction), count: 5)
        return AV1TxType.intraInverse2[index]
    }
}
