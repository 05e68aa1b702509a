extension JPEGEncoder {
    /// A Huffman table made for the symbols one scan actually codes (what `cjpeg -optimize` does):
    /// code lengths from the frequencies by T.81 Annex K.2, limited to 16 bits by K.3's procedure,
    /// with one reserved longest code so no code is all ones.
    struct HuffmanCode {
        /// BITS: how many codes of each length 1...16.
        var counts: [UInt8]
        /// HUFFVAL: the symbols, shortest codes first.
        var symbols: [UInt8]
        /// Code and length for each symbol (length 0: the symbol never occurs).
        var codes: [UInt32]
        var lengths: [UInt8]

        init(frequencies: [Int]) {
            precondition(frequencies.count == 256)
            let (bits, order) = frequencies.withUnsafeBufferPointer { Self.limitedLengths($0.baseAddress!) }
            counts = (1...16).map { UInt8(bits[$0]) }
            symbols = order.map { UInt8($0) }
            codes = [UInt32](repeating: 0, count: 256)
            lengths = [UInt8](repeating: 0, count: 256)
            var code: UInt32 = 0
            var k = 0
            for length in 1...16 {
                for _ in 0..<bits[length] {
                    codes[order[k]] = code
                    lengths[order[k]] = UInt8(length)
                    code += 1
                    k += 1
                }
                code <<= 1
            }
        }

        /// What a table made from these 256 frequencies costs, without making it: the bits of the
        /// codes the symbols get (Σ frequency × length) and the table's bytes in a DHT (its class
        /// and id, BITS and HUFFVAL; none when no symbol occurs). The lengths are the ones `init`
        /// hands out, so the cost is exact.
        static func cost(_ frequencies: UnsafePointer<Int>) -> (codeBits: Int, tableBytes: Int) {
            guard (0..<256).contains(where: { frequencies[$0] > 0 }) else { return (0, 0) }
            let (bits, order) = limitedLengths(frequencies)
            var total = 0, k = 0
            for length in 1...16 {
                for _ in 0..<bits[length] {
                    total += frequencies[order[k]] * length
                    k += 1
                }
            }
            return (total, 17 + order.count)
        }

        /// How many codes of each length (`bits[1...16]`, the reserved code dropped) and the symbols in
        /// the order they take them: K.2's sizes, K.3's limit to 16 bits.
        private static func limitedLengths(_ frequencies: UnsafePointer<Int>) -> (bits: [Int], order: [Int]) {
            let used = (0..<256).filter { frequencies[$0] > 0 }
            // The sizes of the symbols that occur, in symbol order, then the reserved code's.
            let sizes = codeSizes(used.map { frequencies[$0] })
            var bits = [Int](repeating: 0, count: 64)
            for size in sizes where size > 0 { bits[size] += 1 }
            // K.3: no code longer than 16 bits.
            var i = 63
            while i > 16 {
                while bits[i] > 0 {
                    var j = i - 2
                    while bits[j] == 0 { j -= 1 }
                    bits[i] -= 2
                    bits[i - 1] += 1
                    bits[j + 1] += 2
                    bits[j] -= 1
                }
                i -= 1
            }
            // Drop the reserved code (the longest).
            i = 16
            while bits[i] == 0 { i -= 1 }
            bits[i] -= 1
            // Shortest first; within a length the more frequent first, so the lengths K.3 hands out
            // in this order never give a rarer symbol the shorter code.
            let order = used.indices.sorted {
                (sizes[$0], -frequencies[used[$0]], used[$0]) < (sizes[$1], -frequencies[used[$1]], used[$1])
            }.map { used[$0] }
            return (bits, order)
        }

        /// K.2: unlimited code sizes of the symbols that occur (their frequencies, in symbol order) and,
        /// last (one more entry), the reserved one with frequency 1. Joins the two least frequent trees (the later
        /// index on ties, as the annex's search does), each time lengthening every symbol below them.
        /// Over the symbols that occur only (the annex walks all 257): the same sizes, as leaving out
        /// the zeros keeps the order the ties are broken by.
        static func codeSizes(_ frequencies: [Int]) -> [Int] {
            var freq = frequencies + [1]
            let n = freq.count
            var size = [Int](repeating: 0, count: n)
            var others = [Int](repeating: -1, count: n)
            while true {
                var c1 = -1, c2 = -1
                for i in 0..<n where freq[i] > 0 {
                    if c1 < 0 || freq[i] <= freq[c1] { c1 = i }
                }
                for i in 0..<n where freq[i] > 0 && i != c1 {
                    if c2 < 0 || freq[i] <= freq[c2] { c2 = i }
                }
                if c2 < 0 { break }
                freq[c1] += freq[c2]
                freq[c2] = 0
                size[c1] += 1
                while others[c1] >= 0 {
                    c1 = others[c1]
                    size[c1] += 1
                }
                others[c1] = c2
                size[c2] += 1
                while others[c2] >= 0 {
                    c2 = others[c2]
                    size[c2] += 1
                }
            }
            return size
        }
    }
}
