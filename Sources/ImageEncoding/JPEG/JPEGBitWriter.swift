extension JPEGEncoder {
    /// Entropy-coded bits, most significant first, a 0 stuffed after every 0xFF byte (T.81 F.1.2.3),
    /// padded with ones at the end.
    struct BitWriter {
        var bytes: [UInt8]
        private var buffer: UInt64 = 0
        private var count = 0

        init(reserving capacity: Int) {
            bytes = []
            bytes.reserveCapacity(capacity)
        }

        /// The low `length` bits of `value` (length ≤ 32; higher bits must be clear).
        @inline(__always)
        mutating func put(_ value: UInt32, _ length: Int) {
            buffer = buffer << UInt64(length) | UInt64(value)
            count += length
            if count >= 32 { drain() }
        }

        @inline(__always)
        private mutating func drain() {
            while count >= 8 {
                count -= 8
                let byte = UInt8(truncatingIfNeeded: buffer >> UInt64(count))
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0) }
            }
            buffer &= (1 << UInt64(count)) - 1
        }

        mutating func finish() -> [UInt8] {
            let pad = (8 - count % 8) % 8
            if pad > 0 { put((1 << UInt32(pad)) - 1, pad) }
            drain()
            return bytes
        }
    }
}
