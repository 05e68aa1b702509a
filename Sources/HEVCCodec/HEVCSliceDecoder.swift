import ImageCore

/// Decodes one slice segment's data (H.265 7.3.8): the CTUs in tile scan, with the context
/// resets and synchronisations of tiles, wavefront rows and dependent slice segments (9.3.1).
final class HEVCSliceDecoder {
    let frame: HEVCFrame
    let sps: HEVCSPS
    let pps: HEVCPPS
    let header: HEVCSliceHeader
    /// The slice data and context variables `cabac` reads and updates.
    let cabacStorage: HEVCCabacStorage
    var cabac: HEVCCabac
    let scaling: HEVCScalingList
    let qpBdOffsetY: Int
    let qpBdOffsetC: Int
    let log2MinCuQpDeltaSize: Int
    /// qPY_PREV (8.6.1) and the running cu_qp_delta state of the quantisation group.
    var qpPrevious: Int
    var qpY: Int
    var qpPredicted = 0
    var isCuQpDeltaCoded = false
    var cuQpDelta = 0
    /// Context storage for the next wavefront row (9.3.2.3), and for a dependent slice segment.
    var wppStorage: [UInt8]?
    var sliceEndStorage: [UInt8]?
    /// Scratch for one transform block (32×32 at most): its coefficients, its residual, the
    /// transform's intermediate stage (also the intra prediction's samples) and one line of a
    /// stage. Pointers, not arrays: they are read and written for every sample, and an array
    /// property of a class costs an exclusivity check and a uniqueness check an access.
    let coefficients = UnsafeMutablePointer<Int32>.allocate(capacity: 32 * 32)
    let residual = UnsafeMutablePointer<Int32>.allocate(capacity: 32 * 32)
    let intermediate = UnsafeMutablePointer<Int32>.allocate(capacity: 32 * 32)
    let transformLine = UnsafeMutablePointer<Int32>.allocate(capacity: 32)
    /// Intra prediction's reference line (4n + 1 samples), its filtered copy, the projected
    /// main reference (3n + 2) and which reference samples are available.
    let intraLine = UnsafeMutablePointer<Int32>.allocate(capacity: 129)
    let intraFiltered = UnsafeMutablePointer<Int32>.allocate(capacity: 129)
    let intraReference = UnsafeMutablePointer<Int32>.allocate(capacity: 98)
    let intraAvailable = UnsafeMutablePointer<Bool>.allocate(capacity: 129)

    init(frame: HEVCFrame, header: HEVCSliceHeader, rbsp: [UInt8], sliceEndStorage: [UInt8]?) {
        self.frame = frame
        sps = frame.sps
        pps = frame.pps
        self.header = header
        cabacStorage = HEVCCabacStorage(rbsp)
        cabac = HEVCCabac(storage: cabacStorage, byteOffset: header.dataOffset)
        scaling = sps.scalingListEnabled ? (pps.scalingList ?? sps.scalingList) : .flat
        qpBdOffsetY = 6 * (sps.bitDepthLuma - 8)
        qpBdOffsetC = 6 * (sps.bitDepthChroma - 8)
        log2MinCuQpDeltaSize = sps.log2CtbSize - pps.diffCuQpDeltaDepth
        qpPrevious = header.qpY
        qpY = header.qpY
        self.sliceEndStorage = sliceEndStorage
        for buffer in [coefficients, residual, intermediate] { buffer.initialize(repeating: 0, count: 32 * 32) }
        transformLine.initialize(repeating: 0, count: 32)
        intraLine.initialize(repeating: 0, count: 129)
        intraFiltered.initialize(repeating: 0, count: 129)
        intraReference.initialize(repeating: 0, count: 98)
        intraAvailable.initialize(repeating: false, count: 129)
    }

    deinit {
        for buffer in [coefficients, residual, intermediate, transformLine, intraLine, intraFiltered, intraReference] {
            buffer.deallocate()
        }
        intraAvailable.deallocate()
    }

    func decode() throws(DecodeError) {
        let tiles = frame.tiles
        let ctbCount = sps.widthInCtbs * sps.heightInCtbs
        var ts = tiles.rasterToTile[header.segmentAddress]
        var first = true
        while true {
            guard ts < ctbCount else { throw .corrupt("slice data past the last CTB") }
            let rs = tiles.tileToRaster[ts]
            let ctbX = rs % sps.widthInCtbs, ctbY = rs / sps.widthInCtbs
            let x0 = ctbX << sps.log2CtbSize, y0 = ctbY << sps.log2CtbSize
            guard frame.blockSlice[frame.block(x0, y0)] < 0 else { throw .corrupt("CTB \(rs) decoded twice") }
            let firstInTile = ts == 0 || tiles.tileOfCtb[rs] != tiles.tileOfCtb[tiles.tileToRaster[ts - 1]]
            let firstInRow = ctbX == tiles.tileColumnStart(ctbX)
            if firstInTile {
                cabac.contexts = HEVCContext.initial(qp: header.qpY)
            } else if pps.entropyCodingSync && firstInRow {
                if let stored = wppStorage, frame.available(x0, y0, x0 + sps.ctbSize, y0 - sps.ctbSize) {
                    cabac.contexts = stored
                } else {
                    cabac.contexts = HEVCContext.initial(qp: header.qpY)
                }
            } else if first {
                if header.dependent, let stored = sliceEndStorage {
                    cabac.contexts = stored
                } else {
                    cabac.contexts = HEVCContext.initial(qp: header.qpY)
                }
            }
            if firstInTile || (pps.entropyCodingSync && firstInRow) || (first && !header.dependent) {
                qpPrevious = header.qpY
            }
            first = false
            try decodeCTU(x0: x0, y0: y0, ctbX: ctbX, ctbY: ctbY, rs: rs)
            guard !cabac.isPastEnd else { throw .truncated(section: "in the slice data at CTB \(rs)") }
            if pps.entropyCodingSync && (ctbX == 1 || (rs > 1 && tiles.tileOfCtb[rs - 2] != tiles.tileOfCtb[rs])) {
                wppStorage = cabac.contexts
            }
            let end = cabac.terminate() == 1
            ts += 1
            if end {
                if pps.dependentSliceSegmentsEnabled { sliceEndStorage = cabac.contexts }
                return
            }
            guard ts < ctbCount else { throw .corrupt("slice data past the last CTB") }
            let next = tiles.tileToRaster[ts]
            let nextX = next % sps.widthInCtbs
            if (pps.tilesEnabled && tiles.tileOfCtb[next] != tiles.tileOfCtb[rs])
                || (pps.entropyCodingSync && nextX == tiles.tileColumnStart(nextX))
            {
                guard cabac.terminate() == 1 else { throw .corrupt("end_of_subset_one_bit is 0") }
                cabac.start(atByte: cabac.alignedByte)
            }
        }
    }

    private func decodeCTU(x0: Int, y0: Int, ctbX: Int, ctbY: Int, rs: Int) throws(DecodeError) {
        if header.saoLuma || header.saoChroma { decodeSAO(ctbX: ctbX, ctbY: ctbY, rs: rs) }
        try codingQuadtree(x0: x0, y0: y0, log2Size: sps.log2CtbSize, depth: 0)
    }

    /// sao() (7.3.8.3).
    private func decodeSAO(ctbX: Int, ctbY: Int, rs: Int) {
        let tiles = frame.tiles
        if ctbX > 0 && rs - 1 >= header.sliceAddress && tiles.tileOfCtb[rs - 1] == tiles.tileOfCtb[rs]
            && cabac.decode(HEVCContext.saoMerge) == 1
        {
            frame.sao[rs] = frame.sao[rs - 1]
            return
        }
        let above = rs - sps.widthInCtbs
        if ctbY > 0 && above >= header.sliceAddress && tiles.tileOfCtb[above] == tiles.tileOfCtb[rs]
            && cabac.decode(HEVCContext.saoMerge) == 1
        {
            frame.sao[rs] = frame.sao[above]
            return
        }
        var p = HEVCSaoParameters()
        for c in 0..<frame.planeCount where c == 0 ? header.saoLuma : header.saoChroma {
            if c == 2 {
                p.type[2] = p.type[1]
                p.bandOrClass[2] = p.bandOrClass[1]
            } else {
                p.type[c] = cabac.decode(HEVCContext.saoType) == 0 ? 0 : (cabac.bypass() == 0 ? 1 : 2)
            }
            guard p.type[c] != 0 else { continue }
            let bitDepth = c == 0 ? sps.bitDepthLuma : sps.bitDepthChroma
            let maxOffset = (1 << (min(bitDepth, 10) - 5)) - 1
            var offsets = [Int16](repeating: 0, count: 4)
            for i in 0..<4 {
                var value = 0
                while value < maxOffset && cabac.bypass() == 1 { value += 1 }
                offsets[i] = Int16(value)
            }
            if p.type[c] == 1 {
                for i in 0..<4 where offsets[i] != 0 && cabac.bypass() == 1 { offsets[i] = -offsets[i] }
                p.bandOrClass[c] = UInt8(cabac.bypassBits(5))
            } else {
                offsets[2] = -offsets[2]
                offsets[3] = -offsets[3]
                if c != 2 { p.bandOrClass[c] = UInt8(cabac.bypassBits(2)) }
            }
            p.offsets[c] = offsets
        }
        frame.sao[rs] = p
    }
}
