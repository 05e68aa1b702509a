import XCTest

@testable import Deflate

/// Length-limited Huffman codes from package-merge.
final class DeflateHuffmanTests: XCTestCase {
    private func kraftSum(_ lengths: [UInt8]) -> Double {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 / Double(1 << Int($1)) }
    }

    func testAnUnlimitedCodeIsHuffmans() {
        // Frequencies 1, 1, 2, 4: Huffman gives lengths 3, 3, 2, 1.
        XCTAssertEqual(HuffmanCodeBuilder.lengths([1, 1, 2, 4], limit: 15), [3, 3, 2, 1])
        XCTAssertEqual(HuffmanCodeBuilder.lengths([0, 5, 0, 5], limit: 15), [0, 1, 0, 1])
    }

    func testALoneSymbolGetsOneBit() {
        XCTAssertEqual(HuffmanCodeBuilder.lengths([0, 0, 9], limit: 15), [0, 0, 1])
        XCTAssertEqual(HuffmanCodeBuilder.lengths([0, 0], limit: 15), [0, 0])
    }

    func testFibonacciFrequenciesAreHeldToTheLimitAndStayComplete() {
        // Unlimited, Fibonacci weights make a code as deep as there are symbols.
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for limit in [7, 15] {
            let lengths = HuffmanCodeBuilder.lengths(fibonacci, limit: limit)
            XCTAssertEqual(lengths.max().map(Int.init), limit)
            XCTAssertEqual(kraftSum(lengths), 1, accuracy: 1e-12)
        }
    }

    func testLimitedCodesAreNoWorseThanAnyOtherValidOne() {
        // 8 symbols, limit 3: the only complete code is all 3 bits.
        XCTAssertEqual(
            HuffmanCodeBuilder.lengths([1, 2, 4, 8, 16, 32, 64, 128], limit: 3),
            [UInt8](repeating: 3, count: 8))
    }

    func testCanonicalCodesFollowRFC1951() {
        // RFC 1951 3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give F=00, A=010 … H=1111.
        let codes = HuffmanCodeBuilder.codes([3, 3, 3, 3, 3, 2, 4, 4])
        let expected = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        let lengths = [3, 3, 3, 3, 3, 2, 4, 4]
        for i in 0..<8 { XCTAssertEqual(Int(codes[i]), HuffmanDecodeTable.reverse(expected[i], lengths[i])) }
    }
}
