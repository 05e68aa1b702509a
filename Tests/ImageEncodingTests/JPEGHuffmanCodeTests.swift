import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// The optimised Huffman tables: no code over 16 bits even for the most skewed counts, a prefix
/// code with no all-ones code, and shorter codes for more frequent symbols.
final class JPEGHuffmanCodeTests: XCTestCase {
    private func check(_ frequencies: [Int], file: StaticString = #filePath, line: UInt = #line) {
        let code = JPEGEncoder.HuffmanCode(frequencies: frequencies)
        let used = (0..<256).filter { frequencies[$0] > 0 }
        XCTAssertEqual(Set(code.symbols.map(Int.init)), Set(used), file: file, line: line)
        XCTAssertEqual(code.counts.reduce(0) { $0 + Int($1) }, used.count, file: file, line: line)
        var kraft = 0.0
        for s in used {
            let length = Int(code.lengths[s])
            XCTAssertTrue((1...16).contains(length), "symbol \(s) length \(length)", file: file, line: line)
            kraft += pow(2, -Double(length))
            XCTAssertNotEqual(code.codes[s], (1 << UInt32(length)) - 1, "all-ones code", file: file, line: line)
        }
        XCTAssertLessThan(kraft, 1.0, "room left for the reserved code", file: file, line: line)
        for a in used {
            for b in used where frequencies[a] > frequencies[b] {
                XCTAssertLessThanOrEqual(code.lengths[a], code.lengths[b], file: file, line: line)
            }
        }
    }

    func testFibonacciCountsAreLimitedTo16Bits() {
        var frequencies = [Int](repeating: 0, count: 256)
        var (a, b) = (1, 1)
        for s in 0..<40 {
            frequencies[s] = a
            (a, b) = (b, a + b)
        }
        check(frequencies)
        XCTAssertEqual(JPEGEncoder.HuffmanCode(frequencies: frequencies).lengths.max(), 16)
    }

    func testOneSymbolAndEverySymbol() {
        var one = [Int](repeating: 0, count: 256)
        one[7] = 1000
        check(one)
        XCTAssertEqual(JPEGEncoder.HuffmanCode(frequencies: one).lengths[7], 1)
        check((0..<256).map { 1 + ($0 * 7919) % 1000 })
        check([Int](repeating: 5, count: 256))
    }
}
