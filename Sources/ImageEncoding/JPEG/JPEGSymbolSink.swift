extension JPEGEncoder {
    /// Where a scan's symbols go: counted (to build its Huffman tables), then written. Slots 0 and 1
    /// are the DC tables of luma and chroma, 2 and 3 the AC tables.
    protocol SymbolSink {
        mutating func symbol(_ slot: Int, _ symbol: Int)
        /// The low `count` bits of `value`, as they are (magnitudes, signs, correction bits).
        mutating func bits(_ value: Int, _ count: Int)
    }

    /// Counts symbols into 4 × 256 frequencies the caller owns (a raw buffer: this is the inner loop).
    struct SymbolCounter: SymbolSink {
        let frequencies: UnsafeMutablePointer<Int>

        @inline(__always)
        mutating func symbol(_ slot: Int, _ symbol: Int) { frequencies[slot &* 256 &+ symbol] &+= 1 }

        @inline(__always)
        mutating func bits(_ value: Int, _ count: Int) {}
    }

    struct SymbolWriter: SymbolSink {
        var writer: BitWriter
        /// `code << 8 | length` for each slot × 256 symbols; the caller owns it.
        let table: UnsafePointer<UInt64>

        @inline(__always)
        mutating func symbol(_ slot: Int, _ symbol: Int) {
            let entry = table[slot &* 256 &+ symbol]
            writer.put(UInt32(truncatingIfNeeded: entry >> 8), Int(entry & 0xFF))
        }

        @inline(__always)
        mutating func bits(_ value: Int, _ count: Int) {
            if count > 0 { writer.put(UInt32(truncatingIfNeeded: value) & ((1 << UInt32(count)) - 1), count) }
        }
    }
}
