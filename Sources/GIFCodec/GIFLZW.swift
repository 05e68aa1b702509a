import ImageCore

/// GIF's variable-width LZW, decoded code by code exactly as Pillow's GifDecode.c reads it: codes are
/// packed LSB first across the data sub-blocks; the table holds at most 4096 entries and, once full, stops
/// growing until a clear code (a "deferred clear"); the code width grows when the entry just added is the
/// largest the current width can name; a code equal to the next free entry is the previous string plus its
/// own first byte; a code past that is corrupt. A colour is a code's low 8 bits (minimum code sizes over 8
/// are accepted as Pillow accepts them, up to 12).
struct GIFLZWDecoder {
    enum Outcome: Equatable { case frameFull, dataEnded, codePastTable, firstCodeNotLiteral }

    static let tableSize = 4096
    let clear: Int
    let minimumCodeSize: Int
    /// Per entry: the entry it extends, its last byte and its length.
    private var prefix = [UInt16](repeating: 0, count: tableSize)
    private var suffix = [UInt8](repeating: 0, count: tableSize)
    private var length = [UInt16](repeating: 0, count: tableSize)

    init(minimumCodeSize: Int) throws(DecodeError) {
        guard (0...12).contains(minimumCodeSize) else {
            throw .corrupt("GIF LZW minimum code size \(minimumCodeSize)")
        }
        self.minimumCodeSize = minimumCodeSize
        clear = 1 << minimumCodeSize
    }

    /// The most pixels `dataBytes` bytes of codes can produce: the n-th code since a clear expands to at
    /// most n bytes (each entry is one longer than an earlier one) and never more than the table's 4096.
    static func mostPixels(dataBytes: Int, minimumCodeSize: Int) -> Int {
        let codes = dataBytes * 8 / (minimumCodeSize + 1) + 1
        let growing = Swift.min(codes, tableSize)
        return growing * (growing + 1) / 2 + (codes - growing) * tableSize
    }

    mutating func decode(
        _ bytes: [UInt8], dataStart: Int, into sink: inout GIFRowSink,
        canvas: UnsafeMutableBufferPointer<UInt8>
    ) -> Outcome {
        let end = clear + 1
        var codeSize = minimumCodeSize + 1
        var next = clear + 2
        var previous = -1
        var previousFirst: UInt8 = 0
        var bits = GIFCodeReader(bytes: bytes, position: dataStart)
        var string = [UInt8](repeating: 0, count: Self.tableSize + 1)
        let outcome: Outcome = string.withUnsafeMutableBufferPointer { string in
            let out = string.baseAddress!
            while true {
                guard let code = bits.read(codeSize) else { return .dataEnded }
                if code == clear {
                    codeSize = minimumCodeSize + 1
                    next = clear + 2
                    previous = -1
                    continue
                }
                if code == end { return .dataEnded }
                if previous < 0 {
                    guard code < clear else { return .firstCodeNotLiteral }
                    out[0] = UInt8(truncatingIfNeeded: code)
                    previous = code
                    previousFirst = out[0]
                    if sink.append(out, count: 1, canvas: canvas) { return .frameFull }
                    continue
                }
                guard code <= next else { return .codePastTable }
                // Write the string backwards from its end; a code equal to `next` is previous + its first byte.
                var walk = code
                var tail: UInt8? = nil
                if code == next {
                    walk = previous
                    tail = previousFirst
                }
                // With a minimum code size of 12 the first free entry is already past the table.
                guard walk < clear || walk < Self.tableSize else { return .codePastTable }
                let walkLength = walk < clear ? 1 : Int(length[walk])
                let count = walkLength + (tail == nil ? 0 : 1)
                assert(count <= string.count, "a string is at most the table's 4096 bytes plus its tail")
                if let tail { out[walkLength] = tail }
                var at = walkLength - 1
                while walk >= clear {
                    out[at] = suffix[walk]
                    walk = Int(prefix[walk])
                    at -= 1
                }
                assert(at == 0, "an entry's length counts its chain: the walk ends at the string's start")
                out[at] = UInt8(truncatingIfNeeded: walk)
                let firstByte = out[0]
                if next < Self.tableSize {
                    prefix[next] = UInt16(previous)
                    suffix[next] = firstByte
                    length[next] = UInt16((previous < clear ? 1 : Int(length[previous])) + 1)
                    if next == (1 << codeSize) - 1, codeSize < 12 { codeSize += 1 }
                    next += 1
                }
                previous = code
                previousFirst = firstByte
                if sink.append(out, count: count, canvas: canvas) { return .frameFull }
            }
        }
        if outcome == .dataEnded { sink.flush(canvas: canvas) }
        return outcome
    }
}

/// Reads LSB-first codes from GIF data sub-blocks without copying them out first.
struct GIFCodeReader {
    let bytes: [UInt8]
    var position: Int
    var blockLeft = 0
    var buffer: UInt32 = 0
    var count = 0
    var ended = false

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    @inline(__always)
    mutating func read(_ width: Int) -> Int? {
        while count < width {
            if blockLeft == 0 {
                // A terminator or the end of the file ends the data; a short last block is read as far as it goes.
                guard !ended, position < bytes.count, bytes[position] != 0 else { ended = true; return nil }
                blockLeft = Int(bytes[position])
                position += 1
            }
            guard position < bytes.count else { ended = true; return nil }
            buffer |= UInt32(bytes[position]) << UInt32(count)
            position += 1
            blockLeft -= 1
            count += 8
        }
        let code = Int(buffer & ((1 << UInt32(width)) - 1))
        buffer >>= UInt32(width)
        count -= width
        return code
    }
}
