extension AV1TileDecoder {
    /// read_segment_id(): the segment, coded against a prediction from the blocks around.
    mutating func readSegmentID(_ m: AV1BlockModes, _ r: Int, _ c: Int) -> Int {
        let up = isInside(r - 1, c)
        let left = isInside(r, c - 1)
        let prevUL = up && left ? Int(grid.segmentIDs[grid.index(r - 1, c - 1)]) : -1
        let prevU = up ? Int(grid.segmentIDs[grid.index(r - 1, c)]) : -1
        let prevL = left ? Int(grid.segmentIDs[grid.index(r, c - 1)]) : -1
        let pred = prevU == -1 ? (prevL == -1 ? 0 : prevL) : prevL == -1 ? prevU : (prevUL == prevU ? prevU : prevL)
        if m.skip { return pred }
        let ctx: Int
        if prevUL < 0 {
            ctx = 0
        } else if prevUL == prevU && prevUL == prevL {
            ctx = 2
        } else if prevUL == prevU || prevUL == prevL || prevU == prevL {
            ctx = 1
        } else {
            ctx = 0
        }
        let diff = symbols.symbol(AV1CDFs.offset(.segmentID, ctx), count: 8)
        let segment = Self.negDeinterleave(diff, pred, frame.segmentation.lastActiveSegID + 1)
        return max(0, min(7, segment))
    }

    static func negDeinterleave(_ diff: Int, _ ref: Int, _ max: Int) -> Int {
        if ref == 0 { return diff }
        if ref >= max - 1 { return max - diff - 1 }
        if 2 * ref < max {
            if diff <= 2 * ref { return diff & 1 == 1 ? ref + ((diff + 1) >> 1) : ref - (diff >> 1) }
            return diff
        }
        if diff <= 2 * (max - ref - 1) { return diff & 1 == 1 ? ref + ((diff + 1) >> 1) : ref - (diff >> 1) }
        return max - (diff + 1)
    }

    /// read_cdef(): the CDEF preset of the block's 64×64 area, read at its first coded block.
    mutating func readCdef(_ m: AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) {
        guard !m.skip, !frame.codedLossless, sequence.enableCdef, !frame.allowIntraBC else { return }
        let r0 = r & ~15
        let c0 = c & ~15
        guard grid.cdefIndex[grid.cdefSlot(r0, c0)] == -1 else { return }
        let value = Int8(symbols.literal(frame.cdef.bits))
        for i in stride(from: r0, to: min(r0 + AV1Block.high4(size), grid.rows), by: 16) {
            for j in stride(from: c0, to: min(c0 + AV1Block.wide4(size), grid.columns), by: 16) {
                grid.cdefIndex[grid.cdefSlot(i, j)] = value
            }
        }
    }

    /// read_delta_qindex() and read_delta_lf(): the superblock's quantizer and loop filter deltas.
    mutating func readDeltas(_ m: AV1BlockModes, _ size: Int) {
        guard !(size == superblockSize && m.skip), readDeltas else { return }
        let deltas = frame.deltaQ
        if let q = readDelta(AV1CDFs.offset(.deltaQ)) {
            currentQIndex = max(1, min(255, currentQIndex + (q << deltas.qShift)))
        }
        guard deltas.lfPresent else { return }
        let count = deltas.lfMulti ? (sequence.colour.planes > 1 ? 4 : 2) : 1
        for i in 0..<count {
            let offset = deltas.lfMulti ? AV1CDFs.offset(.deltaLFMulti, i) : AV1CDFs.offset(.deltaLF)
            if let lf = readDelta(offset) { deltaLF[i] = max(-63, min(63, deltaLF[i] + (lf << deltas.lfShift))) }
        }
    }

    /// One delta: a small magnitude, or a longer one in literal bits, then its sign; nil for 0.
    private mutating func readDelta(_ offset: Int) -> Int? {
        var magnitude = symbols.symbol(offset, count: 4)
        if magnitude == 3 {
            let bits = symbols.literal(3) + 1
            magnitude = symbols.literal(bits) + (1 << bits) + 1
        }
        guard magnitude != 0 else { return nil }
        return symbols.literal(1) == 1 ? -magnitude : magnitude
    }
}
