import XCTest

@testable import Deflate

/// Hand-made deflate streams, each broken in one way RFC 1951 or zlib forbids.
final class InflateDamageTests: XCTestCase {
    private func raw(_ bits: InflateTestBits, limit: Int = 1 << 20) -> Result<[UInt8], DecodeError> {
        do throws(DecodeError) {
            return .success(try Inflate.raw(bits.bytes, limit: limit))
        } catch {
            return .failure(error)
        }
    }

    /// Litlen lengths: 'A' 1 bit, end-of-block 2 bits, length 3 (symbol 257) 2 bits.
    private var threeSymbolLitLen: [Int] {
        var lengths = [Int](repeating: 0, count: 258)
        lengths[65] = 1
        lengths[256] = 2
        lengths[257] = 2
        return lengths
    }

    func testOneDistanceCodeOfOneBitIsAllowed() {
        var bits = InflateTestBits()
        bits.dynamicHeader(final: true, litLen: threeSymbolLitLen, distance: [1])
        bits.code(0, 1)  // 'A'
        bits.code(0b11, 2)  // length 3
        bits.code(0, 1)  // distance 1
        bits.code(0b10, 2)  // end of block
        XCTAssertEqual(try raw(bits).get(), Array("AAAA".utf8))
    }

    func testNoDistanceCodesAtAllIsAllowedUntilOneIsUsed() {
        var bits = InflateTestBits()
        bits.dynamicHeader(final: true, litLen: threeSymbolLitLen, distance: [0])
        bits.code(0, 1)
        bits.code(0b10, 2)
        XCTAssertEqual(try raw(bits).get(), Array("A".utf8))
        var using = InflateTestBits()
        using.dynamicHeader(final: true, litLen: threeSymbolLitLen, distance: [0])
        using.code(0, 1)
        using.code(0b11, 2)
        using.code(0, 1)
        using.code(0b10, 2)
        using.put(0, 16)  // so the bad code is not the stream's cut end
        XCTAssertEqual(raw(using), .failure(.corrupt("invalid distance code")))
    }

    func testAnIncompleteDistanceCodeOtherThanOneBitIsRefused() {
        var bits = InflateTestBits()
        bits.dynamicHeader(final: true, litLen: threeSymbolLitLen, distance: [2])
        XCTAssertEqual(raw(bits), .failure(.corrupt("distance code leaves its code space incomplete")))
    }

    func testAnOverSubscribedLitLenCodeIsRefused() {
        var bits = InflateTestBits()
        bits.dynamicHeader(final: true, litLen: [Int](repeating: 1, count: 257), distance: [1])
        XCTAssertEqual(raw(bits), .failure(.corrupt("literal/length code over-subscribes its code space")))
    }

    func testAnUnderSubscribedLitLenCodeIsRefused() {
        var lengths = threeSymbolLitLen
        lengths[257] = 0
        var bits = InflateTestBits()
        bits.dynamicHeader(final: true, litLen: lengths, distance: [1])
        XCTAssertEqual(raw(bits), .failure(.corrupt("literal/length code leaves its code space incomplete")))
    }

    func testAnOverSubscribedCodeLengthCodeIsRefused() {
        var bits = InflateTestBits()
        bits.put(1, 1)
        bits.put(2, 2)
        bits.put(0, 5)
        bits.put(0, 5)
        bits.put(0, 4)  // four code-length code lengths: 16, 17, 18, 0
        for length in [1, 1, 1, 0] { bits.put(length, 3) }
        XCTAssertEqual(raw(bits), .failure(.corrupt("code-length code over-subscribes its code space")))
    }

    func testACodeLengthRepeatBeforeTheFirstLengthIsRefused() {
        var bits = InflateTestBits()
        bits.dynamicHeader(final: true, litLen: [], distance: [], litLenCount: 257, distanceCount: 1)
        bits.code(15, 4)  // symbol 16: repeat the previous length
        bits.put(0, 2)
        XCTAssertEqual(raw(bits), .failure(.corrupt("code length repeat before any code length")))
    }

    func testHLITAndHDISTPastTheAlphabetsAreRefused() {
        var tooManyLengths = InflateTestBits()
        tooManyLengths.put(1, 1)
        tooManyLengths.put(2, 2)
        tooManyLengths.put(30, 5)  // 287 litlen codes
        tooManyLengths.put(0, 5)
        tooManyLengths.put(0, 4)
        XCTAssertEqual(raw(tooManyLengths), .failure(.corrupt("dynamic block declares 287 length codes")))
        var tooManyDistances = InflateTestBits()
        tooManyDistances.put(1, 1)
        tooManyDistances.put(2, 2)
        tooManyDistances.put(0, 5)
        tooManyDistances.put(30, 5)  // 31 distance codes
        tooManyDistances.put(0, 4)
        XCTAssertEqual(raw(tooManyDistances), .failure(.corrupt("dynamic block declares 31 distance codes")))
    }

    func testADistancePastTheStartOfTheOutputIsRefused() {
        var bits = InflateTestBits()
        bits.put(1, 1)
        bits.put(1, 2)  // fixed codes
        bits.code(0x30 + 65, 8)  // 'A'
        bits.code(1, 7)  // length 3
        bits.code(1, 5)  // distance 2: one byte too far
        XCTAssertEqual(raw(bits), .failure(.corrupt("match distance 2 reaches before the output")))
    }

    func testAStoredBlockWhoseLengthsDisagreeIsRefused() {
        var bits = InflateTestBits()
        bits.put(1, 1)
        bits.put(0, 2)
        bits.appendBytes([0x05, 0x00, 0xFA, 0xFE, 1, 2, 3, 4, 5])
        XCTAssertEqual(raw(bits), .failure(.corrupt("stored block length 5 disagrees with its complement")))
    }

    func testTheReservedBlockTypeIsRefused() {
        var bits = InflateTestBits()
        bits.put(1, 1)
        bits.put(3, 2)
        XCTAssertEqual(raw(bits), .failure(.corrupt("deflate block type 3 (reserved)")))
    }

    func testEndlessEmptyBlocksEndAsTruncatedNotAHang() {
        var stored = InflateTestBits()
        for _ in 0..<10000 {
            stored.put(0, 3)
            stored.appendBytes([0, 0, 0xFF, 0xFF])
        }
        XCTAssertEqual(raw(stored), .failure(.truncated(section: "in the deflate data")))
        var fixed = InflateTestBits()
        for _ in 0..<10000 {
            fixed.put(0, 1)
            fixed.put(1, 2)
            fixed.code(0, 7)  // end of block at once
        }
        XCTAssertEqual(raw(fixed), .failure(.truncated(section: "in the deflate data")))
    }

    func testABlockThatNeverEndsIsTruncated() {
        var bits = InflateTestBits()
        bits.put(1, 1)
        bits.put(1, 2)
        for _ in 0..<5000 { bits.code(0x30 + 66, 8) }
        XCTAssertEqual(raw(bits), .failure(.truncated(section: "in the deflate data")))
    }

    func testEndlessMatchesStopAtTheLimit() {
        var bits = InflateTestBits()
        bits.put(0, 1)
        bits.put(1, 2)
        bits.code(0x30 + 66, 8)
        for _ in 0..<100_000 {
            bits.code(0b1100_0101, 8)  // symbol 285: length 258
            bits.code(0, 5)  // distance 1
        }
        XCTAssertEqual(raw(bits, limit: 50_000), .failure(.corrupt("inflated data longer than 50000 bytes")))
    }
}
