import ImageCore

/// Reads a VP8 frame's macroblock rows from its partitions, top to bottom: the modes from
/// the first partition (`VP8ModeRows`), then the coefficients from the token partition of the
/// row and each macroblock's loop filter strength (`VP8TokenRows`). The two halves read
/// different partitions, so the threaded decoder runs them on different threads
/// (`VP8ParsePipeline`); one after the other they are the whole row.
struct VP8RowParser {
    var modes: VP8ModeRows
    var tokens: VP8TokenRows

    /// `data` is the VP8 payload the header was read from; it must outlive the parser.
    init(header: VP8FrameHeader, first: VP8BoolDecoder, data: UnsafeBufferPointer<UInt8>, columns: Int) {
        modes = VP8ModeRows(header: header, first: first, columns: columns)
        tokens = VP8TokenRows(header: header, data: data, columns: columns)
    }

    /// Reads macroblock row `mby` (rows come in order) into `out`, whose levels must be
    /// zero; throws where the data ends before the row does, checked where libwebp checks
    /// (after the row's modes, after each macroblock's coefficients).
    mutating func parse(row mby: Int, into out: VP8ParsedRow) throws(DecodeError) {
        try modes.read(into: out)
        try tokens.read(row: mby, into: out)
    }
}

/// The first partition's half of a row (RFC 6386 sections 9.5, 19.3): each macroblock's
/// segment, skip flag and prediction modes.
struct VP8ModeRows {
    private let header: VP8FrameHeader
    private var first: VP8BoolDecoder
    private var modes: VP8ModeParser
    private let columns: Int

    init(header: VP8FrameHeader, first: VP8BoolDecoder, columns: Int) {
        self.header = header
        self.first = first
        self.columns = columns
        modes = VP8ModeParser(macroblockColumns: columns)
    }

    /// Reads the next row's modes into `out.info` and `out.subblockModes`; throws when the
    /// first partition ended before the row did.
    mutating func read(into out: VP8ParsedRow) throws(DecodeError) {
        modes.readRow(&first, header: header)
        if first.isPastEnd { throw .truncated(section: "VP8 first partition") }
        let columns = columns
        modes.subblockModes.withUnsafeBufferPointer { sub in
            guard let sub = sub.baseAddress else { return }
            out.subblockModes.update(from: sub, count: 16 * columns)
        }
        modes.row.withUnsafeBufferPointer { row in
            guard let row = row.baseAddress else { return }
            out.info.update(from: row, count: columns)
        }
    }
}

/// The token partitions' half of a row (RFC 6386 section 13): the coefficient levels of the
/// macroblocks whose modes `out.info` holds, and their loop filter strengths.
struct VP8TokenRows {
    private let header: VP8FrameHeader
    private var partitions: [VP8BoolDecoder]
    private var residuals: VP8Residuals
    private let strengths: [VP8LoopFilter.Strength]
    private let columns: Int

    /// `data` is the VP8 payload the header was read from; it must outlive the reader.
    init(header: VP8FrameHeader, data: UnsafeBufferPointer<UInt8>, columns: Int) {
        self.header = header
        self.columns = columns
        partitions = header.partitions.map { VP8BoolDecoder(UnsafeBufferPointer(rebasing: data[$0])) }
        residuals = VP8Residuals(macroblockColumns: columns)
        strengths = Self.filterStrengths(header)
    }

    /// Reads row `mby`'s coefficient levels into `out` (whose modes are read and levels zero);
    /// throws where the partition ends before a macroblock does.
    mutating func read(row mby: Int, into out: VP8ParsedRow) throws(DecodeError) {
        residuals.startRow()
        let partition = mby & (partitions.count - 1)
        var bool = partitions[partition]
        let columns = columns
        try header.coefficientProbabilities.withUnsafeBufferPointer { probabilities throws(DecodeError) in
            guard let prob = probabilities.baseAddress else { return }
            for mbx in 0..<columns {
                let info = out.info[mbx]
                if info.skipsCoefficients {
                    residuals.skip(column: mbx, isSubblockCoded: info.isSubblockCoded)
                } else {
                    residuals.read(
                        column: mbx, isSubblockCoded: info.isSubblockCoded, probabilities: prob, from: &bool,
                        levels: out.levels + VP8ParsedRow.coefficientsPerMacroblock * mbx,
                        ends: out.ends + VP8ParsedRow.blocksPerMacroblock * mbx)
                }
                if bool.isPastEnd { throw .truncated(section: "VP8 partition \(partition + 1)") }
                // The rebuilding thread adds the macroblocks whose coefficients filter inner edges.
                var strength = strengths[2 * info.segment + (info.isSubblockCoded ? 1 : 0)]
                strength.filtersInnerEdges = info.isSubblockCoded
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
