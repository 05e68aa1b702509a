import XCTest

@testable import BMPCodec
@testable import ImageDecoding

final class BMPDecoderTests: XCTestCase {
    typealias F = LegacyFormatFixtures

    func testTwentyFourBitsBottomUpAndTopDown() throws {
        // Rows of 2 pixels (6 bytes + 2 padding); stored bottom row first.
        let rows: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0] + [255, 0, 0, 255, 255, 255, 0, 0]
        var builder = BMPTestBuilder(width: 2, height: 2, bits: 24)
        let bottomUp = try BMPDecoder.decode(builder.file(rows))
        XCTAssertEqual(bottomUp.pixels, [0, 0, 255, 255, 255, 255, 255, 255] + [255, 0, 0, 255, 0, 255, 0, 255])
        builder.topDown = true
        let topDown = try BMPDecoder.decode(builder.file(rows))
        XCTAssertEqual(topDown.pixels, [255, 0, 0, 255, 0, 255, 0, 255] + [0, 0, 255, 255, 255, 255, 255, 255])
        XCTAssertFalse(topDown.hasAlpha)
    }

    func testOneAndFourBitIndicesMostSignificantFirst() throws {
        var one = BMPTestBuilder(width: 3, height: 1, bits: 1)
        one.palette = [[10, 20, 30], [200, 100, 0]]
        XCTAssertEqual(
            try BMPDecoder.decode(one.file([0b1010_0000, 0, 0, 0])).pixels,
            [200, 100, 0, 255, 10, 20, 30, 255, 200, 100, 0, 255])
        var four = BMPTestBuilder(width: 3, height: 1, bits: 4)
        four.palette = (0..<16).map { [UInt8($0 * 16), 1, 2] }
        XCTAssertEqual(F.reds(try BMPDecoder.decode(four.file([0x3F, 0x10, 0, 0]))), [48, 240, 16])
    }

    func testSixteenBitsDefaultTo555AndBitFields565ScaleAsPillow() throws {
        let plain = BMPTestBuilder(width: 1, height: 1, bits: 16)
        // 0x7C1F: red 31, green 0, blue 31; 5 bits scale as v·255/31.
        XCTAssertEqual(try BMPDecoder.decode(plain.file([0x1F, 0x7C, 0, 0])).pixels, [255, 0, 255, 255])
        XCTAssertEqual(try BMPDecoder.decode(plain.file([0x10, 0x42, 0, 0])).pixels, [131, 131, 131, 255])
        var fields = BMPTestBuilder(width: 1, height: 1, bits: 16)
        fields.compression = 3
        fields.masks = [0xF800, 0x7E0, 0x1F]
        // green 33 of 63 → 33·255/63 = 133; red 1 → 8; blue 3 → 24.
        let pixel = 1 << 11 | 33 << 5 | 3
        XCTAssertEqual(try BMPDecoder.decode(fields.file(F.u16le(pixel) + [0, 0])).pixels, [8, 133, 24, 255])
    }

    func testThirtyTwoBitsIgnoreTheFourthByteUnlessBitFieldsGiveAlpha() throws {
        let plain = BMPTestBuilder(width: 1, height: 1, bits: 32)
        let opaque = try BMPDecoder.decode(plain.file([1, 2, 3, 4]))
        XCTAssertEqual(opaque.pixels, [3, 2, 1, 255])
        XCTAssertFalse(opaque.hasAlpha)
        var v5 = BMPTestBuilder(width: 1, height: 1, bits: 32)
        v5.headerSize = 124
        v5.compression = 3
        v5.masks = [0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000]
        let withAlpha = try BMPDecoder.decode(v5.file([1, 2, 3, 4]))
        XCTAssertEqual(withAlpha.pixels, [3, 2, 1, 4])
        XCTAssertTrue(withAlpha.hasAlpha)
        v5.masks = [0xFF_0000, 0xFF00, 0xFF, 0]
        XCTAssertEqual(try BMPDecoder.decode(v5.file([1, 2, 3, 4])).pixels, [3, 2, 1, 255])
    }

    func testFourZeroMasksAtThirtyTwoBitsReadAsBGRAAsInPillow() throws {
        var v5 = BMPTestBuilder(width: 1, height: 1, bits: 32)
        v5.headerSize = 124
        v5.compression = 3
        v5.masks = [0, 0, 0, 0]
        let raster = try BMPDecoder.decode(v5.file([1, 2, 3, 4]))
        XCTAssertEqual(raster.pixels, [3, 2, 1, 4])
        XCTAssertTrue(raster.hasAlpha)
    }

    func testTenBitFieldsScaleToEightBits() throws {
        var v5 = BMPTestBuilder(width: 1, height: 1, bits: 32)
        v5.headerSize = 124
        v5.compression = 3
        v5.masks = [0x3FF0_0000, 0xFFC00, 0x3FF, 0]
        let pixel = 1023 << 20 | 512 << 10 | 1
        XCTAssertEqual(try BMPDecoder.decode(v5.file(F.u32le(pixel))).pixels, [255, 127, 0, 255])
    }

    func testOS2CoreHeaderWithThreeByteTable() throws {
        var core = BMPTestBuilder(width: 2, height: 1, bits: 8)
        core.headerSize = 12
        core.palette = [[1, 2, 3], [40, 50, 60]]
        XCTAssertEqual(try BMPDecoder.decode(core.file([1, 0, 0, 0])).pixels, [40, 50, 60, 255, 1, 2, 3, 255])
    }

    func testAGreyRampTableIsDroppedAndAnIndexPastATableIsBlack() throws {
        var grey = BMPTestBuilder(width: 2, height: 1, bits: 8)
        grey.palette = (0..<4).map { [UInt8($0), UInt8($0), UInt8($0)] }
        XCTAssertEqual(try BMPDecoder.decode(grey.file([3, 200, 0, 0])).pixels, [3, 3, 3, 255, 200, 200, 200, 255])
        var colour = BMPTestBuilder(width: 2, height: 1, bits: 8)
        colour.palette = [[9, 8, 7], [1, 2, 3]]
        XCTAssertEqual(try BMPDecoder.decode(colour.file([1, 200, 0, 0])).pixels, [1, 2, 3, 255, 0, 0, 0, 255])
    }

    func testRunLengthEscapesAsPillowReadsThem() throws {
        var rle = BMPTestBuilder(width: 4, height: 3, bits: 8)
        rle.compression = 1
        rle.palette = (0..<8).map { [UInt8($0 * 30), 0, 0] }
        // Bottom row: run of 2 × index 5, end of line; then delta (1, 1) skips to column 1 of the top row,
        // leaving the middle row index 0; then an absolute run of 3 (padded to even).
        let codes: [UInt8] = [2, 5, 0, 0, 0, 2, 1, 1, 0, 3, 1, 2, 3, 0, 0, 1]
        let raster = try BMPDecoder.decode(rle.file(codes))
        let reds = stride(from: 0, to: raster.pixels.count, by: 4).map { raster.pixels[$0] }
        XCTAssertEqual(reds, [0, 30, 60, 90] + [0, 0, 0, 0] + [150, 150, 0, 0])
    }

    func testRealFilesMatchPillowExactly() throws {
        for (name, width, height, hash) in [
            ("bmp/hand-rle4-escapes.bmp", 13, 7, 0x24c7_3836_dd20_f6ad as UInt64),
            ("bmp/im-33x17-565.bmp", 33, 17, 0xea1c_0284_8732_071d),
            ("bmp/im-33x17-argb32.bmp", 33, 17, 0x3960_f976_0987_00e9),
            ("bmp/im-33x17-rle8.bmp", 33, 17, 0xa563_9dc2_507b_083e),
        ] {
            let raster = try BMPDecoder.decode(try F.bytes(name))
            XCTAssertEqual([raster.width, raster.height], [width, height], name)
            XCTAssertEqual(F.fnv(raster.pixels), hash, name)
        }
    }
}
