import XCTest

@testable import GIFCodec
@testable import ImageDecoding

/// The damage classes the GIF decoder must survive, one test each.
final class GIFSafetyTests: XCTestCase {
    typealias F = LegacyFormatFixtures

    /// 3839 literals fill entries 258…4095: the table holds exactly 4096 codes, all at 12 bits by the end.
    func fullTableLiterals(_ count: Int) -> [Int] { (0..<count).map { ($0 * 7 + $0 / 5) % 256 } }

    func testLZWAtExactly4096Codes() throws {
        var builder = GIFTestBuilder(width: 3839 + 2, height: 1)
        builder.minimumCodeSize = 8
        builder.globalTable = (0..<256).map { [UInt8($0), UInt8(255 - $0), 7] }
        let literals = fullTableLiterals(3839)
        // Entry 4095 (the last) is literal 3837 followed by literal 3838.
        let raster = try GIFDecoder.decode(builder.file(codes: [256] + literals + [4095, 257]))
        let reds = stride(from: 0, to: raster.pixels.count, by: 4).map { Int(raster.pixels[$0]) }
        XCTAssertEqual(reds, literals + [literals[3837], literals[3838]])
    }

    func testDeferredClearKeepsDecodingWithAFullTable() throws {
        var builder = GIFTestBuilder(width: 3839 + 3, height: 1)
        builder.minimumCodeSize = 8
        builder.globalTable = (0..<256).map { [UInt8($0), 0, 0] }
        let literals = fullTableLiterals(3839)
        // Past the full table the encoder keeps sending 12-bit codes, no clear; then a clear resets to 9 bits.
        let codes = [256] + literals + [65, 66, 256, 67, 257]
        let raster = try GIFDecoder.decode(builder.file(codes: codes))
        let reds = stride(from: 0, to: raster.pixels.count, by: 4).map { Int(raster.pixels[$0]) }
        XCTAssertEqual(reds, literals + [65, 66, 67])
    }

    func testACodePastTheTableIsCorrupt() {
        let file = GIFTestBuilder(width: 4, height: 1).file(codes: [4, 1, 7, 5])
        XCTAssertEqual(F.error { try GIFDecoder.decode(file) }, .corrupt("GIF image data: LZW code past the table"))
        let afterClear = GIFTestBuilder(width: 4, height: 1).file(codes: [4, 6, 5])
        XCTAssertNotNil(F.error { try GIFDecoder.decode(afterClear) })
    }

    func testMinimumCodeSizeZeroDecodesAndOverTwelveIsRefused() throws {
        var builder = GIFTestBuilder(width: 3, height: 1)
        builder.minimumCodeSize = 0
        // One-bit codes: 1 is the clear code, 0 the only colour.
        let raster = try GIFDecoder.decode(builder.file(codes: [1, 0, 0, 0]))
        XCTAssertEqual(raster.pixel(x: 2, y: 0).r, 255)
        builder.minimumCodeSize = 13
        XCTAssertEqual(
            F.error { try GIFDecoder.decode(builder.file(data: [0, 0, 0])) },
            .corrupt("GIF LZW minimum code size 13"))
        builder.minimumCodeSize = 12
        XCTAssertNoThrow(try GIFDecoder.decode(builder.file(codes: [4096, 1, 2, 3])))
    }

    func testAnImageDescriptorPastTheScreenIsClipped() throws {
        var builder = GIFTestBuilder(width: 3, height: 3)
        builder.frame = (2, 1, 3, 3)
        let raster = try GIFDecoder.decode(builder.file(literals: [1, 1, 1, 2, 2, 2, 3, 3, 3]))
        XCTAssertEqual([raster.width, raster.height], [3, 3])
        XCTAssertEqual(raster.pixel(x: 2, y: 1).g, 255)
        XCTAssertEqual(raster.pixel(x: 2, y: 2).b, 255)
        XCTAssertEqual(raster.pixel(x: 1, y: 1).r, 255)
        builder.frame = (60000, 60000, 2, 2)
        XCTAssertEqual(try GIFDecoder.decode(builder.file(literals: [1, 1, 1, 1])).pixel(x: 2, y: 2).r, 255)
    }

    /// Found by `make fuzz-decoders` (a 1 s timeout): 53 bytes whose empty first frame sits on a 7688×1792
    /// screen, which the decoder filled and the fuzzer turned and shrank, 14 megapixels from nothing.
    func testAnEmptyFrameOnALargeScreenIsRefusedNotFilled() {
        let bytes: [UInt8] = [
            0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x08, 0x1E, 0x00, 0x07, 0x40, 0x10, 0x40, 0x10, 0x82, 0x02,
            0x81, 0x06, 0x00, 0x22, 0x48, 0x20, 0xA0, 0xA1, 0x00, 0x2C, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x06, 0x01, 0x00, 0x60, 0x3D, 0x00, 0x00, 0xA3, 0x81,
            0x2A, 0xFF, 0x00, 0xFF, 0xFF,
        ]
        XCTAssertEqual(
            F.error { try GIFDecoder.decode(bytes) },
            .corrupt("GIF first frame covers too little of its 7688×1792 screen"))
        // Just over 4 megapixels is refused the same way; a screen the frame covers is not.
        var builder = GIFTestBuilder(width: 2049, height: 2049)
        builder.frame = (0, 0, 1, 1)
        XCTAssertEqual(
            F.error { try GIFDecoder.decode(builder.file(literals: [1])) },
            .corrupt("GIF first frame covers too little of its 2049×2049 screen"))
        builder = GIFTestBuilder(width: 2048, height: 2048)
        builder.frame = (0, 0, 1, 1)
        XCTAssertNil(F.error { try GIFDecoder.decode(builder.file(literals: [1])) })
    }

    func testHugeDimensionsInATinyFileAreRefusedBeforeAllocating() {
        var builder = GIFTestBuilder(width: 16384, height: 16384)
        builder.frame = (0, 0, 1, 1)
        XCTAssertEqual(
            F.error { try GIFDecoder.decode(builder.file(literals: [1])) },
            .corrupt("GIF first frame covers too little of its 16384×16384 screen"))
        builder.frame = (0, 0, 16384, 16384)
        guard case .truncated = F.error({ try GIFDecoder.decode(builder.file(literals: [1, 2])) }) else {
            return XCTFail("a 16384×16384 frame from a few bytes of LZW must be refused")
        }
        XCTAssertEqual(
            F.error { try GIFDecoder.decode(GIFTestBuilder(width: 65535, height: 2).file(literals: [1])) },
            .tooLarge(width: 65535, height: 2))
    }

    func testWidthTimesHeightCannotOverflow() {
        let file = GIFTestBuilder(width: 65535, height: 65535).file(literals: [1])
        XCTAssertEqual(F.error { try GIFDecoder.decode(file) }, .tooLarge(width: 65535, height: 65535))
    }

    func testAnIndexPastThePaletteIsBlackAsInPillow() throws {
        var builder = GIFTestBuilder(width: 2, height: 1)
        builder.globalTable = [[9, 9, 9], [200, 100, 50]]
        builder.minimumCodeSize = 3
        let raster = try GIFDecoder.decode(builder.file(literals: [1, 6]))
        XCTAssertEqual(raster.pixels, [200, 100, 50, 255, 0, 0, 0, 255])
    }

    func testDataEndingEarlyKeepsTheRowsDecodedAndEmptyDataIsTruncated() throws {
        let builder = GIFTestBuilder(width: 2, height: 2)
        let partial = try GIFDecoder.decode(builder.file(codes: [4, 1, 2, 5]))
        XCTAssertEqual(partial.pixel(x: 1, y: 0).b, 255)
        XCTAssertEqual(partial.pixel(x: 0, y: 1).r, 255)
        XCTAssertEqual(
            F.error { try GIFDecoder.decode(builder.file(codes: [4, 5])) },
            .truncated(section: "in the GIF image data"))
    }

    func testNoImageIsCorrupt() {
        let header = Array(GIFTestBuilder(width: 2, height: 2).file(literals: [0])[0..<25])
        XCTAssertEqual(F.error { try GIFDecoder.decode(header + [0x3B]) }, .corrupt("GIF has no image"))
    }

    func testTruncatedAtEveryByteOfRealFiles() throws {
        let names = [
            "gif/pil-97x61-c256-interlaced.gif", "gif/pil-40x24-c16-trans.gif",
            "gif/hand-frame-inside-trans.gif",
        ]
        for name in names {
            F.assertEveryPrefixSafe(try F.bytes(name), GIFDecoder.decode)
        }
    }
}
