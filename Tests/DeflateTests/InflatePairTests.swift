import XCTest

@testable import Deflate

/// The literal/length table's pairs (two literals in one entry): each pair is exactly the two
/// literals the bits at its index decode to one at a time, and every index that can hold a pair does.
final class InflatePairTests: XCTestCase {
    /// Canonical codes from lengths (RFC 1951 3.2.2), as (code, length) by symbol.
    private func canonical(_ lengths: [UInt8]) -> [(code: Int, length: Int)?] {
        var count = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { count[Int(l)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + count[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { l in
            guard l > 0 else { return nil }
            defer { next[Int(l)] += 1 }
            return (next[Int(l)], Int(l))
        }
    }

    /// The symbol whose code the low bits of `index` start with (codes sent most significant bit first).
    private func symbol(at index: Int, _ codes: [(code: Int, length: Int)?]) -> (symbol: Int, length: Int)? {
        for (s, c) in codes.enumerated() {
            guard let c else { continue }
            var reversed = 0
            for b in 0..<c.length { reversed |= (c.code >> (c.length - 1 - b) & 1) << b }
            if index & ((1 << c.length) - 1) == reversed { return (s, c.length) }
        }
        return nil
    }

    /// Code lengths of a complete code: a Huffman code of random frequencies, limited to 15 bits.
    private func lengths(seed: UInt64) -> [UInt8] {
        var state = seed
        var frequencies = (0..<288).map { _ -> Int in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Int(state >> 40)
            return r % 3 == 0 ? 0 : 1 + r % (1 << (r % 14))
        }
        frequencies[256] = 1  // the end of block
        return HuffmanCodeBuilder.lengths(frequencies, limit: 15)
    }

    func testEveryPairIsTheTwoLiteralsItsBitsDecodeTo() throws {
        var tested = 0
        for seed: UInt64 in [1, 2, 3, 7, 11, 99] + [1000] {
            let codeLengths = seed == 1000 ? DeflateTables.fixedLitLenLengths : lengths(seed: seed)
            let table = HuffmanDecodeTable(mainBits: HuffmanDecodeTable.litLenMainBits, symbols: 288, alphabet: .litLen)
            try table.build(codeLengths)
            tested += 1
            let codes = canonical(codeLengths)
            let mainBits = HuffmanDecodeTable.litLenMainBits
            var pairs = 0
            for index in 0..<(1 << mainBits) {
                let entry = table.entries[index]
                guard let first = symbol(at: index, codes), first.length <= mainBits else { continue }
                let second = symbol(at: index >> first.length, codes)
                let canPair =
                    first.symbol < 256 && second.map { $0.symbol < 256 && first.length + $0.length <= mainBits } == true
                XCTAssertEqual(entry & HuffmanDecodeTable.pair != 0, canPair, "seed \(seed) index \(index)")
                guard canPair, let second else { continue }
                pairs += 1
                XCTAssertEqual(Int(entry >> 16 & 0xFF), first.symbol)
                XCTAssertEqual(Int(entry >> 24), second.symbol)
                XCTAssertEqual(Int(entry >> 8 & 0xF), first.length)
                XCTAssertEqual(Int(entry & 0x1F), first.length + second.length)
            }
            // The fixed code's literals are 8 and 9 bits: none pair in 12.
            if seed != 1000 { XCTAssertGreaterThan(pairs, 0, "seed \(seed)") }
        }
        XCTAssertEqual(tested, 7)
    }

    /// Literal-heavy data of skewed bytes (short codes, so mostly pairs) comes back whole, and read
    /// through the stream in odd pieces, whose ends fall between a pair's two literals.
    func testPairsSurviveEveryOutputBoundary() throws {
        var state: UInt32 = 5
        let data = (0..<400_000).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            let r = state >> 24
            return r < 128 ? 0 : r < 192 ? 1 : r < 224 ? 255 : UInt8(truncatingIfNeeded: state >> 8)
        }
        let stream = Deflate.zlib(data)
        XCTAssertEqual(try Inflate.zlib(stream, limit: data.count), data)
        for size in [1, 3, 1000, 4099] {
            let reader = InflateStream(
                Inflater(source: stream[...], segments: [stream.indices], zlib: true, section: "in the test"),
                expected: data.count)
            var got: [UInt8] = []
            var piece = [UInt8](repeating: 0, count: size)
            while got.count < data.count {
                let n = try piece.withUnsafeMutableBufferPointer { (p) throws(DecodeError) in
                    try reader.read(into: p.baseAddress!, count: size)
                }
                got += piece[0..<n]
                if n < size { break }
            }
            XCTAssertTrue(got == data, "pieces of \(size)")
        }
    }
}
