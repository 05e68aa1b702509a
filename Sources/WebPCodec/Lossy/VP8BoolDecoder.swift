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
    /// Loaded bits; the current 8-bit window is `value >> (bits - pendingShift)`.
    private var value: UInt64 = 0
    /// How many loaded bits lie below the window before the pending renormalisation (negative
    /// after it: more must be loaded).
    private var bits = -8
    /// The range the last decision left (1...255), not yet renormalised: the shift that brings
    /// it back to 128...255 is applied by the next decision, in parallel with its multiply
    /// (see `readBitUnchecked`), which takes three of ten cycles off the chain from one
    /// decision to the next.
    private var range: UInt32 = 255
    private(set) var isPastEnd = false

    init(_ data: UnsafeBufferPointer<UInt8>) {
        base = data.baseAddress
        count = data.count
        loadSlowly()
    }

    /// Loads seven bytes at once, most significant first, while eight remain.
    @inline(__always)
    private mutating func load() {
        if let base, position + 8 <= count {
            let word = UInt64(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            value = value &<< 56 | word &>> 8
            position += 7
            bits += 56
        } else {
            loadSlowly()
        }
    }

    /// The last bytes one at a time, then zeros.
    private mutating func loadSlowly() {
        if let base, position < count {
            value = value &<< 8 | UInt64(base[position])
            position += 1
            bits += 8
        } else {
            value &<<= 8
            bits += 8
            isPastEnd = true
        }
    }

    /// Bits below the window `refillAhead` leaves: the pending renormalisation and three
    /// decisions (at most 7 bits each, as a range of 1 renormalises by 7) before a sign, a
    /// coefficient position's common reading.
    static let aheadBits = 28

    /// Whether at least `bytes` bytes are left to load (`refillAhead` may then read them).
    @inline(__always)
    func hasBytesLeft(_ bytes: Int) -> Bool { base != nil && count &- position >= bytes }

    /// Loads bytes until at least `aheadBits` bits lie below the window, so that the decisions
    /// after it need no check of their own (`readBitUnchecked`, `applySignUnchecked`). It reads
    /// eight bytes from the current position: only where `hasBytesLeft` has promised them, and
    /// it loads as many of them as the 64-bit value holds (the window stays within it).
    @inline(__always)
    mutating func refillAhead() {
        if bits < Self.aheadBits {
            let bytes = (56 &- bits) &>> 3  // 4...7: at most 56 bits below the window
            let loaded = UInt64(truncatingIfNeeded: 8 &* bytes)
            let source = UnsafeRawPointer(base.unsafelyUnwrapped + position)
            value = value &<< loaded | UInt64(bigEndian: source.loadUnaligned(as: UInt64.self)) &>> (64 &- loaded)
            position &+= bytes
            bits &+= 8 &* bytes
        }
    }

    /// The shift that brings the range back to 128...255 (`| 1` tells the compiler it is not 0).
    @inline(__always)
    private var pendingShift: Int { 7 ^ (31 &- (range | 1).leadingZeroBitCount) }

    /// One decision whose probability of being 0 is `probability`/256:
    /// split = 1 + (range - 1) * probability / 256 (RFC 6386 section 7.3).
    @inline(__always)
    mutating func readBit(_ probability: Int) -> Bool {
        if bits &- pendingShift < 0 { load() }
        return readBitUnchecked(probability)
    }

    /// `readBit` where the window is known to be loaded (`bits - pendingShift` not negative).
    /// The range renormalised is r = range << shift, and the split minus one (r - 1) * p >> 8,
    /// computed as ((range * p) << shift - p) >> 8: the multiply need not wait for the shift.
    @inline(__always)
    mutating func readBitUnchecked(_ probability: Int) -> Bool {
        let shift = pendingShift
        let p = UInt32(truncatingIfNeeded: probability)
        let split = ((range &* p) &<< UInt32(truncatingIfNeeded: shift) &- p) &>> 8  // the split minus one
        bits &-= shift
        let position = UInt64(truncatingIfNeeded: bits)
        let window = UInt32(truncatingIfNeeded: value &>> position)
        let bit = window > split
        if bit {
            range = (range &<< UInt32(truncatingIfNeeded: shift)) &- 1 &- split
            value &-= UInt64(split &+ 1) &<< position
        } else {
            range = split &+ 1
        }
        return bit
    }

    /// `magnitude` with a sign read at probability one half, without a
    /// branch (signs are a coin toss for the branch predictor). Exact as
    /// libwebp's VP8GetSigned: after any decision the range is at most 254,
    /// so a half split always leaves a range that one shift renormalises.
    @inline(__always)
    mutating func applySign(_ magnitude: Int) -> Int {
        if bits &- pendingShift < 0 { load() }
        return applySignUnchecked(magnitude)
    }

    /// `applySign` where the window is known to be loaded (`bits - pendingShift` not negative).
    @inline(__always)
    mutating func applySignUnchecked(_ magnitude: Int) -> Int {
        let shift = pendingShift
        bits &-= shift
        let rangeMinusOne = (range &<< UInt32(truncatingIfNeeded: shift)) &- 1
        let position = UInt64(truncatingIfNeeded: bits)
        let split = rangeMinusOne &>> 1
        let window = UInt32(truncatingIfNeeded: value &>> position)
        let negative = UInt32(bitPattern: Int32(bitPattern: split &- window) &>> 31)  // all ones when 1
        bits &-= 1
        range = ((rangeMinusOne &+ negative) | 1) &+ 1  // 128...254: renormalised already
        value &-= UInt64((split &+ 1) & negative) &<< position
        let mask = Int(Int32(bitPattern: negative))
        return (magnitude ^ mask) &- mask
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
