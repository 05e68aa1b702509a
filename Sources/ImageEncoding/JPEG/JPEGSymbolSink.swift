extension JPEGEncoder {
    /// Where a scan's symbols go: counted (to build its Huffman tables), then written. Slots 0 and 1
    /// are the DC tables of luma and chroma, 2 and 3 the AC tables.
    protocol SymbolSink {
        mutating func symbol(_ slot: Int, _ symbol: Int)
        /// The low `count` bits of `value`, as they are (magnitudes, signs, correction bits).
        mutating func bits(_ value: Int, _ count: Int)
    }

    struct SymbolCounter: SymbolSink {
        var frequencies = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 4)

        @inline(__always)
        mutating func symbol(_ slot: Int, _ symbol: Int) { frequencies[slot][symbol] += 1 }

        @inline(__always)
        mutating func bits(_ value: Int, _ count: Int) {}
    }

    struct SymbolWriter: SymbolSink {
        var writer: BitWriter
        /// `code << 8 | length` for each slot × 256 symbols.
        let table: [UInt64]

        init(codes: [HuffmanCode?], reserving capacity: Int) {
            writer = BitWriter(reserving: capacity)
            var table = [UInt64](repeating: 0, count: 4 * 256)
            for (slot, code) in codes.enumerated() {
                guard let code else { continue }
                for s in 0..<256 { table[slot * 256 + s] = UInt64(code.codes[s]) << 8 | UInt64(code.lengths[s]) }
            }
            self.table = table
        }

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
