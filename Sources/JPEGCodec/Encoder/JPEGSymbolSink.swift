extension JPEGEncoder {
    /// Where a scan's symbols go (SymbolRecorder: counted, to build its Huffman tables, and kept to be
    /// written). Slots 0 and 1 are the DC tables of luma and chroma, 2 and 3 the AC tables.
    protocol SymbolSink {
        mutating func symbol(_ slot: Int, _ symbol: Int)
        /// The low `count` bits of `value`, as they are (magnitudes, signs, correction bits).
        mutating func bits(_ value: Int, _ count: Int)
        /// `symbol` then `bits` (count ≤ 16), in one step: most symbols come with their bits.
        mutating func symbol(_ slot: Int, _ symbol: Int, bits value: Int, _ count: Int)
    }
}

extension JPEGEncoder {
    /// Counts symbols into 4 × 256 frequencies the caller owns, and the bits after them, keeping
    /// nothing: what a scan would cost, for choosing between scans (ScanSearch).
    struct SymbolCounter: SymbolSink {
        let frequencies: UnsafeMutablePointer<Int>
        private(set) var valueBits = 0

        init(frequencies: UnsafeMutablePointer<Int>) { self.frequencies = frequencies }

        @inline(__always)
        mutating func symbol(_ slot: Int, _ symbol: Int) { frequencies[slot &* 256 &+ symbol] &+= 1 }

        @inline(__always)
        mutating func bits(_ value: Int, _ count: Int) { valueBits &+= count }

        @inline(__always)
        mutating func symbol(_ slot: Int, _ symbol: Int, bits value: Int, _ count: Int) {
            frequencies[slot &* 256 &+ symbol] &+= 1
            valueBits &+= count
        }
    }
}

extension JPEGEncoder {
    /// Counts symbols into 4 × 256 frequencies the caller owns, and keeps them, each with the bits
    /// after it, as one 32-bit entry, so the scan is walked once: its tables are built from the
    /// counts, then `replay` writes the entries (a second walk of the blocks cost more than the
    /// writing itself). An entry: bit 31 set when it has a symbol, slot in bits 29–30, symbol in
    /// 21–28, the bits' count in 16–20 and their value in 0–15 (no JPEG field is longer: an EOB
    /// run's 14, a DC difference's 11). Bits that come one by one (refinement scans' correction
    /// bits, a DC refinement's bit a block) join the entry before them while it has room for 16, so
    /// a refinement scan keeps and replays a few entries a block, not one a bit.
    /// The entries live in a buffer it owns (`release` frees it), grown by doubling.
    struct SymbolRecorder: SymbolSink {
        let frequencies: UnsafeMutablePointer<Int>
        private(set) var entries: UnsafeMutablePointer<UInt32>
        private(set) var count = 0
        private var capacity: Int
        /// The last entry's bits can still grow (to 16): it is a symbol or bits, not yet full.
        private var open = false
        private var openCount = 0

        init(frequencies: UnsafeMutablePointer<Int>, reserving capacity: Int) {
            self.frequencies = frequencies
            self.capacity = max(capacity, 64)
            entries = .allocate(capacity: self.capacity)
        }

        func release() { entries.deallocate() }

        @inline(__always)
        private mutating func append(_ entry: UInt32) {
            if count == capacity { grow() }
            entries[count] = entry
            count &+= 1
        }

        private mutating func grow() {
            let bigger = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = bigger
            capacity *= 2
        }

        @inline(__always)
        mutating func symbol(_ slot: Int, _ symbol: Int) {
            frequencies[slot &* 256 &+ symbol] &+= 1
            append(1 << 31 | UInt32(truncatingIfNeeded: slot << 29 | symbol << 21))
            open = true
            openCount = 0
        }

        /// The entry `symbol` then `bits` would leave: the symbol's, with the bits joined.
        @inline(__always)
        mutating func symbol(_ slot: Int, _ symbol: Int, bits value: Int, _ count: Int) {
            frequencies[slot &* 256 &+ symbol] &+= 1
            let field = UInt32(truncatingIfNeeded: value & (1 << count - 1))
            append(1 << 31 | UInt32(truncatingIfNeeded: slot << 29 | symbol << 21 | count << 16) | field)
            open = true
            openCount = count
        }

        @inline(__always)
        mutating func bits(_ value: Int, _ count: Int) {
            guard count > 0 else { return }
            let field = UInt32(truncatingIfNeeded: value & (1 << count - 1))
            if open && openCount &+ count <= 16 {
                let last = entries[self.count &- 1]
                let total = openCount &+ count
                entries[self.count &- 1] =
                    last & 0xFFE0_0000 | UInt32(truncatingIfNeeded: total << 16)
                    | (last & 0xFFFF) << UInt32(truncatingIfNeeded: count) | field
                openCount = total
            } else {
                append(UInt32(truncatingIfNeeded: count << 16) | field)
                open = true
                openCount = count
            }
        }

        /// Writes the entries with `table` (`code << 8 | length` for each slot × 256 symbols): a symbol's
        /// code and its bits go in one put (at most 16 + 16 bits).
        func replay(table: UnsafePointer<UInt64>, into writer: inout BitWriter) {
            for i in 0..<count {
                let entry = entries[i]
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
