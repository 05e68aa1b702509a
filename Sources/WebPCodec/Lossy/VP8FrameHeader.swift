import ImageCore

/// Dequantisation factors of one segment (RFC 6386 section 14.1).
struct VP8Quantizers {
    /// DC and AC factors of luma blocks, the Y2 (WHT) block and chroma blocks.
    var y1 = (dc: 0, ac: 0)
    var y2 = (dc: 0, ac: 0)
    var uv = (dc: 0, ac: 0)
}

/// A VP8 key frame's header (RFC 6386 sections 9.2-9.11), read from the
/// frame tag and the first partition, with the first partition's decoder
/// left just after it for the per-macroblock modes.
struct VP8FrameHeader {
    var width = 0
    var height = 0
    var segmentsEnabled = false
    var segmentMapUpdated = false
    var segmentProbabilities = [255, 255, 255]
    var segmentQuantizer = [0, 0, 0, 0]
    var segmentFilterLevel = [0, 0, 0, 0]
    /// libwebp starts with absolute values, which matters when segmentation is on
    /// but the header sends no segment data (every segment then uses quantizer 0).
    var segmentValuesAbsolute = true
    var simpleFilter = false
    var filterLevel = 0
    var sharpness = 0
    var filterDeltasEnabled = false
    /// Only the intra-frame reference delta and the B_PRED mode delta apply to key frames.
    var intraFrameDelta = 0
    var subblockModeDelta = 0
    var quantizers = [VP8Quantizers](repeating: VP8Quantizers(), count: 4)
    /// [type][band][context][node], flat, after the frame's updates.
    var coefficientProbabilities = VP8CoefficientTables.defaults
    var skipProbability: Int?
    /// The DCT token partitions' byte ranges within the chunk payload.
    var partitions: [Range<Int>] = []
    /// Where the first partition lies in the chunk payload.
    var firstPartition = 0..<0

    /// Reads everything before the macroblocks. `data` is the VP8 chunk payload.
    static func read(_ data: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> (VP8FrameHeader, VP8BoolDecoder) {
        var header = VP8FrameHeader()
        (header.width, header.height) = try VP8FrameTag.size(data)
        let firstSize = (Int(data[0]) | Int(data[1]) << 8 | Int(data[2]) << 16) >> 5
        guard firstSize <= data.count - 10 else { throw .truncated(section: "VP8 first partition") }
        header.firstPartition = 10..<(10 + firstSize)
        var bool = VP8BoolDecoder(UnsafeBufferPointer(rebasing: data[header.firstPartition]))
        _ = bool.readFlag()  // colour space: only 0 is defined, and libwebp ignores it
        _ = bool.readFlag()  // clamping type: libwebp always clamps, which is right for both
        header.readSegmentation(&bool)
        if bool.isPastEnd { throw .truncated(section: "VP8 segment header") }
        header.readFilter(&bool)
        if bool.isPastEnd { throw .truncated(section: "VP8 filter header") }
        try header.locatePartitions(count: 1 << bool.readLiteral(2), in: data)
        header.readQuantizers(&bool)
        _ = bool.readFlag()  // refresh_entropy_probs: meaningless for a lone key frame
        header.readCoefficientUpdates(&bool)
        if bool.readFlag() { header.skipProbability = bool.readLiteral(8) }
        return (header, bool)
    }

    private mutating func readSegmentation(_ bool: inout VP8BoolDecoder) {
        segmentsEnabled = bool.readFlag()
        guard segmentsEnabled else { return }
        segmentMapUpdated = bool.readFlag()
        if bool.readFlag() {  // segment data follows
            segmentValuesAbsolute = bool.readFlag()
            for s in 0..<4 { segmentQuantizer[s] = bool.readFlag() ? bool.readSigned(7) : 0 }
            for s in 0..<4 { segmentFilterLevel[s] = bool.readFlag() ? bool.readSigned(6) : 0 }
        }
        if segmentMapUpdated {
            for i in 0..<3 { segmentProbabilities[i] = bool.readFlag() ? bool.readLiteral(8) : 255 }
        }
    }

    private mutating func readFilter(_ bool: inout VP8BoolDecoder) {
        simpleFilter = bool.readFlag()
        filterLevel = bool.readLiteral(6)
        sharpness = bool.readLiteral(3)
        filterDeltasEnabled = bool.readFlag()
        guard filterDeltasEnabled, bool.readFlag() else { return }
        for i in 0..<4 where bool.readFlag() {
            let delta = bool.readSigned(6)
            if i == 0 { intraFrameDelta = delta }
        }
        for i in 0..<4 where bool.readFlag() {
            let delta = bool.readSigned(6)
            if i == 0 { subblockModeDelta = delta }
        }
    }

    /// The partition sizes (three bytes each but the last) follow the first
    /// partition; the last partition takes the rest and must not be empty.
    private mutating func locatePartitions(count: Int, in data: UnsafeBufferPointer<UInt8>) throws(DecodeError) {
        let sizesStart = firstPartition.upperBound
        var start = sizesStart + 3 * (count - 1)
        guard start <= data.count else { throw .truncated(section: "VP8 partition sizes") }
        partitions = []
        for p in 0..<(count - 1) {
            let at = sizesStart + 3 * p
            let size = Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16
            guard size <= data.count - start else { throw .truncated(section: "VP8 partition \(p + 1)") }
            partitions.append(start..<(start + size))
            start += size
        }
        guard start < data.count else { throw .truncated(section: "VP8 partition \(count)") }
        partitions.append(start..<data.count)
    }

    private mutating func readQuantizers(_ bool: inout VP8BoolDecoder) {
        let base = bool.readLiteral(7)
        var deltas = [0, 0, 0, 0, 0]  // y1 dc, y2 dc, y2 ac, uv dc, uv ac
        for i in 0..<5 { deltas[i] = bool.readFlag() ? bool.readSigned(4) : 0 }
        func step(_ table: [Int], _ index: Int, _ top: Int = 127) -> Int { table[min(max(index, 0), top)] }
        for s in 0..<4 {
            var q = base
            if segmentsEnabled { q = segmentValuesAbsolute ? segmentQuantizer[s] : segmentQuantizer[s] + base }
            let dc = VP8ModeTables.dcQuantizer, ac = VP8ModeTables.acQuantizer
            var m = VP8Quantizers()
            m.y1 = (step(dc, q + deltas[0]), step(ac, q))
            // Y2: twice the DC step, 155/100 of the AC step but at least 8.
            m.y2 = (step(dc, q + deltas[1]) * 2, max(step(ac, q + deltas[2]) * 155 / 100, 8))
            m.uv = (step(dc, q + deltas[3], 117), step(ac, q + deltas[4]))
            quantizers[s] = m
        }
    }

    private mutating func readCoefficientUpdates(_ bool: inout VP8BoolDecoder) {
        let updates = VP8CoefficientTables.updateProbabilities
        for i in 0..<coefficientProbabilities.count where bool.readBit(Int(updates[i])) {
            coefficientProbabilities[i] = UInt8(bool.readLiteral(8))
        }
    }
}
