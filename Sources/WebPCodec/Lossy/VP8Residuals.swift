/// Reads a macroblock's DCT/WHT coefficient levels from its token partition
/// (RFC 6386 section 13) and keeps the "has non-zero coefficients" contexts
/// of the blocks above and to the left.
struct VP8Residuals {
    /// The probability band of each coefficient position (one extra entry, never used to read).
    static let bands: [Int] = [0, 1, 2, 3, 6, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 0]
    /// The extra bits' probabilities of token categories 3 to 6.
    private static let categoryProbabilities: [[Int]] = [
        [173, 148, 140],
        [176, 155, 140, 135],
        [180, 157, 141, 134, 130],
        [254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129],
    ]
    /// Block types, indexing the probability tables.
    static let typeY16AC = 0, typeY2 = 1, typeChroma = 2, typeY4 = 3

    /// The bands as raw memory, for the token loop: each position's band times 33 (the
    /// probabilities of one band), then each block's context bit positions.
    private final class Lookup {
        let table = UnsafeMutablePointer<Int>.allocate(capacity: 17 + 48)
        init() {
            for i in 0..<17 { table[i] = VP8Residuals.bands[i] * 33 }
            // Each block's bit in the above and left context bytes: luma
            // columns and rows 0-3, U 4-5, V 6-7.
            for block in 0..<24 {
                let (above, left): (Int, Int)
                if block < 16 {
                    (above, left) = (block & 3, block >> 2)
                } else {
                    let plane = (block - 16) >> 2
                    (above, left) = (4 + 2 * plane + (block & 1), 4 + 2 * plane + ((block >> 1) & 1))
                }
                table[17 + 2 * block] = above
                table[17 + 2 * block + 1] = left
            }
        }
        deinit { table.deallocate() }
    }
    private let lookup = Lookup()

    /// Per macroblock column: bits 0-3 the four luma columns, 4-5 U, 6-7 V.
    private var above: [UInt8]
    private var aboveY2: [UInt8]
    /// The same for the macroblock to the left: bits 0-3 luma rows, 4-5 U, 6-7 V.
    private var left: UInt8 = 0
    private var leftY2: UInt8 = 0

    init(macroblockColumns: Int) {
        above = [UInt8](repeating: 0, count: macroblockColumns)
        aboveY2 = [UInt8](repeating: 0, count: macroblockColumns)
    }

    mutating func startRow() {
        left = 0
        leftY2 = 0
    }

    /// A skipped macroblock has no coefficients; its Y2 context survives when it has no Y2 block.
    mutating func skip(column: Int, isSubblockCoded: Bool) {
        above[column] = 0
        left = 0
        if !isSubblockCoded {
            aboveY2[column] = 0
            leftY2 = 0
        }
    }

    /// Reads the 25 (or 24) blocks' levels into `levels` (400 values, already zero: 16 luma,
    /// 4 U and 4 V blocks of 16, then the Y2 block), each block in zigzag order and not yet
    /// dequantised, and each block's end (one past its last non-zero position) into `ends`
    /// (25 bytes). Only the decisions are made here: the thread that reads tokens sets a large
    /// picture's pace, so dequantising, reordering and the Y2 transform wait for the thread that
    /// rebuilds (`VP8Dequantisation`).
    mutating func read(
        column: Int, isSubblockCoded: Bool, probabilities: UnsafePointer<UInt8>,
        from decoder: inout VP8BoolDecoder, levels: UnsafeMutablePointer<Int16>, ends: UnsafeMutablePointer<UInt8>
    ) {
        var bool = decoder  // a local copy stays in registers through the token loop
        defer { decoder = bool }
        let bandOffsets = lookup.table
        var first = 0
        var lumaType = Self.typeY4
        if !isSubblockCoded {
            let context = Int(aboveY2[column] + leftY2)
            let y2Probabilities = probabilities + Self.typeY2 * 264
            let end = Self.readBlock(
                &bool, y2Probabilities, context: context,
                firstProbabilities: Self.firstProbabilities(y2Probabilities + bandOffsets[0]), first: 0,
                into: levels + 384, bandOffsets)
            ends[24] = UInt8(truncatingIfNeeded: end)
            let flag: UInt8 = end > 0 ? 1 : 0
            aboveY2[column] = flag
            leftY2 = flag
            first = 1
            lumaType = Self.typeY16AC
        }
        var aboveBits = above[column]
        var leftBits = left
        let lumaProbabilities = probabilities + lumaType * 264
        let chromaProbabilities = probabilities + Self.typeChroma * 264
        let lumaFirst = Self.firstProbabilities(lumaProbabilities + bandOffsets[first])
        let chromaFirst = Self.firstProbabilities(chromaProbabilities + bandOffsets[0])
        let contextBits = lookup.table + 17
        // One loop over the 16 luma then 8 chroma blocks, so the token reader
        // is inlined once. A block's context bits (above and left) are the
        // results of the blocks above it and before it, updated as they are read.
        // Masking shifts (`&>>`, `&<<`): the positions are 0...7, and Swift's plain shifts by an
        // Int branch for negative and oversized amounts, which cost more than the rest of the loop.
        for block in 0..<24 {
            let isLuma = block < 16
            let aboveBit = UInt8(truncatingIfNeeded: contextBits[2 * block])
            let leftBit = UInt8(truncatingIfNeeded: contextBits[2 * block + 1])
            let context = Int((aboveBits &>> aboveBit) & 1 &+ (leftBits &>> leftBit) & 1)
            let start = isLuma ? first : 0
            let end = Self.readBlock(
                &bool, isLuma ? lumaProbabilities : chromaProbabilities, context: context,
                firstProbabilities: isLuma ? lumaFirst : chromaFirst, first: start, into: levels + 16 * block,
                bandOffsets)
            ends[block] = UInt8(truncatingIfNeeded: end)
            let hasCoefficients: UInt8 = end > start ? 1 : 0
            aboveBits = aboveBits & ~(1 &<< aboveBit) | hasCoefficients &<< aboveBit
            leftBits = leftBits & ~(1 &<< leftBit) | hasCoefficients &<< leftBit
        }
        above[column] = aboveBits
        left = leftBits
    }

    /// The probability of a block's first decision (end of block at its first position) in each
    /// context, 0 to 2, a byte each: known before the context is, so that the first decision
    /// need not wait for a load that waits for the blocks before.
    @inline(__always)
    private static func firstProbabilities(_ band: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(band[0]) | UInt32(band[11]) &<< 8 | UInt32(band[22]) &<< 16
    }

    /// The most bytes one block's tokens can take, and the eight `refillAhead` reads at once:
    /// 16 positions of at most 19 decisions (end of block, zero, one, four of the large-value
    /// tree, 11 extra bits, sign) of at most 7 bits, 266 bytes, plus 7 loaded ahead.
    static let blockBytesBound = 266 + 7 + 8

    /// Reads one block's tokens from position `first`, their levels into `out` in zigzag order;
    /// returns one past the last non-zero position read (0 when the block ends at once).
    /// Far from the partition's end (`blockBytesBound`) one refill a position, before its
    /// common decisions (end of block, zero, one, sign), takes the place of a check at each;
    /// the rare large values keep theirs. The decisions are the same either way, and the
    /// last blocks of a partition read as before, so it ends where it did (`isPastEnd`).
    @inline(__always)
    static func readBlock(
        _ bool: inout VP8BoolDecoder, _ probabilities: UnsafePointer<UInt8>, context: Int,
        firstProbabilities: UInt32, first: Int, into out: UnsafeMutablePointer<Int16>,
        _ bandOffset: UnsafePointer<Int>
    ) -> Int {
        // The decoder goes to the functions apart by value, never by reference, so that its
        // state can stay in registers through the loop.
        guard bool.hasBytesLeft(blockBytesBound) else {
            let (end, after) = readBlockNearEnd(
                bool, probabilities, context: context, first: first, into: out, bandOffset)
            bool = after
            return end
        }
        var n = first
        var p = probabilities + bandOffset[n] + context * 11
        var endProbability = Int((firstProbabilities &>> UInt32(truncatingIfNeeded: 8 &* context)) & 0xFF)
        while n < 16 {
            bool.refillAhead()
            if !bool.readBitUnchecked(endProbability) { return n }  // end of block
            while !bool.readBitUnchecked(Int(p[1])) {  // a zero
                n += 1
                if n == 16 { return 16 }
                p = probabilities + bandOffset[n]
                bool.refillAhead()
            }
            let value: Int
            let nextContext: Int
            if !bool.readBitUnchecked(Int(p[2])) {
                value = bool.applySignUnchecked(1)
                nextContext = 1
            } else {
                let (magnitude, after) = largeValue(bool, p)
                bool = after
                value = bool.applySign(magnitude)
                nextContext = 2
            }
            out[n] = Int16(truncatingIfNeeded: value)
            n += 1
            p = probabilities + bandOffset[n] + nextContext * 11
            endProbability = Int(p[0])
        }
        return 16
    }

    /// `readBlock` with a check before each decision, for the last bytes of a partition.
    @inline(never)
    private static func readBlockNearEnd(
        _ decoder: VP8BoolDecoder, _ probabilities: UnsafePointer<UInt8>, context: Int,
        first: Int, into out: UnsafeMutablePointer<Int16>, _ bandOffset: UnsafePointer<Int>
    ) -> (Int, VP8BoolDecoder) {
        var bool = decoder
        let end = readBlockChecked(&bool, probabilities, context: context, first: first, into: out, bandOffset)
        return (end, bool)
    }

    @inline(__always)
    private static func readBlockChecked(
        _ bool: inout VP8BoolDecoder, _ probabilities: UnsafePointer<UInt8>, context: Int,
        first: Int, into out: UnsafeMutablePointer<Int16>, _ bandOffset: UnsafePointer<Int>
    ) -> Int {
        var n = first
        var p = probabilities + bandOffset[n] + context * 11
        while n < 16 {
            if !bool.readBit(Int(p[0])) { return n }  // end of block
            while !bool.readBit(Int(p[1])) {  // a zero
                n += 1
                if n == 16 { return 16 }
                p = probabilities + bandOffset[n]
            }
            let magnitude: Int
            let nextContext: Int
            if !bool.readBit(Int(p[2])) {
                magnitude = 1
                nextContext = 1
            } else {
                magnitude = largeMagnitude(&bool, p)
                nextContext = 2
            }
            out[n] = Int16(truncatingIfNeeded: bool.applySign(magnitude))
            n += 1
            p = probabilities + bandOffset[n] + nextContext * 11
        }
        return 16
    }

    /// `largeMagnitude` apart from the token loop, the decoder by value.
    @inline(never)
    private static func largeValue(
        _ decoder: VP8BoolDecoder, _ p: UnsafePointer<UInt8>
    ) -> (Int, VP8BoolDecoder) {
        var bool = decoder
        let magnitude = largeMagnitude(&bool, p)
        return (magnitude, bool)
    }

    /// Tokens above one (RFC 6386 section 13.2): 2, 3, 4, then categories 1 to 6 with extra bits.
    @inline(__always)
    private static func largeMagnitude(_ bool: inout VP8BoolDecoder, _ p: UnsafePointer<UInt8>) -> Int {
        if !bool.readBit(Int(p[3])) {
            if !bool.readBit(Int(p[4])) { return 2 }
            return 3 + bool.read(Int(p[5]))
        }
        if !bool.readBit(Int(p[6])) {
            if !bool.readBit(Int(p[7])) { return 5 + bool.read(159) }  // category 1: 5-6
            return 7 + 2 * bool.read(165) + bool.read(145)  // category 2: 7-10
        }
        let high = bool.read(Int(p[8]))
        let category = 2 * high + bool.read(Int(p[9 + high]))  // categories 3 to 6
        var extra = 0
        for probability in categoryProbabilities[category] { extra = extra << 1 | bool.read(probability) }
        return 3 + (8 << category) + extra
    }
}
