import XCTest

@testable import GIFCodec
@testable import ImageDecoding

final class GIFDecoderTests: XCTestCase {
    typealias F = LegacyFormatFixtures

    func colours(_ raster: Raster) -> [[UInt8]] {
        stride(from: 0, to: raster.pixels.count, by: 4).map { Array(raster.pixels[$0..<$0 + 4]) }
    }

    func testLiteralCodesGiveTheTableColours() throws {
        let file = GIFTestBuilder(width: 4, height: 1).file(literals: [0, 1, 2, 3])
        let raster = try GIFDecoder.decode(file)
        XCTAssertEqual(colours(raster), [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 0, 255]])
        XCTAssertFalse(raster.hasAlpha)
    }

    func testRepeatedStringsAndTheCodeEqualToTheNextEntry() throws {
        // 0, then 258 (= next: "0"+"0"), then 259 (= next: "00"+"0") gives six zeros; then 1.
        let file = GIFTestBuilder(width: 7, height: 1).file(codes: [4, 0, 6, 7, 1, 5])
        XCTAssertEqual(colours(try GIFDecoder.decode(file)).map { $0[1] }, [0, 0, 0, 0, 0, 0, 255])
    }

    func testTransparentIndexHasAlphaZeroAndKeepsItsColour() throws {
        var builder = GIFTestBuilder(width: 2, height: 1)
        builder.transparent = 1
        let raster = try GIFDecoder.decode(builder.file(literals: [0, 1]))
        XCTAssertTrue(raster.hasAlpha)
        XCTAssertEqual(colours(raster), [[255, 0, 0, 255], [0, 255, 0, 0]])
    }

    func testScreenOutsideTheFrameIsIndexZeroOrTransparent() throws {
        var builder = GIFTestBuilder(width: 3, height: 2)
        builder.frame = (1, 1, 1, 1)
        XCTAssertEqual(
            colours(try GIFDecoder.decode(builder.file(literals: [2]))),
            [
                [255, 0, 0, 255], [255, 0, 0, 255], [255, 0, 0, 255],
                [255, 0, 0, 255], [0, 0, 255, 255], [255, 0, 0, 255],
            ])
        builder.transparent = 3
        let raster = try GIFDecoder.decode(builder.file(literals: [2]))
        XCTAssertEqual(raster.pixel(x: 0, y: 0).a, 0)
        XCTAssertEqual(raster.pixel(x: 1, y: 1).b, 255)
        XCTAssertEqual(raster.pixel(x: 1, y: 1).a, 255)
    }

    func testAScreenOf0By0IsTheFirstFramesExtent() throws {
        // The probe reports such a file as the frame's extent, and Pillow shows it so.
        var builder = GIFTestBuilder(width: 0, height: 0)
        builder.frame = (1, 1, 2, 1)
        let raster = try GIFDecoder.decode(builder.file(literals: [2, 1]))
        XCTAssertEqual([raster.width, raster.height], [3, 2])
        XCTAssertEqual(
            colours(raster),
            [
                [255, 0, 0, 255], [255, 0, 0, 255], [255, 0, 0, 255],
                [255, 0, 0, 255], [0, 0, 255, 255], [0, 255, 0, 255],
            ])
        builder.frame = (0, 0, 0, 0)
        XCTAssertThrowsError(try GIFDecoder.decode(builder.file(literals: [])), "nothing to show")
    }

    func testInterlacedRowsLandInTheirPasses() throws {
        var builder = GIFTestBuilder(width: 1, height: 5)
        builder.interlaced = true
        builder.globalTable = [[0, 0, 0], [60, 0, 0], [120, 0, 0], [180, 0, 0]]
        // File order of rows: 0 (pass 1), 4 (pass 2), 2 (pass 3), 1 and 3 (pass 4).
        let raster = try GIFDecoder.decode(builder.file(literals: [0, 1, 2, 3, 3]))
        XCTAssertEqual(colours(raster).map { $0[0] }, [0, 180, 120, 180, 60])
    }

    func testNoColourTableShowsEachIndexAsItsGrey() throws {
        var builder = GIFTestBuilder(width: 3, height: 1)
        builder.globalTable = nil
        builder.minimumCodeSize = 8
        XCTAssertEqual(
            colours(try GIFDecoder.decode(builder.file(literals: [0, 7, 200]))),
            [[0, 0, 0, 255], [7, 7, 7, 255], [200, 200, 200, 255]])
    }

    func testAGreyRampTableIsNoTableAsPillowReadsIt() throws {
        var builder = GIFTestBuilder(width: 2, height: 1)
        builder.globalTable = [[0, 0, 0], [1, 1, 1], [2, 2, 2], [3, 3, 3]]
        builder.minimumCodeSize = 4
        XCTAssertEqual(
            colours(try GIFDecoder.decode(builder.file(literals: [2, 9]))), [[2, 2, 2, 255], [9, 9, 9, 255]])
    }

    func testPillowMadeFilesMatchPillowExactly() throws {
        for (name, width, height, hash) in [
            ("gif/pil-97x61-c256-interlaced.gif", 97, 61, 0x94c4_76e3_1a3e_3246 as UInt64),
            ("gif/pil-40x24-c16-trans.gif", 40, 24, 0xd2c7_c1b9_1d56_a30d),
            ("gif/hand-frame-inside-trans.gif", 20, 15, 0x7043_89bf_bd72_7d19),
        ] {
            let raster = try GIFDecoder.decode(try F.bytes(name))
            XCTAssertEqual([raster.width, raster.height], [width, height], name)
            XCTAssertEqual(F.fnv(raster.pixels), hash, name)
        }
    }
}
