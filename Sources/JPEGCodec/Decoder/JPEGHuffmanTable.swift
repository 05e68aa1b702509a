import ImageCore

/// A Huffman table ready for decoding: lookahead tables for the short codes that
/// nearly every symbol uses, and libjpeg's maxcode/valoffset arrays for the rest.
/// Built (and validated, as libjpeg's jpeg_make_d_derived_tbl does) when a scan
/// first uses the table. The buffers are raw so the hot loop reads them without
/// bounds or exclusivity checks; every index into them is masked or bounded by
/// construction.
final class JPEGHuffmanTable {
    static let lookaheadBits = 9
    static let lookaheadSize = 1 << lookaheadBits

    /// For the next `lookaheadBits` bits: (code length << 8) | symbol, or 0 when the code is longer.
    let fastSymbol: UnsafeMutablePointer<UInt16>
    /// For AC tables, codes whose value bits fit the lookahead too:
    /// (value << 16) | (zero run << 8) | bits used; 0 when they do not fit.
    let fastAC: UnsafeMutablePointer<Int32>
    /// Largest code of each length 0...17 (-1 when none; 17 is a sentinel), and the offset
    /// from a code of that length to its symbol's index.
    let maxCode: UnsafeMutablePointer<Int32>
    let valueOffset: UnsafeMutablePointer<Int32>
    /// 256 symbols (zero past the table's own), so a masked index is always in range.
    let symbols: UnsafeMutablePointer<UInt8>

    init(_ spec: JPEGHuffmanSpec, isDC: Bool) throws(DecodeError) {
        fastSymbol = .allocate(capacity: Self.lookaheadSize)
        fastSymbol.initialize(repeating: 0, count: Self.lookaheadSize)
        fastAC = .allocate(capacity: Self.lookaheadSize)
        fastAC.initialize(repeating: 0, count: Self.lookaheadSize)
        maxCode = .allocate(capacity: 18)
        maxCode.initialize(repeating: -1, count: 18)
        valueOffset = .allocate(capacity: 18)
        valueOffset.initialize(repeating: 0, count: 18)
        symbols = .allocate(capacity: 256)
        symbols.initialize(repeating: 0, count: 256)
        try build(spec, isDC: isDC)
    }

    deinit {
        fastSymbol.deallocate()
        fastAC.deallocate()
        maxCode.deallocate()
        valueOffset.deallocate()
        symbols.deallocate()
    }

    private func build(_ spec: JPEGHuffmanSpec, isDC: Bool) throws(DecodeError) {
        let total = spec.symbols.count
        guard spec.counts.count == 16, total <= 256, spec.counts.reduce(0, { $0 + Int($1) }) == total else {
            throw .corrupt("Huffman table code counts do not add up")
        }
        for (i, symbol) in spec.symbols.enumerated() {
            // A DC symbol is a bit count; libjpeg-turbo refuses more than 15.
            if isDC && symbol > 15 { throw .corrupt("DC Huffman table has symbol \(symbol)") }
            symbols[i] = symbol
        }
        // Canonical codes (T.81 Figure C.2): each length continues from the last code, doubled.
        var code = 0
        var index = 0
        for length in 1...16 {
            let n = Int(spec.counts[length - 1])
            // The codes must fit in `length` bits with one to spare: more codes than the lengths allow, or a
            // code of all ones (which JPEG reserves), and libjpeg refuses the table. Checked before any is used.
            guard code + n < 1 << length else { throw .corrupt("Huffman table over-subscribes its code space") }
            valueOffset[length] = Int32(index - code)
            if n > 0 {
                for k in 0..<n where length <= Self.lookaheadBits {
                    fill(code: code + k, length: length, symbol: spec.symbols[index + k], isDC: isDC)
                }
                index += n
                code += n
                maxCode[length] = Int32(code - 1)
            }
            code <<= 1
        }
        maxCode[17] = Int32.max
    }

    /// Every lookahead pattern that starts with this code decodes to its symbol.
    private func fill(code: Int, length: Int, symbol: UInt8, isDC: Bool) {
        let spare = Self.lookaheadBits - length
        let first = code << spare
        // The caller checked the code space; a slip here would write outside the table.
        precondition(first + (1 << spare) <= Self.lookaheadSize, "Huffman code outside its lookahead table")
        let size = Int(symbol & 15)
        let run = Int(symbol >> 4)
        for pattern in first..<(first + (1 << spare)) {
            fastSymbol[pattern] = UInt16(length << 8) | UInt16(symbol)
            guard !isDC, size > 0, length + size <= Self.lookaheadBits else { continue }
            let bits = (pattern >> (spare - size)) & ((1 << size) - 1)
            let value = JPEGBits.extend(bits, size: size)
            fastAC[pattern] = Int32(value) << 16 | Int32(run << 8) | Int32(length + size)
        }
    }
}

enum JPEGBits {
    /// The signed value of `size` magnitude bits (T.81 F.2.2.1's EXTEND): a leading 0 means negative.
    @inline(__always) static func extend(_ bits: Int, size: Int) -> Int {
        bits &+ (((bits &>> (size &- 1)) &- 1) & ((-1 &<< size) &+ 1))
    }
}
