/// The deflate decoder's state between calls: it decodes into a caller's
/// buffer until the buffer is full or the stream ends, and can be called again
/// to continue, so a PNG can be unfiltered while it inflates without holding
/// the whole inflated image.
///
/// The bytes before `count` in the caller's buffer are the history matches
/// copy from: the caller keeps at least the last 32 KiB there (or all output,
/// if less) between calls.
public struct Inflater {
    enum Mode: Equatable {
        case zlibHeader, blockHeader, stored(remaining: Int), codes, trailer, done
    }

    private let source: ArraySlice<UInt8>
    var input: BitInput
    var mode: Mode
    private var lastBlock = false
    /// A match cut short by a full output buffer: what is left to copy, and from how far back.
    var pendingLength = 0
    var pendingDistance = 0
    /// The tables of the current block: the fixed ones or `dynamic*`.
    var litLen: HuffmanDecodeTable
    var distance: HuffmanDecodeTable
    private let dynamicLitLen = HuffmanDecodeTable(
        mainBits: HuffmanDecodeTable.litLenMainBits, symbols: 288, alphabet: .litLen)
    private let dynamicDistance = HuffmanDecodeTable(
        mainBits: HuffmanDecodeTable.distanceMainBits, symbols: 32, alphabet: .distance)
    private let codeLengthTable = HuffmanDecodeTable(mainBits: 7, symbols: 19, alphabet: .codeLength)
    /// The Adler-32 a zlib stream ends with, once read.
    private(set) var storedAdler: UInt32?
    /// Where the stream lies, for truncation messages ("in the image data").
    let section: String

    /// `segments` are ranges of `source`'s indices, read one after another as one stream.
    public init(source: ArraySlice<UInt8>, segments: [Range<Int>], zlib: Bool, section: String) {
        self.source = source
        let base = source.startIndex
        input = BitInput(
            segments: segments.map {
                let lower = min(max($0.lowerBound, base), source.endIndex)
                let upper = min(max($0.upperBound, lower), source.endIndex)
                return (lower - base)..<(upper - base)
            })
        mode = zlib ? .zlibHeader : .blockHeader
        litLen = HuffmanDecodeTable.fixedLitLen
        distance = HuffmanDecodeTable.fixedDistance
        self.section = section
    }

    /// Decodes into `output` from `count` up to `capacity` bytes. Returns true once
    /// the stream has ended (its trailer read), false when `output` is full.
    mutating func decode(
        into output: UnsafeMutablePointer<UInt8>, count: inout Int,
        capacity: Int
    ) throws(DecodeError) -> Bool {
        let source = self.source
        return try source.withUnsafeBufferPointer { (bytes) throws(DecodeError) -> Bool in
            // An empty slice may have no base address; any pointer will do, nothing is read.
            let base = bytes.baseAddress ?? UnsafePointer(output)
            while true {
                switch mode {
                case .zlibHeader:
                    try readZlibHeader(base)
                    mode = .blockHeader
                case .blockHeader:
                    if lastBlock {
                        mode = storedAdlerWanted ? .trailer : .done
                        continue
                    }
                    try readBlockHeader(base)
                case .stored(let remaining):
                    let left = try copyStored(remaining, base, into: output, count: &count, capacity: capacity)
                    if left > 0 {
                        mode = .stored(remaining: left)
                        return false
                    }
                    mode = .blockHeader
                case .codes:
                    if try !decodeCodes(base, into: output, count: &count, capacity: capacity) { return false }
                    mode = .blockHeader
                case .trailer:
                    input.alignToByte()
                    var adler: UInt32 = 0
                    for _ in 0..<4 { adler = adler << 8 | (try input.read(8, base, in: section)) }
                    storedAdler = adler
                    mode = .done
                case .done:
                    return true
                }
            }
        }
    }

    private var storedAdlerWanted = false

    private mutating func readZlibHeader(_ base: UnsafePointer<UInt8>) throws(DecodeError) {
        let cmf = try input.read(8, base, in: section)
        let flg = try input.read(8, base, in: section)
        guard cmf & 0x0F == 8 else { throw .corrupt("zlib compression method \(cmf & 0x0F), not deflate") }
        guard cmf >> 4 <= 7 else { throw .corrupt("zlib window size \(cmf >> 4) over 32 KiB") }
        guard (cmf << 8 | flg) % 31 == 0 else { throw .corrupt("zlib header check bits") }
        guard flg & 0x20 == 0 else { throw .unsupported("zlib stream with a preset dictionary") }
        storedAdlerWanted = true
    }

    private mutating func readBlockHeader(_ base: UnsafePointer<UInt8>) throws(DecodeError) {
        let header = try input.read(3, base, in: section)
        lastBlock = header & 1 != 0
        switch header >> 1 {
        case 0:
            input.alignToByte()
            let length = try input.read(16, base, in: section)
            let complement = try input.read(16, base, in: section)
            guard length ^ complement == 0xFFFF else {
                throw .corrupt("stored block length \(length) disagrees with its complement")
            }
            mode = .stored(remaining: Int(length))
        case 1:
            litLen = HuffmanDecodeTable.fixedLitLen
            distance = HuffmanDecodeTable.fixedDistance
            mode = .codes
        case 2:
            try readDynamicTables(base)
            litLen = dynamicLitLen
            distance = dynamicDistance
            mode = .codes
        default:
            throw .corrupt("deflate block type 3 (reserved)")
        }
    }

    /// A dynamic block's header: the code-length code, then the litlen and
    /// distance code lengths it codes (RFC 1951 3.2.7), every count checked.
    private mutating func readDynamicTables(_ base: UnsafePointer<UInt8>) throws(DecodeError) {
        let litLenCount = Int(try input.read(5, base, in: section)) + 257
        let distanceCount = Int(try input.read(5, base, in: section)) + 1
        let codeLengthCount = Int(try input.read(4, base, in: section)) + 4
        guard litLenCount <= 286 else { throw .corrupt("dynamic block declares \(litLenCount) length codes") }
        guard distanceCount <= 30 else { throw .corrupt("dynamic block declares \(distanceCount) distance codes") }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for i in 0..<codeLengthCount {
            codeLengthLengths[DeflateTables.codeLengthOrder[i]] = UInt8(try input.read(3, base, in: section))
        }
        try codeLengthTable.build(codeLengthLengths)
        var lengths = [UInt8](repeating: 0, count: litLenCount + distanceCount)
        var i = 0
        while i < lengths.count {
            input.refill(base)
            let entry = codeLengthTable.entries[Int(input.peek(7))]
            input.consume(Int(entry & 0x1F))
            let symbol = Int(entry >> 16)
            var repeated: UInt8 = 0
            var times = 1
            switch symbol {
            case 0...15:
                repeated = UInt8(symbol)
            case 16:
                guard i > 0 else { throw .corrupt("code length repeat before any code length") }
                repeated = lengths[i - 1]
                times = 3 + Int(input.peek(2))
                input.consume(2)
            case 17:
                times = 3 + Int(input.peek(3))
                input.consume(3)
            default:
                times = 11 + Int(input.peek(7))
                input.consume(7)
            }
            if input.overran { throw .truncated(section: section) }
            guard i + times <= lengths.count else { throw .corrupt("code length repeat runs past the code lengths") }
            for j in i..<(i + times) { lengths[j] = repeated }
            i += times
        }
        guard lengths[256] != 0 else { throw .corrupt("dynamic block has no end-of-block code") }
        try lengths.withUnsafeBufferPointer { (all) throws(DecodeError) in
            try dynamicLitLen.build(UnsafeBufferPointer(rebasing: all[0..<litLenCount]))
            try dynamicDistance.build(UnsafeBufferPointer(rebasing: all[litLenCount...]))
        }
    }

    /// Copies up to `remaining` bytes of a stored block; returns how many are still to come.
    private mutating func copyStored(
        _ remaining: Int, _ base: UnsafePointer<UInt8>,
        into output: UnsafeMutablePointer<UInt8>, count: inout Int,
        capacity: Int
    ) throws(DecodeError) -> Int {
        var remaining = remaining
        // First the whole bytes already in the bit buffer, then straight from the input.
        while remaining > 0 && count < capacity && input.bufferedBytes > 0 {
            output[count] = UInt8(truncatingIfNeeded: input.buffer)
            input.consume(8)
            count += 1
            remaining -= 1
        }
        if remaining > 0 && count < capacity {
            // The buffer is drained; bits past its count may be stale once bytes are taken directly.
            if input.padding > 0 { throw .truncated(section: section) }
            input.buffer = 0
        }
        while remaining > 0 && count < capacity {
            if input.position == input.segmentEnd {
                guard input.segmentIndex + 1 < input.segments.count else { throw .truncated(section: section) }
                input.segmentIndex += 1
                input.position = input.segments[input.segmentIndex].lowerBound
                input.segmentEnd = input.segments[input.segmentIndex].upperBound
                continue
            }
            let n = min(remaining, capacity - count, input.segmentEnd - input.position)
            (output + count).update(from: base + input.position, count: n)
            input.position += n
            count += n
            remaining -= n
        }
        return remaining
    }
}
