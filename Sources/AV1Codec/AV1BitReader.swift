import ImageCore

/// Reads the header fields of AV1 OBUs (AV1 4.10, 8.1): f(n), su(n), ns(n), le(n), leb128()
/// and uvlc(), most significant bit first, over a range of a byte array. Every read is
/// bounds-checked: past the end it throws `truncated`, never traps.
struct AV1BitReader {
    let bytes: [UInt8]
    /// The bit position, counted from the array's start.
    private(set) var position: Int
    let end: Int
    /// Names the structure in errors ("in the AV1 sequence header").
    let section: String

    init(_ bytes: [UInt8], range: Range<Int>, section: String) {
        self.bytes = bytes
        let lower = max(0, min(range.lowerBound, bytes.count))
        position = lower * 8
        end = max(lower, min(range.upperBound, bytes.count)) * 8
        self.section = section
    }

    var bitsLeft: Int { end - position }
    /// The byte the next aligned read starts at.
    var byteOffset: Int { (position + 7) >> 3 }

    mutating func bit() throws(DecodeError) -> Int {
        guard position < end else { throw .truncated(section: section) }
        let value = Int(bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
        position += 1
        return value
    }

    mutating func flag() throws(DecodeError) -> Bool { try bit() == 1 }

    /// f(n): `count` bits (at most 32), most significant first.
    mutating func f(_ count: Int) throws(DecodeError) -> Int {
        precondition((0...32).contains(count), "at most 32 bits at once")
        guard count <= bitsLeft else { throw .truncated(section: section) }
        var value = 0
        for _ in 0..<count { value = value << 1 | (try bit()) }
        return value
    }

    /// su(n): an n-bit two's complement value.
    mutating func su(_ count: Int) throws(DecodeError) -> Int {
        let value = try f(count)
        let signMask = 1 << (count - 1)
        return value & signMask != 0 ? value - 2 * signMask : value
    }

    /// ns(n): a value below `n` in a code of ceil(log2 n) or one bit fewer.
    mutating func ns(_ n: Int) throws(DecodeError) -> Int {
        guard n > 1 else { return 0 }
        var w = 0
        var x = n
        while x != 0 {
            x >>= 1
            w += 1
        }
        let m = (1 << w) - n
        let v = try f(w - 1)
        if v < m { return v }
        return (v << 1) - m + (try bit())
    }

    /// uvlc(): a leading-zeros code; 32 or more zeros give the largest value, as the spec says.
    mutating func uvlc() throws(DecodeError) -> Int {
        var zeros = 0
        while try bit() == 0 {
            zeros += 1
            guard zeros < 40 else { throw .corrupt("uvlc code over 40 bits \(section)") }
        }
        if zeros >= 32 { return (1 << 32) - 1 }
        return (1 << zeros) - 1 + (try f(zeros))
    }

    /// byte_alignment(): skips to the next byte boundary.
    mutating func byteAlign() { position = min(end, (position + 7) & ~7) }

    /// le(n): an n-byte little-endian number, read at a byte boundary.
    mutating func le(_ count: Int) throws(DecodeError) -> Int {
        var value = 0
        for i in 0..<count { value |= try f(8) << (8 * i) }
        return value
    }

    /// leb128(): at most 8 bytes, and a value within 32 bits, as the spec requires.
    mutating func leb128() throws(DecodeError) -> Int {
        var value = 0
        for i in 0..<8 {
            let byte = try f(8)
            value |= (byte & 0x7F) << (7 * i)
            if byte & 0x80 == 0 {
                guard value <= Int(UInt32.max) else { throw .corrupt("leb128 value over 32 bits \(section)") }
                return value
            }
        }
        throw .corrupt("leb128 over 8 bytes \(section)")
    }
}
