/// The VP8L bit stream (RFC 9649 section 3): least significant bit first.
///
/// Reading past the data yields zero bits instead of trapping, and `isPastEnd`
/// says so; decoders check it at row ends and at the end of every image
/// stream, so a truncated file is refused (as libwebp does: consuming more
/// bits than the chunk holds is an error, consuming exactly all is not).
/// The buffer must outlive the reader: it lives inside one
/// `withUnsafeBufferPointer` of the file's bytes.
struct VP8LBitReader {
    private let data: UnsafeBufferPointer<UInt8>
    /// Unconsumed bits, the next one in bit 0. Bits above `bitCount` may hold
    /// already-peeked data bytes (never anything else), so refilling may OR
    /// the same byte twice at the same place.
    private(set) var buffer: UInt64 = 0
    private(set) var bitCount = 0
    /// The next byte to load; may run past `data.count` (those bytes read as zero).
    private var nextByte = 0

    init(_ data: UnsafeBufferPointer<UInt8>) {
        self.data = data
    }

    /// True once more bits have been consumed than the data holds.
    var isPastEnd: Bool { nextByte * 8 - bitCount > data.count * 8 }

    /// Tops the buffer up to at least 56 bits.
    @inline(__always)
    mutating func refill() {
        if nextByte + 8 <= data.count, let base = data.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + nextByte).loadUnaligned(as: UInt64.self))
            buffer |= word << UInt64(bitCount)
            let taken = (63 - bitCount) >> 3
            nextByte += taken
            bitCount += taken << 3
        } else {
            refillNearEnd()
        }
    }

    private mutating func refillNearEnd() {
        while bitCount <= 56 {
            if nextByte < data.count {
                buffer |= UInt64(data[nextByte]) << UInt64(bitCount)
            }
            nextByte += 1
            bitCount += 8
        }
    }

    /// Reads `count` bits (at most 32), the first read in bit 0.
    @inline(__always)
    mutating func read(_ count: Int) -> Int {
        if bitCount < count { refill() }
        let value = Int(truncatingIfNeeded: buffer & ((1 << UInt64(count)) &- 1))
        buffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// Drops `count` bits already looked at through `buffer` (after `refill`).
    @inline(__always)
    mutating func skip(_ count: Int) {
        buffer >>= UInt64(count)
        bitCount -= count
    }

    /// Makes sure at least `count` bits (at most 56) can be looked at in `buffer`.
    @inline(__always)
    mutating func ensure(_ count: Int) {
        if bitCount < count { refill() }
    }
}
