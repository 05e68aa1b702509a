import ImageCore

/// The symbol (range) decoder of one tile (AV1 8.2.2-8.2.6): init_symbol, read_symbol with
/// its CDF adaptation, read_bool and read_literal, over the tile's bytes. The CDFs it adapts
/// are the tile's own copy (AV1CDFs), addressed by offset.
///
/// Reads never run past the tile: SymbolMaxBits counts the bits left, and past the end the
/// spec's zero padding is used, as a conformant decoder does, so a cut tile decodes to
/// something rather than trapping; `isPaddingConformant` tells a tile that ended well.
struct AV1SymbolDecoder {
    private let bytes: [UInt8]
    /// The next bit to read, from the array's start, and the tile's end in bits.
    private var bitPosition: Int
    private let bitEnd: Int
    private var value: Int
    private var range: Int
    private var maxBits: Int
    let updatesCDFs: Bool
    var cdfs: AV1CDFs

    static let probabilityShift = 6
    static let minimumProbability = 4

    /// init_symbol(sz) over `tile`, a byte range of `bytes` (within it, or throws).
    init(_ bytes: [UInt8], tile: Range<Int>, cdfs: AV1CDFs, updatesCDFs: Bool) throws(DecodeError) {
        guard tile.lowerBound >= 0, tile.upperBound <= bytes.count, !tile.isEmpty else {
            throw .truncated(section: "AV1 tile data")
        }
        self.bytes = bytes
        bitPosition = tile.lowerBound * 8
        bitEnd = tile.upperBound * 8
        let numBits = min(tile.count * 8, 15)
        range = 1 << 15
        maxBits = 8 * tile.count - 15
        value = 0
        self.cdfs = cdfs
        self.updatesCDFs = updatesCDFs
        let buf = readBits(numBits)
        value = ((1 << 15) - 1) ^ (buf << (15 - numBits))
    }

    /// f(n) of the tile's bits, n ≤ 16; the caller never asks past the tile's end. Three bytes
    /// at once where the array has them (bits past the tile's end are masked off).
    @inline(__always)
    private mutating func readBits(_ count: Int) -> Int {
        let byteIndex = bitPosition >> 3
        let offset = bitPosition & 7
        guard count > 0 else { return 0 }
        if byteIndex + 3 <= bytes.count {
            let window = bytes.withUnsafeBufferPointer { b in
                Int(b[byteIndex]) << 16 | Int(b[byteIndex + 1]) << 8 | Int(b[byteIndex + 2])
            }
            bitPosition += count
            return (window >> (24 - offset - count)) & ((1 << count) - 1)
        }
        var result = 0
        var left = count
        while left > 0 {
            let byte = Int(bytes[bitPosition >> 3])
            let offset = bitPosition & 7
            let take = min(left, 8 - offset)
            result = result << take | (byte >> (8 - offset - take)) & ((1 << take) - 1)
            bitPosition += take
            left -= take
        }
        return result
    }

    /// read_symbol: a symbol of the `count`-symbol CDF at `offset` in the tile's CDFs (its
    /// `count` values and its counter), adapting the CDF unless the frame disables it.
    @inline(__always)
    mutating func symbol(_ offset: Int, count n: Int) -> Int {
        let range = self.range
        let value = self.value
        let updates = updatesCDFs
        let (symbol, prev, cur) = cdfs.values.withUnsafeMutableBufferPointer { buffer in
            let cdf = buffer.baseAddress! + offset
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
            if updates { AV1CDFs.adapt(cdf, n, symbol) }
            return (symbol, prev, cur)
        }
        renormalize(range: prev - cur, value: value - cur)
        return symbol
    }

    /// read_bool: an even-odds bit (its CDF is not adapted: it is made afresh each time).
    mutating func bool() -> Bool { bit(probabilityOfOne: 1 << 14) }

    /// A two-symbol read of a CDF made for the one read (split_or_horz, split_or_vert): symbol 1
    /// has the probability `probabilityOfOne` / 32768, and nothing is adapted.
    mutating func bit(probabilityOfOne: Int) -> Bool {
        let cur =
            (((range >> 8) * (probabilityOfOne >> Self.probabilityShift)) >> (7 - Self.probabilityShift))
            + Self.minimumProbability
        if value < cur {
            renormalize(range: cur, value: value)
            return true
        }
        renormalize(range: range - cur, value: value - cur)
        return false
    }

    /// read_literal(n): n even-odds bits, most significant first.
    mutating func literal(_ count: Int) -> Int {
        var x = 0
        for _ in 0..<count { x = 2 * x + (bool() ? 1 : 0) }
        return x
    }

    @inline(__always)
    private mutating func renormalize(range newRange: Int, value newValue: Int) {
        // 15 less floor(log2(newRange)): the shift that brings the range back to 16 bits.
        let bits = newRange > 1 ? 15 - (Int.bitWidth - 1 - newRange.leadingZeroBitCount) : 15
        range = newRange << bits
        let numBits = min(bits, max(0, maxBits))
        let newData = readBits(numBits)
        let padded = newData << (bits - numBits)
        value = padded ^ (((newValue + 1) << bits) - 1)
        maxBits -= bits
    }

    /// Whether the reads have run further past the tile's end than a conformant tile ever does
    /// (SymbolMaxBits only falls, and exit_symbol requires it to be -14 or more): a cut or
    /// crafted tile is refused then, so the work stays bounded by the data.
    var isOverrun: Bool { maxBits < -14 }

    /// exit_symbol's conformance: the tile's padding, after the last symbol's bits, is a one
    /// and zeros to the tile's end. A tile decoded with the wrong syntax almost never ends so.
    var isPaddingConformant: Bool {
        guard maxBits >= -14 else { return false }
        let trailing = bitPosition - min(15, maxBits + 15)
        guard trailing >= 0, trailing < bitEnd else { return false }
        func bit(_ p: Int) -> Int { Int(bytes[p >> 3] >> (7 - UInt8(p & 7))) & 1 }
        guard bit(trailing) == 1 else { return false }
        return (trailing + 1..<bitEnd).allSatisfy { bit($0) == 0 }
    }
}
