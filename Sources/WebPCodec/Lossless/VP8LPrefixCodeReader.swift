import ImageCore

/// Reads VP8L prefix codes (RFC 9649 section 3.7.2.1) and decodes symbols with them.
enum VP8LPrefixCodeReader {
    /// The order in which code-length code lengths are sent.
    private static let codeLengthOrder: [Int] = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    private static let defaultCodeLength: UInt8 = 8

    /// Reads one code of `alphabetSize` symbols. With `store`, builds its table
    /// there and returns it; without, only checks that the code is valid (for
    /// groups the entropy image never uses, which must still be read past).
    static func read(
        alphabetSize: Int, from reader: inout VP8LBitReader, lengths: inout [UInt8],
        store: inout [UInt32], storeLimit: Int, build: Bool
    ) throws(DecodeError) -> VP8LPrefixCode {
        if lengths.count < alphabetSize { lengths = [UInt8](repeating: 0, count: alphabetSize) }
        for i in 0..<alphabetSize { lengths[i] = 0 }
        if reader.read(1) == 1 {
            // Simple code: one or two symbols, each of length 1. A symbol past
            // the alphabet (possible for distances) is ignored, as libwebp does.
            let symbolCount = reader.read(1) + 1
            let first = reader.read(reader.read(1) == 0 ? 1 : 8)
            if first < alphabetSize { lengths[first] = 1 }
            if symbolCount == 2 {
                let second = reader.read(8)
                if second < alphabetSize { lengths[second] = 1 }
            }
        } else {
            try readCodeLengths(alphabetSize: alphabetSize, from: &reader, into: &lengths)
        }
        if reader.isPastEnd { throw .truncated(section: "in a VP8L prefix code") }
        return try lengths.withUnsafeBufferPointer { all throws(DecodeError) -> VP8LPrefixCode in
            let code = UnsafeBufferPointer(rebasing: all[0..<alphabetSize])
            if build {
                return try VP8LHuffmanBuilder.build(code, into: &store, limit: storeLimit)
            }
            _ = try VP8LHuffmanBuilder.validate(code)
            return VP8LPrefixCode(offset: 0, rootBits: 0)
        }
    }

    /// The normal code: code lengths sent with a prefix code of their own.
    private static func readCodeLengths(
        alphabetSize: Int, from reader: inout VP8LBitReader,
        into lengths: inout [UInt8]
    ) throws(DecodeError) {
        var lengthCodeLengths = [UInt8](repeating: 0, count: codeLengthOrder.count)
        let sent = reader.read(4) + 4  // at most 19, the whole order
        for i in 0..<sent { lengthCodeLengths[codeLengthOrder[i]] = UInt8(reader.read(3)) }
        var lengthTable: [UInt32] = []
        let lengthCode = try lengthCodeLengths.withUnsafeBufferPointer { b throws(DecodeError) -> VP8LPrefixCode in
            try VP8LHuffmanBuilder.build(b, into: &lengthTable, limit: 1 << 10)
        }
        var tokens = alphabetSize
        if reader.read(1) == 1 {
            let bitCount = 2 + 2 * reader.read(3)
            tokens = 2 + reader.read(bitCount)
            if tokens > alphabetSize { throw .corrupt("VP8L code lengths count past the alphabet") }
        }
        try lengthTable.withUnsafeBufferPointer { table throws(DecodeError) in
            guard let base = table.baseAddress else { return }
            var symbol = 0
            var previous = defaultCodeLength
            while symbol < alphabetSize && tokens > 0 {
                tokens -= 1
                let token = decode(base, lengthCode, &reader)
                if token < 16 {
                    lengths[symbol] = UInt8(token)
                    symbol += 1
                    if token != 0 { previous = UInt8(token) }
                    continue
                }
                // 16: repeat the previous length 3-6 times; 17, 18: zeros, 3-10 and 11-138 times.
                let repeatCount =
                    token == 16
                    ? 3 + reader.read(2)
                    : token == 17 ? 3 + reader.read(3) : 11 + reader.read(7)
                guard repeatCount <= alphabetSize - symbol else {
                    throw .corrupt("VP8L code length repeat past the alphabet")
                }
                let value = token == 16 ? previous : 0
                for i in symbol..<(symbol + repeatCount) { lengths[i] = value }
                symbol += repeatCount
            }
        }
    }

    /// Decodes one symbol with the code at `code` in the table store at `store`.
    @inline(__always)
    static func decode(_ store: UnsafePointer<UInt32>, _ code: VP8LPrefixCode, _ reader: inout VP8LBitReader) -> Int {
        reader.ensure(VP8LHuffmanBuilder.maxCodeLength)
        let bits = reader.buffer
        let table = store + code.offset
        var entry = table[Int(truncatingIfNeeded: bits) & ((1 << code.rootBits) &- 1)]
        var length = Int(entry & 0xFF)
        if length > code.rootBits {
            let subBits = length - code.rootBits
            let sub = Int(truncatingIfNeeded: bits >> UInt64(code.rootBits)) & ((1 << subBits) &- 1)
            entry = table[Int(entry >> 8) + sub]
            length = code.rootBits + Int(entry & 0xFF)
        }
        reader.skip(length)
        return Int(entry >> 8)
    }
}
