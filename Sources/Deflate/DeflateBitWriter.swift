/// Deflate's output: bits least significant first, into a growing byte array.
struct DeflateBitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(reserving capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `bits` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: UInt32, _ bits: Int) {
        buffer |= UInt64(value) &<< UInt64(count)
        count &+= bits
        if count >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            buffer >>= 32
            count -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and empties the buffer.
    mutating func alignToByte() {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count = max(0, count - 8)
        }
        buffer = 0
    }

    /// Appends whole bytes (after `alignToByte`).
    mutating func append(_ more: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Bits written so far.
    var bitCount: Int { bytes.count * 8 + count }
}
