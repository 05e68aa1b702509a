import ImageDecoding
import JPEGCodec
import XCTest

/// Hostile and broken files: each must throw a DecodeError or return a raster, never trap,
/// hang or allocate in proportion to what the header claims.
final class JPEGSafetyTests: XCTestCase {
    private func assertThrows(
        _ bytes: [UInt8], _ expected: DecodeError, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertThrowsError(try JPEGDecoder.decode(bytes), file: file, line: line) { error in
            XCTAssertEqual(error as? DecodeError, expected, file: file, line: line)
        }
    }

    /// A greyscale header with tables, for a scan the test writes itself.
    private func header(
        width: Int = 8, height: Int = 8, marker: UInt8 = 0xC0,
        components: [(Int, Int, Int, Int)] = [(1, 1, 1, 0)]
    ) -> JPEGTestFile {
        var file = JPEGTestFile()
        file.quantization()
        file.frame(marker, width: width, height: height, components: components)
        file.standardTestTables()
        return file
    }

    func testHugeDimensionsInATinyFileAreRefusedBeforeAllocating() {
        // 16000×16000 passes the side limit; 4 million blocks cannot fit in a few bytes of scan data.
        var file = header(width: 16000, height: 16000)
        file.scan([(1, 0, 0)])
        file.append([0x00, 0x00])
        file.end()
        let start = DispatchTime.now().uptimeNanoseconds
        assertThrows(file.bytes, .truncated(section: "scan data: 4 bytes cannot hold a 16000×16000 JPEG"))
        XCTAssertLessThan(DispatchTime.now().uptimeNanoseconds - start, 1_000_000_000, "refused without the work")
        // 65535×65535 is over the SPEC's 16384 a side.
        var huge = header(width: 65535, height: 65535)
        huge.end()
        assertThrows(huge.bytes, .tooLarge(width: 65535, height: 65535))
    }

    /// The largest frame the side limit allows, four components at 4×4 sampling: every size the decoder
    /// derives (blocks, MCUs, bytes) is computed without overflow, and the budget refuses it.
    func testLargestFrameSizesCannotOverflow() {
        for progressive in [false, true] {
            var file = header(
                width: 16384, height: 16384, marker: progressive ? 0xC2 : 0xC0,
                components: [(1, 4, 4, 0), (2, 4, 4, 0), (3, 4, 4, 0), (4, 4, 4, 0)])
            file.scan([(1, 0, 0)])
            file.append([UInt8](repeating: 0, count: 4096))
            file.end()
            XCTAssertThrowsError(try JPEGDecoder.decode(file.bytes, scale: 8))
        }
    }

    func testHuffmanTableThatOverSubscribesItsCodeSpace() {
        var file = header()
        file.huffman(
            ac: false, id: 1,
            JPEGTestFile.Table(
                counts: [3] + Array(repeating: 0, count: 15),
                symbols: [0, 1, 2]))
        file.scan([(1, 1, 0)])
        file.append([0, 0])
        file.end()
        assertThrows(file.bytes, .corrupt("Huffman table over-subscribes its code space"))
    }

    func testHuffmanTableWithMoreThan256Symbols() {
        var file = header()
        var counts = [UInt8](repeating: 0, count: 16)
        counts[15] = 255
        counts[14] = 45
        file.huffman(ac: true, id: 1, JPEGTestFile.Table(counts: counts, symbols: Array(repeating: 1, count: 300)))
        file.end()
        assertThrows(file.bytes, .corrupt("Huffman table with 300 codes (at most 256)"))
    }

    /// Code counts promising more symbols than the segment holds.
    func testHuffmanCodeCountsThatDoNotMatchTheSegment() {
        var file = header()
        file.segment(0xC4, [0x11, 0, 4] + [UInt8](repeating: 0, count: 14) + [1, 2])
        file.end()
        assertThrows(file.bytes, .corrupt("DHT segment is too short"))
    }

    func testDCHuffmanSymbolOver15() {
        var file = header()
        file.huffman(ac: false, id: 1, .fourBit([0, 16]))
        file.scan([(1, 1, 0)])
        file.append([0])
        file.end()
        assertThrows(file.bytes, .corrupt("DC Huffman table has symbol 16"))
    }

    /// A code the table does not have (its code space is under-subscribed) met in the data: libjpeg
    /// takes it as symbol 0 after 17 bits and goes on, and so does this decoder.
    func testHuffmanCodeNotInTheTableDecodesAsZero() throws {
        var file = header()
        file.huffman(ac: false, id: 1, .fourBit([0]))  // only 0000 is a code
        file.scan([(1, 1, 0)])
        file.append([0xFF, 0x00, 0xFF, 0x00, 0xFF, 0x00, 0xFF, 0x00])
        file.end()
        let raster = try JPEGDecoder.decode(file.bytes)
        XCTAssertTrue(raster.pixel(x: 0, y: 0) == (128, 128, 128, 255))
    }

    func testScanReferringToAComponentTheFrameLacks() {
        var file = header()
        file.scan([(7, 0, 0)])
        file.end()
        assertThrows(file.bytes, .corrupt("scan refers to component 7, which the frame does not have"))
    }

    func testScanUsingAnUndefinedHuffmanTable() {
        var file = header()
        file.scan([(1, 2, 0)])
        file.append([0])
        file.end()
        assertThrows(file.bytes, .corrupt("scan uses DC Huffman table 2, which is not defined"))
    }

    func testComponentWithoutAQuantizationTable() {
        var file = header(components: [(1, 1, 1, 3)])
        file.scan([(1, 0, 0)])
        file.append([0])
        file.end()
        assertThrows(file.bytes, .corrupt("no quantization table 3 for component 1"))
    }

    func testSamplingFactorsZeroOrOverFour() {
        for (h, v) in [(0, 1), (1, 0), (5, 1), (1, 5)] {
            let bytes = header(components: [(1, h, v, 0)]).bytes + [0xFF, 0xD9]
            assertThrows(bytes, .corrupt("sampling factors \(h)×\(v)"))
        }
    }

    /// T.81 allows at most 10 blocks in an interleaved MCU; libjpeg refuses more, so does this decoder.
    func testInterleavedScanWithTooManyBlocksAnMCU() {
        var file = header(components: [(1, 4, 4, 0), (2, 1, 1, 0), (3, 1, 1, 0)])
        file.scan([(1, 0, 0), (2, 0, 0), (3, 0, 0)])
        file.append([UInt8](repeating: 0, count: 64))
        file.end()
        assertThrows(file.bytes, .corrupt("interleaved scan with 18 blocks an MCU (at most 10)"))
    }

    func testSOSBeforeSOF() {
        var file = JPEGTestFile()
        file.standardTestTables()
        file.scan([(1, 0, 0)])
        file.end()
        assertThrows(file.bytes, .corrupt("scan (SOS) before the frame header (SOF)"))
    }

    func testTwoFrameHeaders() {
        var file = header()
        file.frame(width: 8, height: 8, components: [(1, 1, 1, 0)])
        file.end()
        assertThrows(file.bytes, .corrupt("two frame headers (SOF)"))
    }
}
