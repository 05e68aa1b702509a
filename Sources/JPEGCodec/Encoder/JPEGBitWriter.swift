extension JPEGEncoder {
    /// Entropy-coded bits, most significant first, a 0 stuffed after every 0xFF byte (T.81 F.1.2.3),
    /// padded with ones at the end. Bits gather in a 64-bit word that goes out whole, eight bytes in
    /// one store, when none of its bytes is 0xFF (nearly always), byte by byte with the stuffing
    /// otherwise: a byte at a time, each tested, was a tenth of the encoder's instructions.
    struct BitWriter {
        private var bytes: UnsafeMutablePointer<UInt8>
        private var count = 0
        private var capacity: Int
        private var buffer: UInt64 = 0
        /// Bits of `buffer` not yet filled (1...64).
        private var free = 64

        init(reserving capacity: Int) {
            self.capacity = max(capacity, 64)
            bytes = .allocate(capacity: self.capacity)
        }

        /// The low `length` bits of `value` (length ≤ 32; higher bits must be clear).
        @inline(__always)
        mutating func put(_ value: UInt32, _ length: Int) {
            let value = UInt64(value)
            if length < free {
                buffer = buffer &<< UInt64(length) | value
                free &-= length
                return
            }
            // Fill the word, send it, keep the rest of `value` (length − free bits, under 32; free is
            // at most 32 here, as length is).
            let rest = length &- free
            send(buffer &<< UInt64(free) | value &>> UInt64(rest))
            buffer = value & ((1 &<< UInt64(rest)) &- 1)
            free = 64 &- rest
        }

        @inline(__always)
        private mutating func send(_ word: UInt64) {
            if capacity &- count < 16 { grow() }
            // A byte is 0xFF when the same byte of ~word is 0 (the usual has-a-zero-byte test).
            let inverse = ~word
            if (inverse &- 0x0101_0101_0101_0101) & ~inverse & 0x8080_8080_8080_8080 == 0 {
                UnsafeMutableRawPointer(bytes + count).storeBytes(of: word.bigEndian, as: UInt64.self)
                count &+= 8
                return
            }
            for shift in stride(from: 56, through: 0, by: -8) {
                stuff(UInt8(truncatingIfNeeded: word &>> UInt64(shift)))
            }
        }

        /// One byte of entropy-coded data, a 0 after it when it is 0xFF (T.81 B.1.1.5); room for two
        /// is made by the caller.
        @inline(__always)
        private mutating func stuff(_ byte: UInt8) {
            bytes[count] = byte
            count &+= 1
            if byte == 0xFF {
                bytes[count] = 0
                count &+= 1
            }
        }

        private mutating func grow() {
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: bytes, count: count)
            bytes.deallocate()
            bytes = bigger
            capacity *= 2
        }

        /// The bytes, the last one padded with ones; frees the writer's buffer (not used after).
        mutating func finish() -> [UInt8] {
            let filled = 64 - free
            let pad = (8 - filled % 8) % 8
            if pad > 0 { put((1 << UInt32(pad)) - 1, pad) }
            if capacity - count < 16 { grow() }
            var left = 64 - free
            while left > 0 {
                left -= 8
                stuff(UInt8(truncatingIfNeeded: buffer >> UInt64(left)))
            }
            let out = Array(UnsafeBufferPointer(start: bytes, count: count))
            bytes.deallocate()
            return out
        }
    }
}
