extension JPEGEncoder {
    /// Where a scan's symbols go (SymbolRecorder: counted, to build its Huffman tables, and kept to be
    /// written). Slots 0 and 1 are the DC tables of luma and chroma, 2 and 3 the AC tables.
    protocol SymbolSink {
        mutating func symbol(_ slot: Int, _ symbol: Int)
        /// The low `count` bits of `value`, as they are (magnitudes, signs, correction bits).
        mutating func bits(_ value: Int, _ count: Int)
    }
}

extension JPEGEncoder {
    /// Counts symbols into 4 × 256 frequencies the caller owns, and keeps them, each with the bits
    /// after it, as one 32-bit entry, so the scan is walked once: its tables are built from the
    /// counts, then `replay` writes the entries (a second walk of the blocks cost more than the
    /// writing itself). An entry: bit 31
    /// set when it has a symbol, slot in bits 29–30, symbol in 21–28, the bits' count in 16–20 and
    /// their value in 0–15 (no JPEG field is longer: an EOB run's 14, a DC difference's 11).
    struct SymbolRecorder: SymbolSink {
        let frequencies: UnsafeMutablePointer<Int>
        var entries: [UInt32]
        /// The last entry is a symbol with no bits yet: the next bits join it.
        private var open = false

        init(frequencies: UnsafeMutablePointer<Int>, reserving capacity: Int) {
            self.frequencies = frequencies
            entries = []
            entries.reserveCapacity(capacity)
        }

        @inline(__always)
        mutating func symbol(_ slot: Int, _ symbol: Int) {
            frequencies[slot &* 256 &+ symbol] &+= 1
            entries.append(1 << 31 | UInt32(truncatingIfNeeded: slot << 29 | symbol << 21))
            open = true
        }

        @inline(__always)
        mutating func bits(_ value: Int, _ count: Int) {
            guard count > 0 else { return }
            let field = UInt32(truncatingIfNeeded: count << 16 | value & (1 << count - 1))
            if open {
                entries[entries.count - 1] |= field
                open = false
            } else {
                entries.append(field)
            }
        }

        /// Writes the entries with `table` (`code << 8 | length` for each slot × 256 symbols): a symbol's
        /// code and its bits go in one put (at most 16 + 16 bits).
        static func replay(_ entries: [UInt32], table: UnsafePointer<UInt64>, into writer: inout BitWriter) {
            entries.withUnsafeBufferPointer { list in
                for entry in list {
                    let count = Int(entry >> 16 & 0x1F)
                    let value = entry & 0xFFFF
                    if entry >> 31 == 0 {
                        writer.put(value, count)
                        continue
                    }
                    let code = table[Int(entry >> 21 & 0x3FF)]
                    let length = Int(code & 0xFF)
                    writer.put(UInt32(truncatingIfNeeded: code >> 8) << UInt32(count) | value, length + count)
                }
            }
        }
    }
}
