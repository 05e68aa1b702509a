import ImageCore

/// Reads a VP8 frame's macroblock rows from its partitions, top to bottom: the modes from
/// the first partition, the coefficients from the token partition of the row (RFC 6386
/// sections 9.5, 13, 19.3), and each macroblock's loop filter strength.
struct VP8RowParser {
    private let header: VP8FrameHeader
    private var first: VP8BoolDecoder
    private var partitions: [VP8BoolDecoder]
    private var modes: VP8ModeParser
    private var residuals: VP8Residuals
    private let strengths: [VP8LoopFilter.Strength]
    private let columns: Int

    /// `data` is the VP8 payload the header was read from; it must outlive the parser.
    init(header: VP8FrameHeader, first: VP8BoolDecoder, data: UnsafeBufferPointer<UInt8>, columns: Int) {
        self.header = header
        self.first = first
        self.columns = columns
        partitions = header.partitions.map { VP8BoolDecoder(UnsafeBufferPointer(rebasing: data[$0])) }
        modes = VP8ModeParser(macroblockColumns: columns)
        residuals = VP8Residuals(macroblockColumns: columns)
        strengths = Self.filterStrengths(header)
    }

    /// Reads macroblock row `mby` (rows come in order) into `out`; throws where the data ends
    /// before the row does, checked where libwebp checks (after the row's modes, after each
    /// macroblock's coefficients).
    mutating func parse(row mby: Int, into out: VP8ParsedRow) throws(DecodeError) {
        modes.readRow(&first, header: header)
        if first.isPastEnd { throw .truncated(section: "VP8 first partition") }
        residuals.startRow()
        let partition = mby & (partitions.count - 1)
        var bool = partitions[partition]
        let columns = columns
        modes.subblockModes.withUnsafeBufferPointer { sub in
            guard let sub = sub.baseAddress else { return }
            out.subblockModes.update(from: sub, count: 16 * columns)
        }
        try header.coefficientProbabilities.withUnsafeBufferPointer { probabilities throws(DecodeError) in
            guard let prob = probabilities.baseAddress else { return }
            for mbx in 0..<columns {
                let info = modes.row[mbx]
                let c = out.coefficients + VP8ParsedRow.coefficientsPerMacroblock * mbx
                c.update(repeating: 0, count: VP8ParsedRow.coefficientsPerMacroblock)
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
                var strength = strengths[2 * info.segment + (info.isSubblockCoded ? 1 : 0)]
                strength.filtersInnerEdges = info.isSubblockCoded || codes != 0
                out.info[mbx] = info
                out.codes[mbx] = codes
                out.strengths[mbx] = strength
            }
        }
        partitions[partition] = bool
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
}
