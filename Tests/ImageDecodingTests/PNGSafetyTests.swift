import XCTest

@testable import Deflate
@testable import ImageDecoding
@testable import PNGCodec

/// The safety classes of the PNG decoder, each its own test.
final class PNGSafetyTests: XCTestCase {
    func testWidthTimesHeightTimesChannelsCannotOverflow() {
        // The largest sizes IHDR allows, 16-bit RGBA: refused by size, no arithmetic trap.
        let file = PNGTestFile.png(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, depth: 16, colourType: 6, rows: [[0]])
        XCTAssertEqual(PNGTestFile.decode(file), .failure(.tooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)))
        let wide = PNGTestFile.png(width: 16385, height: 1, depth: 8, colourType: 0, rows: [[0]])
        XCTAssertEqual(PNGTestFile.decode(wide), .failure(.tooLarge(width: 16385, height: 1)))
    }

    func testHugeDimensionsInATinyFileAreRefusedBeforeAllocating() {
        // 16384×16384 RGBA would take 1 GiB; 40 bytes of image data inflate to 41 KiB at most.
        let file = PNGTestFile.png(width: 16384, height: 16384, depth: 8, colourType: 6, rows: [[0, 1, 2, 3]])
        let dataBytes = PNGTestFile.zlibStored([0, 1, 2, 3]).count
        XCTAssertEqual(
            PNGTestFile.decode(file),
            .failure(
                .truncated(
                    section: "in the image data (\(dataBytes) bytes cannot inflate to the \(16384 * (1 + 16384 * 4))"
                        + " bytes its 16384×16384 rows need)")))
    }

    func testSubByteRowsIgnoreTheirPaddingBits() throws {
        // 3 pixels of 1-bit grey and of 2-bit palette: the unused low bits are all ones.
        let grey = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 3, height: 2, depth: 1, colourType: 0,
                rows: PNGTestFile.plain([[0b1011_1111], [0b0101_1111]])))
        XCTAssertEqual(stride(from: 0, to: 24, by: 4).map { grey.pixels[$0] }, [255, 0, 255, 0, 255, 0])
        let plte = PNGTestFile.chunk("PLTE", [0, 0, 0, 50, 50, 50, 100, 100, 100, 150, 150, 150])
        let palette = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 3, height: 1, depth: 2, colourType: 3,
                rows: PNGTestFile.plain([[0b1101_0011]]), before: [plte]))
        XCTAssertEqual(stride(from: 0, to: 12, by: 4).map { palette.pixels[$0] }, [150, 50, 0])
    }

    func testAPaletteIndexPastThePaletteIsOpaqueBlack() throws {
        // As Pillow and libpng: a short palette reads as if padded with opaque black.
        let plte = PNGTestFile.chunk("PLTE", [200, 100, 50])
        let raster = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 8, colourType: 3,
                rows: PNGTestFile.plain([[0, 7]]), before: [plte]))
        XCTAssertEqual(raster.pixels, [200, 100, 50, 255, 0, 0, 0, 255])
    }

    func testATRNSLongerThanThePaletteGivesItsAlphasToIndicesPastIt() throws {
        // Pillow's reading (libpng drops such a tRNS): index 1, past the one-colour palette, is black with alpha 40.
        let plte = PNGTestFile.chunk("PLTE", [200, 100, 50])
        let trns = PNGTestFile.chunk("tRNS", [20, 40, 60])
        let raster = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 8, colourType: 3,
                rows: PNGTestFile.plain([[0, 1]]), before: [plte, trns]))
        XCTAssertEqual(raster.pixels, [200, 100, 50, 20, 0, 0, 0, 40])
    }

    func testImageDataLongerThanTheImageNeedsStopsAtTheLastRow() throws {
        // A thousand spare rows after a 1×1 image: decoding reads one row and stops.
        let rows = [[0, 9]] + [[UInt8]](repeating: [0, 1], count: 1000)
        let raster = try PNGDecoder.decode(PNGTestFile.png(width: 1, height: 1, depth: 8, colourType: 0, rows: rows))
        XCTAssertEqual(raster.pixels, [9, 9, 9, 255])
    }

    func testTooLittleImageDataIsTruncated() {
        let file = PNGTestFile.png(width: 2, height: 3, depth: 8, colourType: 0, rows: [[0, 1, 2], [0, 3, 4]])
        XCTAssertEqual(PNGTestFile.decode(file), .failure(.truncated(section: "in the image data (row 2 of 3)")))
    }

    func testCorruptImageDataThatNeverEndsIsRefused() {
        // Deflate data of endless empty stored blocks: consumed, then truncated, never a hang.
        var data: [UInt8] = [0x78, 0x01]
        for _ in 0..<5000 { data += [0x00, 0x00, 0x00, 0xFF, 0xFF] }
        let file =
            PNGChunks.signature + PNGTestFile.ihdr(width: 1, height: 1, depth: 8, colourType: 0)
            + PNGTestFile.chunk("IDAT", data) + PNGTestFile.chunk("IEND", [])
        XCTAssertEqual(PNGTestFile.decode(file), .failure(.truncated(section: "in the image data")))
    }

    func testEveryPrefixOfARealFileThrowsOrDecodes() throws {
        for name in ["pillow-rgba-37x23.png", "pypng-rgb-interlaced-13x11.png"] {
            let file = try PNGFixtures.load(name)
            for cut in 0..<file.count {
                if case .success(let raster) = PNGTestFile.decode(Array(file[..<cut])) {
                    // Only a cut after the last pixel's data (in the end-of-block code, the Adler-32,
                    // IDAT's CRC or IEND) can still give the whole image.
                    XCTAssertGreaterThan(cut, file.count - 23, "\(name) prefix \(cut)")
                    XCTAssertEqual(raster, try PNGDecoder.decode(file))
                }
            }
            // Every row is in once the Adler-32 begins: the checksum is never read, as in Pillow.
            XCTAssertEqual(try PNGDecoder.decode(Array(file.dropLast(20))), try PNGDecoder.decode(file), name)
        }
    }

    func testDataPastTheLastRowIsNotInflated() throws {
        // After the one row a 1×1 image needs, a stored block claims more than the file holds:
        // decoding stops at the row and never reaches it.
        var data: [UInt8] = [0x78, 0x01, 0x00, 0x02, 0x00, 0xFD, 0xFF, 0x00, 0x07]
        data += [0x01, 0xFF, 0x00, 0x00, 0xFF, 0x01]
        let file =
            PNGChunks.signature + PNGTestFile.ihdr(width: 1, height: 1, depth: 8, colourType: 0)
            + PNGTestFile.chunk("IDAT", data) + PNGTestFile.chunk("IEND", [])
        XCTAssertEqual(try PNGDecoder.decode(file).pixels, [7, 7, 7, 255])
    }

    func testAPillowFileDecodesToItsFormula() throws {
        let raster = try PNGDecoder.decode(try PNGFixtures.load("pillow-rgba-37x23.png"))
        XCTAssertEqual([raster.width, raster.height], [37, 23])
        XCTAssertTrue(raster.hasAlpha)
        for y in 0..<23 {
            for x in 0..<37 {
                let p = raster.pixel(x: x, y: y)
                XCTAssertEqual([p.r, p.g, p.b, p.a], PNGFixtures.pillowRGBA(x: x, y: y), "(\(x), \(y))")
            }
        }
    }
}
