/// A table-driven Huffman decoder for deflate: one look-up of `mainBits` bits
/// finds every code that short; longer codes go through a second, smaller table
/// (zlib's and libdeflate's two-level scheme), so decoding a symbol never loops
/// over bits.
///
/// An entry is a `UInt32`: bits 0–4 the code's length (what to consume),
/// bits 8–11 the extra bits that follow (or a subtable's index bits), bits 12–15
/// the kind, bits 16–31 the value (a literal byte, a base length or distance, a
/// code-length symbol, or a subtable's offset).
///
/// A literal/length main entry whose literal's code leaves room in the main table's bits
/// for a second literal's whole code holds both (`pair`, bit 5): bits 0–4 are then the two
/// codes' lengths together, bits 8–11 the first one's, bits 16–23 the first literal and
/// 24–31 the second (zlib-ng's and libdeflate's multi-literal entries). A photograph's
/// filtered rows are mostly short literal codes, so the inflate loop takes two bytes for
/// one look-up about half the time.
///
/// Not Sendable: a table is built and read by the one inflater that owns it (which InflateAhead
/// hands to its thread before using it); only the two fixed-code tables are shared (`fixed`).
final class HuffmanDecodeTable {
    // Computed, not stored: a stored static is reached through an accessor call in the hot loop.
    @inline(__always) static var literal: UInt32 { 0x8000 }
    @inline(__always) static var endOfBlock: UInt32 { 0x4000 }
    @inline(__always) static var subtable: UInt32 { 0x2000 }
    @inline(__always) static var invalid: UInt32 { 0x1000 }
    @inline(__always) static var specialKinds: UInt32 { 0x7000 }
    @inline(__always) static var pair: UInt32 { 0x20 }

    static let maxCodeLength = 15
    /// The main table's bits of every literal/length and distance table, fixed so the inflate loop masks
    /// with constants (registers it needs for other things). Twelve for literal/length: a photograph's
    /// literal codes run to 11 and 12 bits, and each one past the main table costs a second, dependent
    /// look-up; the bigger table costs 4096 writes a block.
    @inline(__always) static var litLenMainBits: Int { 12 }
    @inline(__always) static var distanceMainBits: Int { 8 }

    /// What a symbol's entry carries besides its code length, per alphabet.
    enum Alphabet {
        case litLen, distance, codeLength

        var name: String {
            switch self {
            case .litLen: "literal/length"
            case .distance: "distance"
            case .codeLength: "code-length"
            }
        }

        var templates: [UInt32] {
            switch self {
            case .litLen: HuffmanDecodeTable.litLenTemplates
            case .distance: HuffmanDecodeTable.distanceTemplates
            case .codeLength: (0..<19).map { UInt32($0) << 16 }
            }
        }
    }

    static let litLenTemplates: [UInt32] = (0..<288).map { symbol in
        switch symbol {
        case 0..<256: UInt32(symbol) << 16 | literal
        case 256: endOfBlock
        case 257...285:
            UInt32(DeflateTables.lengthBase[symbol - 257]) << 16 | UInt32(DeflateTables.lengthExtra[symbol - 257]) << 8
        default: invalid
        }
    }

    static let distanceTemplates: [UInt32] = (0..<32).map { symbol in
        symbol < 30
            ? UInt32(DeflateTables.distanceBase[symbol]) << 16 | UInt32(DeflateTables.distanceExtra[symbol]) << 8
            : invalid
    }

    /// The tables of a fixed-code block (type 1), shared by every inflater. nonisolated(unsafe) is
    /// safe here: they are built by this initialiser, which Swift runs once before any reader sees
    /// them, and only read after (an inflater builds its own dynamic tables, never these).
    private nonisolated(unsafe) static let fixed: (litLen: HuffmanDecodeTable, distance: HuffmanDecodeTable) = {
        let litLen = HuffmanDecodeTable(mainBits: litLenMainBits, symbols: 288, alphabet: .litLen)
        try? litLen.build(DeflateTables.fixedLitLenLengths)
        let distance = HuffmanDecodeTable(mainBits: distanceMainBits, symbols: 32, alphabet: .distance)
        try? distance.build(DeflateTables.fixedDistanceLengths)
        return (litLen, distance)
    }()
    static var fixedLitLen: HuffmanDecodeTable { fixed.litLen }
    static var fixedDistance: HuffmanDecodeTable { fixed.distance }

    let mainBits: Int
    let entries: UnsafeMutablePointer<UInt32>
    /// `pairLiterals`' list of short literal codes (256 at most), kept from block to block.
    private let shortLiterals = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    private let capacity: Int
    private let templates: [UInt32]
    private let alphabet: Alphabet

    /// Room for the main table plus one full-size subtable for every symbol
    /// (a generous bound: a prefix has at least one symbol).
    init(mainBits: Int, symbols: Int, alphabet: Alphabet) {
        self.mainBits = mainBits
        self.alphabet = alphabet
        templates = alphabet.templates
        capacity = (1 << mainBits) + symbols * (1 << max(0, Self.maxCodeLength - mainBits))
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Self.invalid, count: 1 << mainBits)
    }

    deinit {
        entries.deallocate()
        shortLiterals.deallocate()
    }

    /// Fills the table from code lengths (one per symbol, 0 = unused). Refuses an
    /// over-subscribed code, and an incomplete one except a lone 1-bit code (as
    /// zlib: RFC 1951 allows one distance code; an empty distance code is allowed too).
    func build(_ lengths: [UInt8]) throws(DecodeError) {
        try lengths.withUnsafeBufferPointer { (lengths) throws(DecodeError) in try build(lengths) }
    }

    func build(_ lengths: UnsafeBufferPointer<UInt8>) throws(DecodeError) {
        precondition(lengths.count <= templates.count, "more code lengths than symbols")
        var count = [Int](repeating: 0, count: Self.maxCodeLength + 1)
        for length in lengths { count[Int(length)] += 1 }
        var left = 1
        var longest = 0
        for length in 1...Self.maxCodeLength {
            left = left << 1 - count[length]
            if left < 0 { throw .corrupt("\(alphabet.name) code over-subscribes its code space") }
            if count[length] > 0 { longest = length }
        }
        if longest == 0 {
            entries.update(repeating: Self.invalid, count: 1 << mainBits)
            if alphabet == .codeLength { throw .corrupt("code-length code has no codes") }
            return
        }
        if left > 0 && (alphabet == .codeLength || longest != 1) {
            throw .corrupt("\(alphabet.name) code leaves its code space incomplete")
        }
        fill(lengths, count: count)
    }

    /// Canonical codes in order (by length, then symbol), each written at its
    /// bit-reversed index; codes longer than `mainBits` grouped by their first
    /// `mainBits` bits into subtables sized for the group's longest code.
    private func fill(_ lengths: UnsafeBufferPointer<UInt8>, count: [Int]) {
        var offsets = [Int](repeating: 0, count: Self.maxCodeLength + 2)
        for length in 1...Self.maxCodeLength { offsets[length + 1] = offsets[length] + count[length] }
        var sorted = [Int](repeating: 0, count: offsets[Self.maxCodeLength + 1])
        for (symbol, length) in lengths.enumerated() where length > 0 {
            sorted[offsets[Int(length)]] = symbol
            offsets[Int(length)] += 1
        }
        // Canonical codes, most significant bit first, in `sorted` order.
        var codes = [Int](repeating: 0, count: sorted.count)
        var code = 0
        var previousLength = Int(lengths[sorted[0]])
        for (i, symbol) in sorted.enumerated() {
            let length = Int(lengths[symbol])
            code <<= length - previousLength
            previousLength = length
            codes[i] = code
            code += 1
        }
        // Codes up to `mainBits` long: the table grows by doubling, each code written once, at its
        // bit-reversed index, when the table is as wide as the code is long; the copy made at each
        // doubling stands for every longer index that starts with a shorter code (libdeflate's
        // scheme). A strided fill of every index cost a photograph's PNG, a few thousand blocks of
        // 4096-entry tables, more than a tenth of its inflate time.
        var first = 0
        var size = 1
        entries[0] = Self.invalid
        for length in 1...mainBits {
            (entries + size).update(from: entries, count: size)
            size <<= 1
            while first < sorted.count && Int(lengths[sorted[first]]) == length {
                entries[Self.reverse(codes[first], length)] = templates[sorted[first]] | UInt32(length)
                first += 1
            }
        }
        var nextSubtable = 1 << mainBits
        var currentPrefix = -1
        var subtableStart = 0
        var subtableBits = 0
        for i in first..<sorted.count {
            let symbol = sorted[i]
            let length = Int(lengths[symbol])
            let entry = templates[symbol] | UInt32(length)
            let prefix = Self.reverse(codes[i] >> (length - mainBits), mainBits)
            if prefix != currentPrefix {
                currentPrefix = prefix
                var last = i
                while last + 1 < sorted.count {
                    let nextLength = Int(lengths[sorted[last + 1]])
                    if Self.reverse(codes[last + 1] >> (nextLength - mainBits), mainBits) != prefix { break }
                    last += 1
                }
                subtableBits = Int(lengths[sorted[last]]) - mainBits
                subtableStart = nextSubtable
                nextSubtable += 1 << subtableBits
                precondition(nextSubtable <= capacity, "Huffman subtables past their room")
                (entries + subtableStart).initialize(repeating: Self.invalid, count: 1 << subtableBits)
                entries[prefix] = UInt32(subtableStart) << 16 | Self.subtable | UInt32(subtableBits) << 8
            }
            let subLength = length - mainBits
            var index = Self.reverse(codes[i] & ((1 << subLength) - 1), subLength)
            while index < 1 << subtableBits {
                entries[subtableStart + index] = entry
                index += 1 << subLength
            }
        }
        if alphabet == .litLen { pairLiterals(sorted, codes, lengths, mainCodes: first) }
    }

    /// Writes a pair entry wherever a literal's code is followed, within the main table's bits,
    /// by a second literal's whole code: for each two short literal codes, the indices that start
    /// with the first then the second, one every 2^(both lengths). Enumerating the pairs writes
    /// only the entries that become pairs (a scan of all 4096 cost as much as it saved).
    /// `sorted` and `codes` are `fill`'s, shortest first; its first `mainCodes` fit the main table.
    private func pairLiterals(
        _ sorted: [Int], _ codes: [Int], _ lengths: UnsafeBufferPointer<UInt8>, mainCodes: Int
    ) {
        // Literal codes shorter than the main table, as reversed code | length << 16 | symbol << 24.
        var count = 0
        for i in 0..<mainCodes where sorted[i] < 256 {
            let length = Int(lengths[sorted[i]])
            if length >= mainBits { break }
            shortLiterals[count] = UInt32(Self.reverse(codes[i], length) | length << 16 | sorted[i] << 24)
            count += 1
        }
        let size = 1 << mainBits
        let short = UnsafePointer(shortLiterals)
        for a in 0..<count {
            let first = short[a]
            let firstLength = first &>> 16 & 0xFF
            let head = Self.literal | Self.pair | firstLength &<< 8 | (first &>> 24) &<< 16
            let room = UInt32(truncatingIfNeeded: mainBits) &- firstLength
            let start = Int(truncatingIfNeeded: first & 0xFFFF)
            var b = 0
            while b < count {
                let second = short[b]
                let secondLength = second &>> 16 & 0xFF
                if secondLength > room { break }
                let length = firstLength &+ secondLength
                let entry = head | length | (second &>> 24) &<< 24
                var index = start | Int(truncatingIfNeeded: second & 0xFFFF) &<< Int(truncatingIfNeeded: firstLength)
                let step = 1 &<< Int(truncatingIfNeeded: length)
                repeat {
                    entries[index] = entry
                    index &+= step
                } while index < size
                b &+= 1
            }
        }
    }

    /// `value`'s low `bits` bits in reverse order (deflate sends Huffman codes
    /// most significant bit first into a least-significant-first stream).
    @inline(__always)
    static func reverse(_ value: Int, _ bits: Int) -> Int {
        Int(UInt16(truncatingIfNeeded: value).bitReversed() >> (16 - bits))
    }
}

extension UInt16 {
    @inline(__always)
    func bitReversed() -> UInt16 {
        var v = self
        v = (v & 0x5555) << 1 | (v >> 1) & 0x5555
        v = (v & 0x3333) << 2 | (v >> 2) & 0x3333
        v = (v & 0x0F0F) << 4 | (v >> 4) & 0x0F0F
        return v << 8 | v >> 8
    }
}
