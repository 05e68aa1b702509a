/// A dynamic block's codes and the header that sends them: litlen and distance
/// code lengths (15-bit limit), run-length coded with symbols 16, 17 and 18,
/// themselves coded by a code-length code (7-bit limit), as RFC 1951 3.2.7.
struct DeflateDynamicHeader {
    let litLenLengths: [UInt8]
    let distanceLengths: [UInt8]
    private let litLenCount: Int
    private let distanceCount: Int
    /// The run-length coded lengths: (symbol 0...18, extra bits value).
    private let runs: [(symbol: Int, extra: Int)]
    private let codeLengthLengths: [UInt8]
    private let codeLengthCount: Int
    let headerBits: Int

    init(_ frequencies: DeflateBlockWriter.Frequencies) {
        litLenLengths = HuffmanCodeBuilder.lengths(frequencies.litLen, limit: 15)
        var distance = HuffmanCodeBuilder.lengths(frequencies.distance, limit: 15)
        // A block with no matches still sends one distance code (zlib does too, for old inflaters).
        if !distance.contains(where: { $0 > 0 }) { distance[0] = 1 }
        distanceLengths = distance
        litLenCount = max(257, (litLenLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        distanceCount = max(1, (distance.lastIndex { $0 > 0 } ?? 0) + 1)
        runs = Self.runLengths(Array(litLenLengths[..<litLenCount]) + Array(distance[..<distanceCount]))
        var counts = [Int](repeating: 0, count: 19)
        for run in runs { counts[run.symbol] += 1 }
        var codeLengthLengths = HuffmanCodeBuilder.lengths(counts, limit: 7)
        // zlib refuses an incomplete code-length code, so a lone symbol gets an unused partner.
        if codeLengthLengths.filter({ $0 > 0 }).count == 1, let unused = codeLengthLengths.firstIndex(of: 0) {
            codeLengthLengths[unused] = 1
        }
        self.codeLengthLengths = codeLengthLengths
        codeLengthCount = max(4, (DeflateTables.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)
        var bits = 5 + 5 + 4 + 3 * codeLengthCount
        for run in runs { bits += Int(codeLengthLengths[run.symbol]) + Self.extraBits(run.symbol) }
        headerBits = bits
    }

    private static func extraBits(_ symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// Runs of equal lengths as 16 (repeat the previous 3–6 times), 17 (3–10
    /// zeros) and 18 (11–138 zeros); shorter runs as plain lengths.
    private static func runLengths(_ lengths: [UInt8]) -> [(symbol: Int, extra: Int)] {
        var runs: [(symbol: Int, extra: Int)] = []
        var i = 0
        while i < lengths.count {
            let value = lengths[i]
            var end = i + 1
            while end < lengths.count && lengths[end] == value { end += 1 }
            var left = end - i
            if value == 0 {
                while left >= 11 {
                    let n = min(138, left)
                    runs.append((18, n - 11))
                    left -= n
                }
                if left >= 3 {
                    runs.append((17, left - 3))
                    left = 0
                }
            } else {
                runs.append((Int(value), 0))
                left -= 1
                while left >= 3 {
                    let n = min(6, left)
                    runs.append((16, n - 3))
                    left -= n
                }
            }
            for _ in 0..<left { runs.append((Int(value), 0)) }
            i = end
        }
        return runs
    }

    func write(into writer: inout DeflateBitWriter) {
        writer.write(UInt32(litLenCount - 257), 5)
        writer.write(UInt32(distanceCount - 1), 5)
        writer.write(UInt32(codeLengthCount - 4), 4)
        for symbol in DeflateTables.codeLengthOrder.prefix(codeLengthCount) {
            writer.write(UInt32(codeLengthLengths[symbol]), 3)
        }
        let codes = HuffmanCodeBuilder.codes(codeLengthLengths)
        for run in runs {
            writer.write(UInt32(codes[run.symbol]), Int(codeLengthLengths[run.symbol]))
            let extra = Self.extraBits(run.symbol)
            if extra > 0 { writer.write(UInt32(run.extra), extra) }
        }
    }
}
