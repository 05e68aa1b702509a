/// Decodes a VP8 key frame (RFC 6386) to Y, U and V planes.
enum VP8Decoder {
    /// Returns the header (for the size) and the planes, padded to whole macroblocks; `inputBytes`
    /// is the file held while it decodes (the budget counts it).
    static func decode(
        _ data: UnsafeBufferPointer<UInt8>, inputBytes: Int = 0
    ) throws(DecodeError) -> (VP8FrameHeader, VP8Planes) {
        var (header, first) = try VP8FrameHeader.read(data)
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
        try DecodeLimits.check(
            width: header.width, height: header.height,
            workingBytes: 384 * columns * rows + header.width * header.height, inputBytes: inputBytes)
        var planes = VP8Planes(columns: columns, rows: rows)
        var partitions = header.partitions.map { VP8BoolDecoder(UnsafeBufferPointer(rebasing: data[$0])) }
        var modes = VP8ModeParser(macroblockColumns: columns)
        var residuals = VP8Residuals(macroblockColumns: columns)
        let strengths = filterStrengths(header)
        var filterRow = [VP8LoopFilter.Strength](repeating: .init(), count: columns)
        var previousFilterRow = filterRow
        var coefficients = [Int16](repeating: 0, count: 400)
        var work = [UInt8](repeating: 0, count: VP8Reconstruction.workSize)
        let filtering = header.filterLevel > 0
        try planes.withPointers { p throws(DecodeError) in
            try coefficients.withUnsafeMutableBufferPointer { c throws(DecodeError) in
                try work.withUnsafeMutableBufferPointer { w throws(DecodeError) in
                    try header.coefficientProbabilities.withUnsafeBufferPointer { probabilities throws(DecodeError) in
                        guard let c = c.baseAddress, let w = w.baseAddress, let prob = probabilities.baseAddress else {
                            return
                        }
                        for mby in 0..<rows {
                            modes.readRow(&first, header: header)
                            if first.isPastEnd { throw .truncated(section: "VP8 first partition") }
                            residuals.startRow()
                            let partition = mby & (partitions.count - 1)
                            var bool = partitions[partition]
                            for mbx in 0..<columns {
                                let info = modes.row[mbx]
                                c.update(repeating: 0, count: 400)
                                var codes: UInt64 = 0
                                if info.skipsCoefficients {
                                    residuals.skip(column: mbx, isSubblockCoded: info.isSubblockCoded)
                                } else {
                                    codes = residuals.read(
                                        column: mbx, isSubblockCoded: info.isSubblockCoded,
                                        quantizers: header.quantizers[info.segment],
                                        probabilities: prob, from: &bool, into: c)
                                }
                                if bool.isPastEnd { throw .truncated(section: "VP8 partition \(partition + 1)") }
                                modes.subblockModes.withUnsafeBufferPointer { sub in
                                    guard let sub = sub.baseAddress else { return }
                                    let mb = VP8Reconstruction.Macroblock(
                                        column: mbx, row: mby, columns: columns, info: info,
                                        subblockModes: sub + 16 * mbx, codes: codes, coefficients: c)
                                    VP8Reconstruction.rebuild(mb, work: w, planes: p)
                                }
                                var strength = strengths[2 * info.segment + (info.isSubblockCoded ? 1 : 0)]
                                strength.filtersInnerEdges = info.isSubblockCoded || codes != 0
                                filterRow[mbx] = strength
                            }
                            partitions[partition] = bool
                            if filtering && mby > 0 {
                                filter(row: mby - 1, previousFilterRow, simple: header.simpleFilter, planes: p)
                            }
                            swap(&filterRow, &previousFilterRow)
                        }
                        if filtering {
                            filter(row: rows - 1, previousFilterRow, simple: header.simpleFilter, planes: p)
                        }
                    }
                }
            }
        }
        return (header, planes)
    }

    /// The strength of each segment (index 2·segment) and of its sub-block
    /// coded macroblocks (2·segment + 1), as libwebp computes them.
    private static func filterStrengths(_ h: VP8FrameHeader) -> [VP8LoopFilter.Strength] {
        var result: [VP8LoopFilter.Strength] = []
        for segment in 0..<4 {
            var base = h.filterLevel
            if h.segmentsEnabled {
                base = h.segmentFilterLevel[segment] + (h.segmentValuesAbsolute ? 0 : h.filterLevel)
            }
            for subblockCoded in [false, true] {
                var level = base
                if h.filterDeltasEnabled {
                    level += h.intraFrameDelta
                    if subblockCoded { level += h.subblockModeDelta }
                }
                level = min(max(level, 0), 63)
                var strength = VP8LoopFilter.Strength()
                if level > 0 {
                    var interior = level
                    if h.sharpness > 0 {
                        interior >>= h.sharpness > 4 ? 2 : 1
                        interior = min(interior, 9 - h.sharpness)
                    }
                    interior = max(interior, 1)
                    strength.interiorLimit = interior
                    strength.limit = 2 * level + interior
                    strength.highEdgeVarianceThreshold = level >= 40 ? 2 : level >= 15 ? 1 : 0
                }
                result.append(strength)
            }
        }
        return result
    }

    /// Filters one macroblock row, left to right: for each macroblock its left
    /// edge, inner vertical edges, top edge, inner horizontal edges.
    private static func filter(
        row mby: Int, _ strengths: [VP8LoopFilter.Strength], simple: Bool,
        planes p: VP8PlanePointers
    ) {
        let ls = p.lumaStride, cs = p.chromaStride
        for (mbx, f) in strengths.enumerated() where f.limit > 0 {
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
