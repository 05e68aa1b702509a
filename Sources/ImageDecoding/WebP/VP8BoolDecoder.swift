/// The boolean entropy decoder of RFC 6386 section 7.
///
/// Past the end of its data it reads zero bytes, as libwebp does, and sets
/// `isPastEnd` the first time the decoding window has to reach beyond the
/// data. A valid stream never gets there; the decoder refuses the frame when
/// it has (checked after the header, after each row of modes and after each
/// macroblock's coefficients, exactly where libwebp checks), so the garbage
/// read meanwhile is bounded by one row of modes or one macroblock.
struct VP8BoolDecoder {
    private let base: UnsafePointer<UInt8>?
    private let count: Int
    private var position = 0
    /// Loaded bits; the current 8-bit window is `value >> bits`.
    private var value: UInt64 = 0
    /// How many loaded bits lie below the window (negative: more must be loaded).
    private var bits = -8
    /// The current range, 128...255 between decisions.
    private var range: UInt32 = 255
    private(set) var isPastEnd = false

    init(_ data: UnsafeBufferPointer<UInt8>) {
        base = data.baseAddress
        count = data.count
        load()
    }

    private mutating func load() {
        if let base, position + 8 <= count {
            // Seven bytes at once, most significant first.
            let word = UInt64(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            value = value << 56 | word >> 8
            position += 7
            bits += 56
        } else if let base, position < count {
            value = value << 8 | UInt64(base[position])
            position += 1
            bits += 8
        } else {
            value <<= 8
            bits += 8
            isPastEnd = true
        }
    }

    /// One decision whose probability of being 0 is `probability`/256.
    @inline(__always)
    mutating func readBit(_ probability: Int) -> Bool {
        if bits < 0 { load() }
        let split = 1 &+ (((range &- 1) &* UInt32(truncatingIfNeeded: probability)) >> 8)
        let window = UInt32(truncatingIfNeeded: value >> UInt64(bits))
        let bit = window >= split
        if bit {
            range &-= split
            value &-= UInt64(split) << UInt64(bits)
        } else {
            range = split
        }
        let shift = range.leadingZeroBitCount &- 24
        range <<= UInt32(shift)
        bits &-= shift
        return bit
    }

    /// `bit` as 0 or 1, for building values.
    @inline(__always)
    mutating func read(_ probability: Int) -> Int { readBit(probability) ? 1 : 0 }

    /// An unsigned `count`-bit literal, most significant bit first, each at probability one half.
    mutating func readLiteral(_ count: Int) -> Int {
        var result = 0
        for _ in 0..<count { result = result << 1 | read(128) }
        return result
    }

    /// A `count`-bit magnitude followed by a sign bit.
    mutating func readSigned(_ count: Int) -> Int {
        let magnitude = readLiteral(count)
        return readBit(128) ? -magnitude : magnitude
    }

    /// A flag at probability one half.
    mutating func readFlag() -> Bool { readBit(128) }
}
