import XCTest

@testable import BMPCodec
@testable import ImageDecoding

/// The damage classes the BMP decoder must survive, one test each.
final class BMPSafetyTests: XCTestCase {
    typealias F = LegacyFormatFixtures

    func rle(_ codes: [UInt8], width: Int = 4, height: Int = 2) -> [UInt8] {
        var builder = BMPTestBuilder(width: width, height: height, bits: 8)
        builder.compression = 1
        builder.palette = (0..<8).map { [UInt8($0 * 30), 0, 0] }
        return builder.file(codes)
    }

    func testRunLengthPastTheEndOfARowIsCutAndAnAbsoluteRunSpillsAsInPillow() throws {
        // An encoded run of 9 in a row of 4 is cut to 4; an absolute run of 6 fills the next row and spills into
        // the third; the column count (10) is then past the row, so the run of 4 writes nothing until end of line.
        let raster = try BMPDecoder.decode(rle([9, 1, 0, 6, 2, 2, 2, 2, 3, 3, 2, 4, 0, 0], height: 3))
        let reds = stride(from: 0, to: raster.pixels.count, by: 4).map { raster.pixels[$0] }
        XCTAssertEqual(reds, [90, 90, 0, 0] + [60, 60, 60, 60] + [30, 30, 30, 30])
    }

    func testADeltaJumpingOutsideTheImageStopsAtItsEnd() throws {
        // Delta right 255, up 255 from the first pixel: far past the image, the walk stops at its end.
        let raster = try BMPDecoder.decode(rle([1, 3, 0, 2, 255, 255, 5, 5]))
        XCTAssertEqual(raster.pixel(x: 0, y: 1).r, 90)
        XCTAssertEqual(raster.pixel(x: 3, y: 0).r, 0)
    }

    func testRunLengthDataThatStopsBeforeTheImageIsFullIsRefused() {
        XCTAssertEqual(
            F.error { try BMPDecoder.decode(self.rle([2, 1, 0, 1])) },
            .truncated(section: "BMP run-length data (it fills 2 of 8 pixels)"))
        XCTAssertNotNil(F.error { try BMPDecoder.decode(self.rle([2, 1, 0, 5, 1])) })
    }

    func testBitFieldMasksThatAreZeroOverlapOrAreWiderThanThePixel() throws {
        var v5 = BMPTestBuilder(width: 1, height: 1, bits: 16)
        v5.headerSize = 124
        v5.compression = 3
        v5.masks = [0xF800, 0, 0x1F, 0]
        XCTAssertEqual(try BMPDecoder.decode(v5.file([0xFF, 0xFF, 0, 0])).pixels, [255, 0, 255, 255])
        v5.masks = [0xFF00, 0x0FF0, 0x00FF, 0]
        XCTAssertEqual(try BMPDecoder.decode(v5.file([0x34, 0x12, 0, 0])).pixels, [0x12, 0x23, 0x34, 255])
        v5.masks = [0xF_0000, 0x7E0, 0x1F, 0]
        XCTAssertEqual(
            F.error { try BMPDecoder.decode(v5.file([0, 0, 0, 0])) },
            .corrupt("BMP bit field mask 983040 wider than a 16-bit pixel"))
        v5.masks = [0xF00F, 0x7E0, 0x1F, 0]
        XCTAssertEqual(
            F.error { try BMPDecoder.decode(v5.file([0, 0, 0, 0])) },
            .corrupt("BMP bit field mask 61455 is not contiguous"))
    }

    func testHugeDimensionsInATinyFileAreRefusedBeforeAllocating() {
        let raw = BMPTestBuilder(width: 16000, height: 16000, bits: 24).file([1, 2, 3, 4])
        guard case .truncated = F.error({ try BMPDecoder.decode(raw) }) else { return XCTFail("expected truncated") }
        XCTAssertNotNil(F.error { try BMPDecoder.decode(self.rle([0, 0, 0, 0, 0, 1], width: 16000, height: 16000)) })
        let tooWide = BMPTestBuilder(width: 100_000, height: 100_000, bits: 24).file([])
        XCTAssertEqual(F.error { try BMPDecoder.decode(tooWide) }, .tooLarge(width: 100_000, height: 100_000))
    }

    func testWidthTimesHeightCannotOverflow() {
        var builder = BMPTestBuilder(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, bits: 32)
        builder.topDown = false
        XCTAssertEqual(
            F.error { try BMPDecoder.decode(builder.file([])) },
            .tooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))
    }

    func testUnsupportedDepthsAndCompressionsAreNamed() {
        let twoBits = BMPTestBuilder(width: 1, height: 1, bits: 2).file([0, 0, 0, 0])
        XCTAssertEqual(
            F.error { try BMPDecoder.decode(twoBits) },
            .unsupported("BMP of 2 bits a pixel"))
        var jpeg = BMPTestBuilder(width: 1, height: 1, bits: 24)
        jpeg.compression = 4
        XCTAssertEqual(F.error { try BMPDecoder.decode(jpeg.file([])) }, .unsupported("BMP with JPEG compression"))
    }

    func testTruncatedAtEveryByteOfRealFiles() throws {
        for name in [
            "bmp/hand-rle4-escapes.bmp", "bmp/im-33x17-565.bmp", "bmp/im-33x17-argb32.bmp",
            "bmp/im-33x17-rle8.bmp",
        ] {
            F.assertEveryPrefixSafe(try F.bytes(name), BMPDecoder.decode)
        }
    }
}
