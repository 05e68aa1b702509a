import Foundation

/// Builds JPEG files byte by byte for the tests: segments, and entropy-coded data from
/// symbols through a canonical Huffman code, so a test states exactly what a file holds.
struct JPEGTestFile {
    var bytes: [UInt8] = [0xFF, 0xD8]

    /// One table from code counts per length and symbols, as a DHT segment holds it.
    struct Table {
        var counts: [UInt8]
        var symbols: [UInt8]

        /// Every symbol gets a 4-bit code: 0000, 0001, … (at most 15, so never all ones).
        static func fourBit(_ symbols: [UInt8]) -> Table {
            var counts = [UInt8](repeating: 0, count: 16)
            counts[3] = UInt8(symbols.count)
            return Table(counts: counts, symbols: symbols)
        }

        /// DC categories 0...11, four bits each.
        static let dc = fourBit(Array(0...11))
        /// EOB, ZRL, a few run/size pairs, and the end-of-band runs EOB1...EOB14, four or five bits each.
        static let ac: Table = {
            var counts = [UInt8](repeating: 0, count: 16)
            let symbols: [UInt8] = [0x00, 0x01, 0x02, 0x11, 0xF0, 0x21, 0x03, 0x04] + (1...14).map { UInt8($0 << 4) }
            counts[3] = 8
            counts[4] = 14
            return Table(counts: counts, symbols: symbols)
        }()

        /// Symbol → (code, length), canonical as T.81 Annex C.
        var codes: [UInt8: (code: Int, length: Int)] {
            var result: [UInt8: (Int, Int)] = [:]
            var code = 0, index = 0
            for length in 1...16 {
                for _ in 0..<Int(counts[length - 1]) {
                    result[symbols[index]] = (code, length)
                    code += 1
                    index += 1
                }
                code <<= 1
            }
            return result
        }
    }

    mutating func segment(_ marker: UInt8, _ payload: [UInt8]) {
        let length = payload.count + 2
        bytes += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// A quantization table of one value everywhere (8 makes a DC coefficient d give the sample 128 + d).
    mutating func quantization(id: Int = 0, value: UInt8 = 8) {
        segment(0xDB, [UInt8(id)] + [UInt8](repeating: value, count: 64))
    }

    /// SOF: components as (id, h, v, quantization table).
    mutating func frame(
        _ marker: UInt8 = 0xC0, width: Int, height: Int, precision: UInt8 = 8,
        components: [(Int, Int, Int, Int)]
    ) {
        var payload: [UInt8] = [
            precision, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), UInt8(components.count),
        ]
        for (id, h, v, q) in components { payload += [UInt8(id), UInt8(h << 4 | v), UInt8(q)] }
        segment(marker, payload)
    }

    mutating func huffman(ac: Bool, id: Int, _ table: Table) {
        segment(0xC4, [UInt8((ac ? 0x10 : 0) | id)] + table.counts + table.symbols)
    }

    /// The DC and AC test tables as tables 0.
    mutating func standardTestTables() {
        huffman(ac: false, id: 0, .dc)
        huffman(ac: true, id: 0, .ac)
    }

    /// SOS: components as (id, DC table, AC table).
    mutating func scan(_ components: [(Int, Int, Int)], ss: Int = 0, se: Int = 63, ah: Int = 0, al: Int = 0) {
        var payload: [UInt8] = [UInt8(components.count)]
        for (id, dc, ac) in components { payload += [UInt8(id), UInt8(dc << 4 | ac)] }
        payload += [UInt8(ss), UInt8(se), UInt8(ah << 4 | al)]
        segment(0xDA, payload)
    }

    mutating func restartInterval(_ mcus: Int) { segment(0xDD, [UInt8(mcus >> 8), UInt8(mcus & 0xFF)]) }

    mutating func append(_ data: [UInt8]) { bytes += data }

    mutating func end() { bytes += [0xFF, 0xD9] }
}

/// Entropy-coded data: bits most significant first, FF stuffed with 00, padded with ones.
struct JPEGBitWriter {
    private(set) var bytes: [UInt8] = []
    private var accumulator = 0
    private var count = 0

    mutating func write(_ value: Int, bits: Int) {
        guard bits > 0 else { return }
        for i in stride(from: bits - 1, through: 0, by: -1) {
            accumulator = accumulator << 1 | (value >> i) & 1
            count += 1
            if count == 8 { flushByte() }
        }
    }

    mutating func symbol(_ symbol: UInt8, in table: JPEGTestFile.Table) {
        guard let (code, length) = table.codes[symbol] else { fatalError("symbol \(symbol) not in table") }
        write(code, bits: length)
    }

    /// A signed value as a magnitude category and its bits (negative values one's-complemented).
    static func category(_ value: Int) -> (size: Int, bits: Int) {
        let size = value == 0 ? 0 : Int.bitWidth - abs(value).leadingZeroBitCount
        return (size, value >= 0 ? value : value + (1 << size) - 1)
    }

    /// A block with only a DC difference: its category, its bits, then EOB.
    mutating func dcOnlyBlock(difference: Int, dc: JPEGTestFile.Table = .dc, ac: JPEGTestFile.Table = .ac) {
        let (size, bits) = Self.category(difference)
        symbol(UInt8(size), in: dc)
        write(bits, bits: size)
        symbol(0x00, in: ac)
    }

    private mutating func flushByte() {
        bytes.append(UInt8(accumulator))
        if accumulator == 0xFF { bytes.append(0) }
        accumulator = 0
        count = 0
    }

    /// The data, its last byte padded with one bits.
    mutating func finish() -> [UInt8] {
        if count > 0 { write((1 << (8 - count)) - 1, bits: 8 - count) }
        return bytes
    }
}

enum JPEGTestFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jpeg")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}
