import ImageCore

/// The symbol (range) decoder of one tile (AV1 8.2.2-8.2.6): init_symbol, read_symbol with
/// its CDF adaptation, read_bool and read_literal, over the tile's bytes. The CDFs it adapts
/// are the tile's own copy (AV1CDFs), addressed by offset, held in raw memory this decoder owns
/// (AV1CDFStore) so that a symbol's read and adaptation check neither bounds nor uniqueness.
/// A copy of the decoder shares its CDFs: each tile makes its own decoder, and none is copied.
///
/// Reads never run past the tile: SymbolMaxBits counts the bits left, and past the end the
/// spec's zero padding is used, as a conformant decoder does, so a cut tile decodes to
/// something rather than trapping; `isPaddingConformant` tells a tile that ended well.
struct AV1SymbolDecoder {
    private let bytes: [UInt8]
    /// The next byte to load into the window, and the tile's end.
    private var nextByte: Int
    private let byteEnd: Int
    /// The spec's SymbolValue in the top 16 bits, then the tile's next bits, inverted (as
    /// SymbolValue takes them), `windowBits` of them: bits are loaded a byte at a time, not a
    /// symbol's few at a time. Past the tile's end the spec's zero padding, inverted, is loaded.
    private var window: UInt64
    private var windowBits: Int
    private var range: Int
    private var maxBits: Int
    private let bitEnd: Int
    let updatesCDFs: Bool
    /// The tile's CDFs, and their first value (the store keeps them alive).
    private let store: AV1CDFStore
    private let cdf: UnsafeMutablePointer<UInt16>

    static let probabilityShift = 6
    static let minimumProbability = 4

    /// init_symbol(sz) over `tile`, a byte range of `bytes` (within it, or throws).
    init(_ bytes: [UInt8], tile: Range<Int>, cdfs: AV1CDFs, updatesCDFs: Bool) throws(DecodeError) {
        guard tile.lowerBound >= 0, tile.upperBound <= bytes.count, !tile.isEmpty else {
            throw .truncated(section: "AV1 tile data")
        }
        self.bytes = bytes
        nextByte = tile.lowerBound
        byteEnd = tile.upperBound
        bitEnd = tile.upperBound * 8
        range = 1 << 15
        maxBits = 8 * tile.count - 15
        store = AV1CDFStore(cdfs)
        cdf = store.values
        self.updatesCDFs = updatesCDFs
        // SymbolValue is the first 15 bits inverted: the window's bit 63 is 0, the tile's first
        // bit goes at bit 62.
        window = 0
        windowBits = -15
        refill()
    }

    /// Loads bytes below the window's valid bits until at least 41 are there (a renormalisation
    /// takes at most 15).
    @inline(__always)
    private mutating func refill() {
        var (window, bits, next) = (self.window, windowBits, nextByte)
        let end = byteEnd
        bytes.withUnsafeBufferPointer { b in
            while bits <= 40 {
                let byte: UInt64 = next < end ? UInt64(~b[next]) : 0xFF
                next &+= 1
                window |= byte << UInt64(40 &- bits)
                bits &+= 8
            }
        }
        (self.window, windowBits, nextByte) = (window, bits, next)
    }

    /// SymbolValue.
    @inline(__always)
    private var value: Int { Int(truncatingIfNeeded: window >> 48) }

    /// read_symbol: a symbol of the `count`-symbol CDF at `offset` in the tile's CDFs (its
    /// `count` values and its counter), adapting the CDF unless the frame disables it.
    @inline(__always)
    mutating func symbol(_ offset: Int, count n: Int) -> Int { read(offset, n) }

    /// A symbol of a 4-symbol CDF (coeff_base and coeff_br, most of a tile's symbols): read_symbol
    /// with its count a constant, so its search and adaptation unroll. (Without the search loop,
    /// as how many of the three falling bounds the value lies below, it was no faster: the
    /// compiler branches on the bounds all the same.)
    @inline(__always)
    mutating func symbol4(_ offset: Int) -> Int { read(offset, 4) }

    /// read_symbol's steps, `n` a constant where the caller's is.
    @inline(__always)
    private mutating func read(_ offset: Int, _ n: Int) -> Int {
        let range = self.range
        let value = self.value
        let cdf = self.cdf + offset
        var cur = range
        var prev: Int
        var symbol = -1
        repeat {
            symbol &+= 1
            prev = cur
            let f = (1 << 15) &- Int(cdf[symbol])
            cur = ((range >> 8) &* (f >> Self.probabilityShift)) >> (7 - Self.probabilityShift)
            cur &+= Self.minimumProbability &* (n &- symbol &- 1)
        } while value < cur
        if updatesCDFs { AV1CDFs.adapt(cdf, n, symbol) }
        renormalize(range: prev &- cur, subtracting: cur)
        return symbol
    }

    /// The tile's CDFs as they stand (a copy).
    var cdfs: AV1CDFs { AV1CDFs(values: Array(UnsafeBufferPointer(start: cdf, count: store.count))) }

    /// The value at `offset` of the tile's CDFs.
    @inline(__always)
    func cdfValue(at offset: Int) -> Int {
        precondition(offset >= 0 && offset < store.count, "a CDF offset past the tables")
        return Int(cdf[offset])
    }

    /// read_bool: an even-odds bit (its CDF is not adapted: it is made afresh each time).
    @inline(__always)
    mutating func bool() -> Bool { bit(probabilityOfOne: 1 << 14) }

    /// A two-symbol read of a CDF made for the one read (split_or_horz, split_or_vert): symbol 1
    /// has the probability `probabilityOfOne` / 32768, and nothing is adapted.
    @inline(__always)
    mutating func bit(probabilityOfOne: Int) -> Bool {
        let cur =
            (((range >> 8) * (probabilityOfOne >> Self.probabilityShift)) >> (7 - Self.probabilityShift))
            + Self.minimumProbability
        if value < cur {
            renormalize(range: cur, subtracting: 0)
            return true
        }
        renormalize(range: range - cur, subtracting: cur)
        return false
    }

    /// read_literal(n): n even-odds bits, most significant first.
    mutating func literal(_ count: Int) -> Int {
        var x = 0
        for _ in 0..<count { x = 2 * x + (bool() ? 1 : 0) }
        return x
    }

    /// The renormalisation after a symbol: SymbolValue less `cur` (the symbols below the one
    /// read), then it and the range shifted back to 16 bits, the window's next bits coming in.
    @inline(__always)
    private mutating func renormalize(range newRange: Int, subtracting cur: Int) {
        // 15 less floor(log2(newRange)): the shift that brings the range back to 16 bits.
        let bits = newRange > 1 ? 15 &- (Int.bitWidth &- 1 &- newRange.leadingZeroBitCount) : 15
        range = newRange << bits
        window = (window &- UInt64(truncatingIfNeeded: cur) << 48) << UInt64(bits)
        windowBits &-= bits
        maxBits &-= bits
        if windowBits < 16 { refill() }
    }

    /// Whether the reads have run further past the tile's end than a conformant tile ever does
    /// (SymbolMaxBits only falls, and exit_symbol requires it to be -14 or more): a cut or
    /// crafted tile is refused then, so the work stays bounded by the data.
    var isOverrun: Bool { maxBits < -14 }

    /// exit_symbol's conformance: the tile's padding, after the last symbol's bits, is a one
    /// and zeros to the tile's end. A tile decoded with the wrong syntax almost never ends so.
    var isPaddingConformant: Bool {
        guard maxBits >= -14 else { return false }
        // The spec's position in the tile's bits: its reads stop at the tile's end.
        let bitPosition = bitEnd - max(maxBits, 0)
        let trailing = bitPosition - min(15, maxBits + 15)
        guard trailing >= 0, trailing < bitEnd else { return false }
        func bit(_ p: Int) -> Int { Int(bytes[p >> 3] >> (7 - UInt8(p & 7))) & 1 }
        guard bit(trailing) == 1 else { return false }
        return (trailing + 1..<bitEnd).allSatisfy { bit($0) == 0 }
    }
}
