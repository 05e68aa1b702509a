import ImageCore

/// Decodes a VP8 key frame (RFC 6386) top to bottom, handing the Y, U and V rows on as they
/// become final, through a window of a few macroblock rows (`VP8PlaneWindow`).
enum VP8Decoder {
    /// Where the rows go: `rows(planes, luma, chroma)` is called after each macroblock row
    /// with the luma rows below `luma` and the chroma rows below `chroma` final (no later
    /// filtering touches them), and the planes as if whole; each call may only read rows it
    /// has not read before, or the row above those (the window holds no more).
    typealias Rows = (VP8PlanePointers, _ finalLuma: Int, _ finalChroma: Int) -> Void

    /// Pictures with at least this many macroblocks read their tokens on a second thread
    /// (`VP8ParsePipeline`); smaller ones are not worth a thread.
    static let threadedMacroblocks = 4096

    /// Decodes the frame; `start` sees the header (for the size) before any row, `inputBytes`
    /// is the file held while it decodes (the budget counts it); `threaded` forces the
    /// choice the size otherwise makes (the tests decode both ways).
    static func decode(
        _ data: UnsafeBufferPointer<UInt8>, inputBytes: Int = 0, threaded: Bool? = nil,
        start: (VP8FrameHeader) throws(DecodeError) -> Void, rows emit: Rows
    ) throws(DecodeError) {
        let (header, first) = try VP8FrameHeader.read(data)
        let columns = (header.width + 15) >> 4
        let rows = (header.height + 15) >> 4
        // Every macroblock spends at least 1.6 bits of the first partition:
        // the luma-size flag and the first chroma-mode flag have fixed
        // probabilities 145/256 and 142/256, so each costs over 0.8 bits
        // whatever its value, and the decoder refuses to read past the end.
        // A first partition under one bit a macroblock therefore cannot hold
        // the frame; refusing it up front keeps a tiny file that claims
        // 16383×16383 from being decoded at all.
        guard header.firstPartition.count * 8 >= columns * rows else {
            throw .truncated(section: "VP8 first partition (too short for \(columns * rows) macroblocks)")
        }
        // The budget the whole planes took before they became a window: the same files pass.
        try DecodeLimits.check(
            width: header.width, height: header.height,
            workingBytes: 384 * columns * rows + header.width * header.height, inputBytes: inputBytes)
        try start(header)
        var parser = VP8RowParser(header: header, first: first, data: data, columns: columns)
        let window = VP8PlaneWindow(columns: columns)
        var previousStrengths = [VP8LoopFilter.Strength](repeating: .init(), count: columns)
        var work = [UInt8](repeating: 0, count: VP8Reconstruction.workSize)
        // One macroblock's coefficients, dequantised from the levels just before it is rebuilt.
        let c = UnsafeMutablePointer<Int16>.allocate(capacity: VP8ParsedRow.coefficientsPerMacroblock)
        c.initialize(repeating: 0, count: VP8ParsedRow.coefficientsPerMacroblock)
        defer { c.deallocate() }
        let filtering = header.filterLevel > 0
        let simple = header.simpleFilter
        try work.withUnsafeMutableBufferPointer { w throws(DecodeError) in
            try previousStrengths.withUnsafeMutableBufferPointer { previous throws(DecodeError) in
                guard let w = w.baseAddress, let previous = previous.baseAddress else { return }
                /// Rebuilds row `mby`, filters the row above it, hands on what is final.
                func rebuild(_ mby: Int, _ parsed: VP8ParsedRow) {
                    let p = window.planes(atRow: mby)
                    for mbx in 0..<columns {
                        let info = parsed.info[mbx]
                        var codes: UInt64 = 0
                        if !info.skipsCoefficients {
                            codes = VP8Dequantisation.macroblock(
                                levels: parsed.levels + VP8ParsedRow.coefficientsPerMacroblock * mbx,
                                ends: parsed.ends + VP8ParsedRow.blocksPerMacroblock * mbx,
                                isSubblockCoded: info.isSubblockCoded, quantizers: header.quantizers[info.segment],
                                into: c)
                            if codes != 0 { parsed.strengths[mbx].filtersInnerEdges = true }
                        }
                        let mb = VP8Reconstruction.Macroblock(
                            column: mbx, row: mby, columns: columns, info: info,
                            subblockModes: parsed.subblockModes + 16 * mbx, codes: codes, coefficients: c)
                        VP8Reconstruction.rebuild(mb, work: w, planes: p)
                    }
                    parsed.clearLevels()
                    if filtering && mby > 0 { filter(row: mby - 1, previous, columns, simple: simple, planes: p) }
                    previous.update(from: parsed.strengths, count: columns)
                    if mby + 1 == rows {
                        if filtering { filter(row: mby, previous, columns, simple: simple, planes: p) }
                        emit(p, Int.max, Int.max)
                    } else {
                        // A filtered row's last three pixel rows change when the row below is filtered.
                        emit(p, filtering ? 16 * mby - 3 : 16 * mby + 16, filtering ? 8 * mby - 3 : 8 * mby + 8)
                        window.slide()
                    }
                }
                if threaded ?? (columns * rows >= threadedMacroblocks) {
                    let pipeline = VP8ParsePipeline(parser: parser, rows: rows, columns: columns)
                    pipeline.start()
                    defer { pipeline.waitUntilFinished() }
                    for mby in 0..<rows {
                        rebuild(mby, try pipeline.row(mby))
                        pipeline.release()
                    }
                } else {
                    let parsed = VP8ParsedRow(columns: columns)
                    for mby in 0..<rows {
                        try parser.parse(row: mby, into: parsed)
                        rebuild(mby, parsed)
                    }
                }
            }
        }
    }

    /// Filters one macroblock row, left to right: for each macroblock its left
    /// edge, inner vertical edges, top edge, inner horizontal edges.
    private static func filter(
        row mby: Int, _ strengths: UnsafePointer<VP8LoopFilter.Strength>, _ columns: Int, simple: Bool,
        planes p: VP8PlanePointers
    ) {
        let ls = p.lumaStride, cs = p.chromaStride
        for mbx in 0..<columns where strengths[mbx].limit > 0 {
            let f = strengths[mbx]
            let y = p.y + mby * 16 * ls + mbx * 16
            let u = p.u + mby * 8 * cs + mbx * 8
            let v = p.v + mby * 8 * cs + mbx * 8
            if simple {
                if mbx > 0 { VP8LoopFilter.simpleEdge(y, step: 1, advance: ls, count: 16, limit: f.limit + 4) }
                if f.filtersInnerEdges {
                    for k in 1...3 {
                        VP8LoopFilter.simpleEdge(y + 4 * k, step: 1, advance: ls, count: 16, limit: f.limit)
                    }
                }
                if mby > 0 { VP8LoopFilter.simpleEdge(y, step: ls, advance: 1, count: 16, limit: f.limit + 4) }
                if f.filtersInnerEdges {
                    for k in 1...3 {
                        VP8LoopFilter.simpleEdge(y + 4 * k * ls, step: ls, advance: 1, count: 16, limit: f.limit)
                    }
                }
                continue
            }
            func edge(_ q: UnsafeMutablePointer<UInt8>, _ step: Int, _ advance: Int, _ count: Int, _ outer: Bool) {
                VP8LoopFilter.normalEdge(
                    q, step: step, advance: advance, count: count,
                    limit: outer ? f.limit + 4 : f.limit, interiorLimit: f.interiorLimit,
                    hevThreshold: f.highEdgeVarianceThreshold, isMacroblockEdge: outer)
            }
            if mbx > 0 {
                edge(y, 1, ls, 16, true)
                edge(u, 1, cs, 8, true)
                edge(v, 1, cs, 8, true)
            }
            if f.filtersInnerEdges {
                for k in 1...3 { edge(y + 4 * k, 1, ls, 16, false) }
                edge(u + 4, 1, cs, 8, false)
                edge(v + 4, 1, cs, 8, false)
            }
            if mby > 0 {
                edge(y, ls, 1, 16, true)
                edge(u, cs, 1, 8, true)
                edge(v, cs, 1, 8, true)
            }
            if f.filtersInnerEdges {
                for k in 1...3 { edge(y + 4 * k * ls, ls, 1, 16, false) }
                edge(u + 4 * cs, cs, 1, 8, false)
                edge(v + 4 * cs, cs, 1, 8, false)
            }
        }
    }
}
