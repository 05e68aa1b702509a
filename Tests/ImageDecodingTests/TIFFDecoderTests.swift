import XCTest

@testable import ImageDecoding
@testable import TIFFCodec

final class TIFFDecoderTests: XCTestCase {
    typealias F = LegacyFormatFixtures
    typealias B = TIFFTestBuilder

    func testUncompressedRGBInBothByteOrders() throws {
        for bigEndian in [false, true] {
            var b = B(width: 2, height: 1, bits: [8, 8, 8], samples: 3, photometric: 2)
            b.bigEndian = bigEndian
            b.blocks = [[255, 0, 0, 1, 2, 3]]
            let raster = try TIFFDecoder.decode(b.file())
            XCTAssertEqual(raster.pixels, [255, 0, 0, 255, 1, 2, 3, 255])
            XCTAssertFalse(raster.hasAlpha)
        }
    }

    func testGreyBothPolaritiesAndBilevel() throws {
        var white = B(width: 2, height: 1, bits: [8], samples: 1, photometric: 0)
        white.blocks = [[0, 200]]
        XCTAssertEqual(try TIFFDecoder.decode(white.file()).pixels, [255, 255, 255, 255, 55, 55, 55, 255])
        var bilevel = B(width: 3, height: 1, bits: [1], samples: 1, photometric: 1)
        bilevel.blocks = [[0b1010_0000]]
        XCTAssertEqual(F.reds(try TIFFDecoder.decode(bilevel.file())), [255, 0, 255])
        var four = B(width: 2, height: 1, bits: [4], samples: 1, photometric: 1)
        four.blocks = [[0x3F]]
        XCTAssertEqual(try TIFFDecoder.decode(four.file()).pixels, [51, 51, 51, 255, 255, 255, 255, 255])
    }

    func testPaletteColourMapSixteenBitValuesBecomeTheirHighByte() throws {
        var b = B(width: 2, height: 1, bits: [1], samples: 1, photometric: 3)
        b.set(320, [0xFFFF, 0x1234, 0x00FF, 0x8000, 0x0100, 0xABCD])
        b.blocks = [[0b0100_0000]]
        XCTAssertEqual(try TIFFDecoder.decode(b.file()).pixels, [255, 0, 1, 255, 0x12, 0x80, 0xAB, 255])
    }

    func testAssociatedAlphaIsDividedOutAndUnassociatedKept() throws {
        var b = B(width: 2, height: 1, bits: [8, 8, 8, 8], samples: 4, photometric: 2)
        b.set(338, 1)
        b.blocks = [[100, 50, 25, 128, 9, 9, 9, 0]]
        let raster = try TIFFDecoder.decode(b.file())
        XCTAssertEqual(raster.pixels, [199, 99, 49, 128, 0, 0, 0, 0])
        XCTAssertTrue(raster.hasAlpha)
        b.set(338, 2)
        XCTAssertEqual(try TIFFDecoder.decode(b.file()).pixels, [100, 50, 25, 128, 9, 9, 9, 0])
        b.set(338, 0)
        XCTAssertEqual(try TIFFDecoder.decode(b.file()).pixels, [100, 50, 25, 255, 9, 9, 9, 255])
    }

    func testSixteenBitSamplesKeepTheirHighByte() throws {
        var b = B(width: 1, height: 1, bits: [16, 16, 16], samples: 3, photometric: 2)
        b.blocks = [[0x34, 0x12, 0xFF, 0xAB, 0xFF, 0x00]]
        XCTAssertEqual(try TIFFDecoder.decode(b.file()).pixels, [0x12, 0xAB, 0x00, 255])
        b.bigEndian = true
        XCTAssertEqual(try TIFFDecoder.decode(b.file()).pixels, [0x34, 0xFF, 0xFF, 255])
    }

    func testPackBitsRunsAndLiterals() throws {
        var b = B(width: 6, height: 1, bits: [8], samples: 1, photometric: 1, compression: 32773)
        // -3: four copies of 7; 1: two literals; -128 is a no-op.
        b.blocks = [[0xFD, 7, 0x80, 0x01, 9, 10]]
        XCTAssertEqual(F.reds(try TIFFDecoder.decode(b.file())), [7, 7, 7, 7, 9, 10])
    }

    func testLZWWithEarlyChangeAndTheOldStyleVariant() throws {
        // Clear, 'A', 'B', 258 ("AB"), then EOI, at 9 bits.
        let codes = [256, 65, 66, 258, 257].map { (code: $0, width: 9) }
        var b = B(width: 4, height: 1, bits: [8], samples: 1, photometric: 1, compression: 5)
        b.blocks = [B.packCodes(codes)]
        XCTAssertEqual(F.reds(try TIFFDecoder.decode(b.file())), [65, 66, 65, 66])
        b.blocks = [B.packCodes(codes, msbFirst: false)]
        XCTAssertEqual(F.reds(try TIFFDecoder.decode(b.file())), [65, 66, 65, 66])
    }

    func testLZWSwitchesToTenBitsOneCodeEarly() throws {
        // 254 literals after a clear add entries 258…510; with early change the next code is already 10 bits.
        let literals = (0..<254).map { $0 % 200 }
        var codes = [(code: 256, width: 9)] + literals.map { (code: $0, width: 9) }
        codes += [(code: 7, width: 10), (code: 257, width: 10)]
        var b = B(width: 255, height: 1, bits: [8], samples: 1, photometric: 1, compression: 5)
        b.blocks = [B.packCodes(codes)]
        let reds = F.reds(try TIFFDecoder.decode(b.file())).map(Int.init)
        XCTAssertEqual(reds, literals + [7])
    }

    func testRealFilesMatchPillowExactly() throws {
        for (name, hash) in [
            ("tiff/im-45x29-LZW-assoc.tif", 0x4563_ab85_e400_f56a as UInt64),
            ("tiff/im-45x29-LZW-pred2-16-be.tif", 0xd1f7_dc6e_e217_609b),
            ("tiff/im-45x29-LZW-pred2-tiles.tif", 0xd1f7_dc6e_e217_609b),
            ("tiff/im-45x29-Zip-planar-rgba.tif", 0x4c69_cda1_e4dd_662e),
            ("tiff/pil-45x29-CMYK-tiff_lzw.tif", 0xd1f7_dc6e_e217_609b),
            ("tiff/pil-45x29-P-packbits.tif", 0x2119_f54f_a6b6_8e46),
        ] {
            let raster = try TIFFDecoder.decode(try F.bytes(name))
            XCTAssertEqual([raster.width, raster.height], [45, 29], name)
            XCTAssertEqual(F.fnv(raster.pixels), hash, name)
        }
    }

    func testOtherCompressionsAreRefusedByName() {
        let b = B(width: 1, height: 1, bits: [8], samples: 1, photometric: 1, compression: 7)
        XCTAssertEqual(F.error { try TIFFDecoder.decode(b.file()) }, .unsupported("TIFF with JPEG compression"))
    }
}
