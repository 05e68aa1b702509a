/// Where the r-th set bit of a 64-bit word is, without a loop. The masked refinement scan
/// (JPEGMaskedBlock) finds with it the zero coefficient a symbol's run ends on: a loop clearing `run`
/// bits took a mispredicted branch on most symbols, 3.7 million of the last luma scan's 5.4 million
/// (callgrind's branch simulation on the 12-MP bench photo), and baseline x86-64 has no pdep.
/// The answer is nearly always within 16 bits of where the search starts: a table gives each byte's
/// set-bit positions packed in nibbles, two bytes' lists are joined by one shift and the r-th nibble
/// read off. Further away, Vigna's broadword select (byte counts, their prefix sums by one multiply,
/// all eight bytes compared at once, then a table for the byte).
struct JPEGBitSelect {
    /// For each byte: its set-bit positions, lowest first, a nibble each in the low 32 bits (unused
    /// nibbles zero), and their count in the top nibble.
    private let positions: UnsafeMutablePointer<UInt64>
    /// For rank << 8 | byte: the position of the byte's rank-th set bit (rank from 0), 8 when it has fewer.
    private let inByte: UnsafeMutablePointer<UInt8>

    init() {
        positions = .allocate(capacity: 256)
        inByte = .allocate(capacity: 8 << 8)
        inByte.initialize(repeating: 8, count: 8 << 8)
        for byte in 0..<256 {
            var packed: UInt64 = 0, count = 0
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                packed |= UInt64(bit) << UInt64(4 * count)
                inByte[count << 8 | byte] = UInt8(bit)
                count += 1
            }
            positions[byte] = packed | UInt64(count) << 60
        }
    }

    func deallocate() {
        positions.deallocate()
        inByte.deallocate()
    }

    /// The position of the r-th set bit of `x` (r from 0, at most 15) when it is among the low 16 bits.
    @inline(__always) func nearby(_ x: UInt64, _ r: Int) -> Int? {
        let low = positions[Int(truncatingIfNeeded: x & 0xFF)]
        let high = positions[Int(truncatingIfNeeded: (x &>> 8) & 0xFF)]
        let lowCount = Int(truncatingIfNeeded: low &>> 60)
        guard r < lowCount &+ Int(truncatingIfNeeded: high &>> 60) else { return nil }
        // The second byte's positions, 8 added to each nibble, after the first byte's.
        let joined =
            (low & 0xFFFF_FFFF) | ((high & 0xFFFF_FFFF) &+ 0x8888_8888) &<< UInt64(truncatingIfNeeded: 4 &* lowCount)
        return Int(truncatingIfNeeded: (joined &>> UInt64(truncatingIfNeeded: 4 &* r)) & 0xF)
    }

    /// The position of the r-th set bit of `x` (r from 0, at most 127), nil when `x` has r bits or fewer.
    @inline(never)
    func broadword(_ x: UInt64, _ r: Int) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var counts = x &- ((x &>> 1) & 0x5555_5555_5555_5555)
        counts = (counts & 0x3333_3333_3333_3333) &+ ((counts &>> 2) & 0x3333_3333_3333_3333)
        counts = (counts &+ (counts &>> 4)) & 0x0F0F_0F0F_0F0F_0F0F
        // Byte i: the set bits of bytes 0...i (at most 64, so the compare below borrows across no byte).
        let sums = counts &* ones
        guard Int(truncatingIfNeeded: sums &>> 56) > r else { return nil }
        // The high bit of each byte whose sum is r or less: the bytes before the one holding the bit.
        let before = ((UInt64(truncatingIfNeeded: r) &* ones | highs) &- sums) & highs
        let place = Int(truncatingIfNeeded: ((before &>> 7) &* ones) &>> 56) &<< 3
        let rankBefore = Int(truncatingIfNeeded: ((sums &<< 8) &>> UInt64(truncatingIfNeeded: place)) & 0xFF)
        let byte = Int(truncatingIfNeeded: (x &>> UInt64(truncatingIfNeeded: place)) & 0xFF)
        return place &+ Int(inByte[((r &- rankBefore) & 7) &<< 8 | byte])
    }
}
