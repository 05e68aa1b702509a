/// The per-macroblock header in the first partition (RFC 6386 sections
/// 10, 11.2-11.4, 19.3): segment, skip flag, luma and chroma prediction modes.
struct VP8MacroblockInfo {
    var segment = 0
    var skipsCoefficients = false
    /// Whether luma is predicted per 4×4 sub-block (B_PRED) rather than as a whole.
    var isSubblockCoded = false
    /// The whole-block luma mode (libwebp's numbering: 0 DC, 1 TM, 2 V, 3 H).
    var lumaMode = 0
    var chromaMode = 0
}

/// Reads one macroblock row of headers at a time, keeping the sub-block
/// mode contexts (above: per 4-pixel column of the image; left: per row of
/// the current macroblock).
struct VP8ModeParser {
    private static let dcMode: UInt8 = 0, tmMode: UInt8 = 1, verticalMode: UInt8 = 2, horizontalMode: UInt8 = 3
    private var above: [UInt8]
    private var left: [UInt8] = [0, 0, 0, 0]
    /// The 16 sub-block modes of each macroblock of the row just read.
    private(set) var subblockModes: [UInt8]
    private(set) var row: [VP8MacroblockInfo]

    init(macroblockColumns: Int) {
        above = [UInt8](repeating: 0, count: 4 * macroblockColumns)
        subblockModes = [UInt8](repeating: 0, count: 16 * macroblockColumns)
        row = [VP8MacroblockInfo](repeating: VP8MacroblockInfo(), count: macroblockColumns)
    }

    mutating func readRow(_ bool: inout VP8BoolDecoder, header: VP8FrameHeader) {
        VP8ModeTables.subblockModeProbabilities.withUnsafeBufferPointer { table in
            guard let probabilities = table.baseAddress else { return }
            readRow(&bool, header: header, probabilities: probabilities)
        }
    }

    private mutating func readRow(
        _ bool: inout VP8BoolDecoder, header: VP8FrameHeader,
        probabilities: UnsafePointer<UInt8>
    ) {
        left = [0, 0, 0, 0]
        for column in 0..<row.count {
            var info = VP8MacroblockInfo()
            if header.segmentMapUpdated {
                let p = header.segmentProbabilities
                info.segment = !bool.readBit(p[0]) ? bool.read(p[1]) : 2 + bool.read(p[2])
            }
            if let skip = header.skipProbability { info.skipsCoefficients = bool.readBit(skip) }
            info.isSubblockCoded = !bool.readBit(145)
            if !info.isSubblockCoded {
                let mode =
                    bool.readBit(156)
                    ? (bool.readBit(128) ? Self.tmMode : Self.horizontalMode)
                    : (bool.readBit(163) ? Self.verticalMode : Self.dcMode)
                info.lumaMode = Int(mode)
                for i in 0..<4 {
                    above[4 * column + i] = mode
                    left[i] = mode
                }
            } else {
                for y in 0..<4 {
                    for x in 0..<4 {
                        let p = probabilities + (Int(above[4 * column + x]) * 10 + Int(left[y])) * 9
                        let mode = Self.readSubblockMode(&bool, p)
                        above[4 * column + x] = mode
                        left[y] = mode
                        subblockModes[16 * column + 4 * y + x] = mode
                    }
                }
            }
            info.chromaMode = !bool.readBit(142) ? 0 : !bool.readBit(114) ? 2 : bool.readBit(183) ? 1 : 3
            row[column] = info
        }
    }

    /// The sub-block mode tree of RFC 6386 section 11.2, in libwebp's mode numbering.
    @inline(__always)
    private static func readSubblockMode(_ bool: inout VP8BoolDecoder, _ p: UnsafePointer<UInt8>) -> UInt8 {
        if !bool.readBit(Int(p[0])) { return 0 }  // DC
        if !bool.readBit(Int(p[1])) { return 1 }  // TM
        if !bool.readBit(Int(p[2])) { return 2 }  // VE
        if !bool.readBit(Int(p[3])) {
            if !bool.readBit(Int(p[4])) { return 3 }  // HE
            return bool.readBit(Int(p[5])) ? 5 : 4  // VR : RD
        }
        if !bool.readBit(Int(p[6])) { return 6 }  // LD
        if !bool.readBit(Int(p[7])) { return 7 }  // VL
        return bool.readBit(Int(p[8])) ? 9 : 8  // HU : HD
    }
}
