import ImageCore

/// Intra block copy's vector (AV1 5.11.7 with use_intrabc, 5.11.26 assign_mv, 5.11.32 read_mv):
/// the reference vector stack of an intra frame (7.10.2: only the neighbours that copied count,
/// RefFrame INTRA_FRAME, no temporal or global candidates), the default when it is empty, the
/// coded difference, and the conformance check that the vector points into the decoded area.
extension AV1TileDecoder {
    /// A candidate of the stack: its vector and weight.
    struct VectorCandidate {
        var row: Int, column: Int, weight: Int
    }

    /// Reads an intra block copy block's vector into `m`, refusing one the spec forbids.
    mutating func readIntraBCVector(_ m: inout AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) throws(DecodeError) {
        let stack = referenceVectors(r, c, size)
        var pred = (row: stack[0].row, column: stack[0].column)
        if pred.row == 0 && pred.column == 0 { pred = (stack[1].row, stack[1].column) }
        if pred.row == 0 && pred.column == 0 {
            let sbSize4 = AV1Block.high4(superblockSize)
            if r - sbSize4 < rowStart {
                pred = (0, -(sbSize4 * 4 + 256) * 8)  // INTRABC_DELAY_PIXELS
            } else {
                pred = (-(sbSize4 * 4 * 8), 0)
            }
        }
        let joint = symbols.symbol(AV1CDFs.offset(.mvJoint), count: 4)
        var diff = (row: 0, column: 0)
        if joint == 2 || joint == 3 { diff.row = vectorComponent(0) }
        if joint == 1 || joint == 3 { diff.column = vectorComponent(1) }
        m.mv = (pred.row + diff.row, pred.column + diff.column)
        guard vectorIsValid(m, r, c, size) else {
            throw .corrupt("AV1 intra block copy vector outside the decoded area")
        }
    }

    /// read_mv_component() with force_integer_mv (an intra frame's vectors are whole samples).
    private mutating func vectorComponent(_ comp: Int) -> Int {
        let sign = symbols.symbol(AV1CDFs.offset(.mvSign, comp), count: 2)
        let mvClass = symbols.symbol(AV1CDFs.offset(.mvClass, comp), count: 11)
        let magnitude: Int
        if mvClass == 0 {
            let bit = symbols.symbol(AV1CDFs.offset(.mvClass0Bit, comp), count: 2)
            magnitude = ((bit << 3) | (3 << 1) | 1) + 1
        } else {
            var d = 0
            for i in 0..<mvClass { d |= symbols.symbol(AV1CDFs.offset(.mvBit, comp * 10 + i), count: 2) << i }
            magnitude = (2 << (mvClass + 2)) + ((d << 3) | (3 << 1) | 1) + 1  // CLASS0_SIZE << (class + 2)
        }
        return sign == 1 ? -magnitude : magnitude
    }

    /// find_mv_stack(0) of an intra frame: RefStackMv[0] and [1], after sorting and clamping.
    private func referenceVectors(_ r: Int, _ c: Int, _ size: Int) -> [VectorCandidate] {
        let bw4 = AV1Block.wide4(size)
        let bh4 = AV1Block.high4(size)
        var stack: [VectorCandidate] = []
        func add(_ mvRow: Int, _ mvCol: Int, _ weight: Int) {
            let i = grid.index(mvRow, mvCol)
            guard grid.kinds[i] == 2 else { return }
            let row = Self.integerPrecision(Int(grid.mvs[i * 2]))
            let column = Self.integerPrecision(Int(grid.mvs[i * 2 + 1]))
            if let k = stack.firstIndex(where: { $0.row == row && $0.column == column }) {
                stack[k].weight += weight
            } else if stack.count < 8 {  // MAX_REF_MV_STACK_SIZE
                stack.append(VectorCandidate(row: row, column: column, weight: weight))
            }
        }
        func scanRow(_ delta: Int) {
            var deltaRow = delta
            var deltaCol = 0
            let end4 = min(min(bw4, frame.miCols - c), 16)
            if abs(deltaRow) > 1 {
                deltaRow += r & 1
                deltaCol = 1 - (c & 1)
            }
            var i = 0
            while i < end4 {
                let mvRow = r + deltaRow
                let mvCol = c + deltaCol + i
                guard isInside(mvRow, mvCol) else { break }
                var len = min(bw4, AV1Block.wide4(Int(grid.blockSizes[grid.index(mvRow, mvCol)])))
                if abs(deltaRow) > 1 { len = max(2, len) }
                if bw4 >= 16 { len = max(4, len) }
                add(mvRow, mvCol, len * 2)
                i += len
            }
        }
        func scanCol(_ delta: Int) {
            var deltaRow = 0
            var deltaCol = delta
            let end4 = min(min(bh4, frame.miRows - r), 16)
            if abs(deltaCol) > 1 {
                deltaRow = 1 - (r & 1)
                deltaCol += c & 1
            }
            var i = 0
            while i < end4 {
                let mvRow = r + deltaRow + i
                let mvCol = c + deltaCol
                guard isInside(mvRow, mvCol) else { break }
                var len = min(bh4, AV1Block.high4(Int(grid.blockSizes[grid.index(mvRow, mvCol)])))
                if abs(deltaCol) > 1 { len = max(2, len) }
                if bh4 >= 16 { len = max(4, len) }
                add(mvRow, mvCol, len * 2)
                i += len
            }
        }
        func scanPoint(_ deltaRow: Int, _ deltaCol: Int) {
            let mvRow = r + deltaRow
            let mvCol = c + deltaCol
            guard isInside(mvRow, mvCol), mvRow < frame.miRows, mvCol < frame.miCols else { return }
            guard grid.kinds[grid.index(mvRow, mvCol)] != 0 else { return }
            add(mvRow, mvCol, 4)
        }
        scanRow(-1)
        scanCol(-1)
        if max(bw4, bh4) <= 16 { scanPoint(-1, bw4) }
        let numNearest = stack.count
        for i in 0..<numNearest { stack[i].weight += 640 }  // REF_CAT_LEVEL
        scanPoint(-1, -1)
        scanRow(-3)
        scanCol(-3)
        if bh4 > 1 { scanRow(-5) }
        if bw4 > 1 { scanCol(-5) }
        Self.sortByWeight(&stack, 0, numNearest)
        Self.sortByWeight(&stack, numNearest, stack.count)
        // context_and_clamping: the found vectors kept within the block's reach of the frame.
        let bw = bw4 * 4
        let bh = bh4 * 4
        for i in stack.indices {
            let top = -(r * 4 * 8)
            let bottom = (frame.miRows - bh4 - r) * 4 * 8
            let left = -(c * 4 * 8)
            let right = (frame.miCols - bw4 - c) * 4 * 8
            stack[i].row = min(max(stack[i].row, top - (128 + bh * 8)), bottom + 128 + bh * 8)
            stack[i].column = min(max(stack[i].column, left - (128 + bw * 8)), right + 128 + bw * 8)
        }
        // extra_search finds nothing in an intra frame; the global vector (zero) fills the rest.
        while stack.count < 2 { stack.append(VectorCandidate(row: 0, column: 0, weight: 0)) }
        return stack
    }

    /// lower_mv_precision() with force_integer_mv.
    private static func integerPrecision(_ v: Int) -> Int {
        let whole = (abs(v) + 3) >> 3
        return v > 0 ? whole << 3 : -(whole << 3)
    }

    /// The sorting process (7.10.2.11): a stable sort by weight, heaviest first.
    private static func sortByWeight(_ stack: inout [VectorCandidate], _ start: Int, _ end: Int) {
        var end = end
        while end > start {
            var newEnd = start
            for i in (start + 1)..<max(start + 1, end) where stack[i - 1].weight < stack[i].weight {
                stack.swapAt(i - 1, i)
                newEnd = i
            }
            end = newEnd
        }
    }

    /// is_mv_valid() of an intra block copy block: whole samples, inside the tile, in a
    /// superblock decoded far enough ahead (INTRABC_DELAY_SB64).
    private func vectorIsValid(_ m: AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) -> Bool {
        guard abs(m.mv.row) < 1 << 14, abs(m.mv.column) < 1 << 14 else { return false }
        guard m.mv.row & 7 == 0, m.mv.column & 7 == 0 else { return false }
        let bw = AV1Block.wide4(size) * 4
        let bh = AV1Block.high4(size) * 4
        var srcTop = r * 4 + (m.mv.row >> 3)
        var srcLeft = c * 4 + (m.mv.column >> 3)
        let srcBottom = srcTop + bh
        let srcRight = srcLeft + bw
        let colour = sequence.colour
        if m.hasChroma {
            if bw < 8 && colour.subsamplingX == 1 { srcLeft -= 4 }
            if bh < 8 && colour.subsamplingY == 1 { srcTop -= 4 }
        }
        guard srcTop >= rowStart * 4, srcLeft >= columnStart * 4, srcBottom <= rowEnd * 4, srcRight <= columnEnd * 4
        else { return false }
        let sbH = sequence.use128x128Superblock ? 128 : 64
        let activeSbRow = (r * 4) / sbH
        let activeSb64Col = (c * 4) >> 6
        let srcSbRow = (srcBottom - 1) / sbH
        let srcSb64Col = (srcRight - 1) >> 6
        let totalSb64PerRow = ((columnEnd - columnStart - 1) >> 4) + 1
        let activeSb64 = activeSbRow * totalSb64PerRow + activeSb64Col
        let srcSb64 = srcSbRow * totalSb64PerRow + srcSb64Col
        guard srcSb64 < activeSb64 - 4 else { return false }  // INTRABC_DELAY_SB64
        let gradient = 1 + 4 + (sequence.use128x128Superblock ? 1 : 0)
        let wfOffset = gradient * (activeSbRow - srcSbRow)
        return srcSbRow <= activeSbRow && srcSb64Col < activeSb64Col - 4 + wfOffset
    }
}
