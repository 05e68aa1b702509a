import XCTest

@testable import ImageDecoding
@testable import TIFFCodec

/// The damage classes the TIFF decoder must survive, one test each.
final class TIFFSafetyTests: XCTestCase {
    typealias F = LegacyFormatFixtures
    typealias B = TIFFTestBuilder

    func grey(_ width: Int, _ height: Int, compression: Int = 1) -> B {
        B(width: width, height: height, bits: [8], samples: 1, photometric: 1, compression: compression)
    }

    func testStripOffsetsOrByteCountsPastTheFile() {
        var b = grey(2, 2)
        b.blocks = [[1, 2, 3, 4]]
        b.offsetsOverride = [1_000_000]
        guard case .truncated = F.error({ try TIFFDecoder.decode(b.file()) }) else {
            return XCTFail("offset past the file")
        }
        var counts = grey(2, 2, compression: 32773)
        counts.blocks = [[0x7F, 1]]
        guard case .truncated = F.error({ try TIFFDecoder.decode(counts.file()) }) else {
            return XCTFail("a count longer than the data")
        }
    }

    func testStripOffsetCountNotMatchingTheStrips() {
        var b = grey(2, 4)
        b.set(278, 1)
        b.blocks = [[1, 2], [3, 4]]
        XCTAssertEqual(
            F.error { try TIFFDecoder.decode(b.file()) },
            .corrupt("TIFF has 2 strip or tile offsets for 4 blocks"))
    }

    func testTilesLargerThanTheImageAreClipped() throws {
        var b = grey(3, 2)
        b.tiled = true
        b.set(322, 16)
        b.set(323, 16)
        b.blocks = [(0..<256).map { UInt8($0) }]
        let raster = try TIFFDecoder.decode(b.file())
        XCTAssertEqual(raster.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element), [0, 1, 2, 16, 17, 18])
        b.set(322, 65536)
        b.set(323, 65536)
        b.blocks = [[1]]
        XCTAssertNotNil(F.error { try TIFFDecoder.decode(b.file()) })
    }

    func testAnIFDChainThatLoopsIsNeverFollowed() throws {
        var b = grey(1, 1)
        b.blocks = [[77]]
        b.nextIFD = 8
        XCTAssertEqual(try TIFFDecoder.decode(b.file()).pixels, [77, 77, 77, 255])
    }

    func testAbsurdBitsOrSamplesAreRefused() {
        var b = B(width: 1, height: 1, bits: [64], samples: 1, photometric: 1)
        b.blocks = [[0]]
        XCTAssertEqual(F.error { try TIFFDecoder.decode(b.file()) }, .unsupported("TIFF with 64 bits a sample"))
        b = B(width: 1, height: 1, bits: [8, 16, 8], samples: 3, photometric: 2)
        b.blocks = [[0, 0, 0, 0]]
        XCTAssertEqual(F.error { try TIFFDecoder.decode(b.file()) }, .unsupported("TIFF with 8,16,8 bits a sample"))
        b = B(width: 1, height: 1, bits: [8], samples: 60000, photometric: 1)
        b.blocks = [[0]]
        XCTAssertEqual(F.error { try TIFFDecoder.decode(b.file()) }, .unsupported("TIFF with 60000 samples a pixel"))
    }

    func testHugeDimensionsInATinyFileAreRefusedBeforeAllocating() {
        for compression in [1, 5, 8, 32773] {
            var b = grey(16000, 16000, compression: compression)
            b.blocks = [[1, 2, 3, 4]]
            guard case .truncated = F.error({ try TIFFDecoder.decode(b.file()) }) else {
                return XCTFail("compression \(compression)")
            }
        }
    }

    func testWidthTimesHeightCannotOverflow() {
        var b = B(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, bits: [8], samples: 1, photometric: 1)
        b.set(256, [0x7FFF_FFFF], type: 4)
        b.set(257, [0x7FFF_FFFF], type: 4)
        b.blocks = [[0]]
        XCTAssertEqual(F.error { try TIFFDecoder.decode(b.file()) }, .tooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))
    }

    func testAnLZWCodePastTheTableIsCorrupt() {
        var b = grey(4, 1, compression: 5)
        b.blocks = [B.packCodes([256, 65, 300, 257].map { (code: $0, width: 9) })]
        XCTAssertEqual(F.error { try TIFFDecoder.decode(b.file()) }, .corrupt("TIFF LZW code 300 past the table"))
    }

    /// Found by the fuzzer: a BigTIFF directory whose 8-byte entry count is past Int.max trapped.
    func testABigTIFFEntryCountPastIntMaxIsRefused() {
        let file: [UInt8] =
            [0x49, 0x49, 0x2B, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]
            + [0xC4, 0xC4, 0xC4, 0xC4, 0xC4, 0xC4, 0xC4, 0xC4] + [UInt8](repeating: 0, count: 40)
        guard case .truncated = F.error({ try TIFFDecoder.decode(file) }) else { return XCTFail("expected truncated") }
    }

    func testTruncatedAtEveryByteOfRealFiles() throws {
        for name in [
            "tiff/im-45x29-LZW-assoc.tif", "tiff/im-45x29-LZW-pred2-tiles.tif",
            "tiff/im-45x29-Zip-planar-rgba.tif", "tiff/pil-45x29-P-packbits.tif",
            "tiff/pil-45x29-CMYK-tiff_lzw.tif",
        ] {
            F.assertEveryPrefixSafe(try F.bytes(name), TIFFDecoder.decode)
        }
    }
}
