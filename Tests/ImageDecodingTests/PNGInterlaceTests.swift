import XCTest

@testable import ImageDecoding
@testable import PNGCodec

/// Adam7 on images of every awkward size: narrower or shorter than 8 pixels,
/// one pixel wide or high, with passes that hold nothing.
final class PNGInterlaceTests: XCTestCase {
    /// A distinct colour for every pixel of a `width`×`height` image.
    private func colours(_ width: Int, _ height: Int) -> [[UInt8]] {
        (0..<height).map { (y: Int) -> [UInt8] in
            var row: [UInt8] = []
            for x in 0..<width { row += [UInt8(x * 7 & 255), UInt8(y * 5 & 255), UInt8((x + y) & 255)] }
            return row
        }
    }

    private func checkInterlacedMatchesPlain(
        _ width: Int, _ height: Int, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let image = colours(width, height)
        let interlaced = try PNGDecoder.decode(
            PNGTestFile.png(
                width: width, height: height, depth: 8, colourType: 2, interlaced: true,
                rows: PNGTestFile.adam7RGB(image, width: width, height: height)))
        let plain = try PNGDecoder.decode(
            PNGTestFile.png(
                width: width, height: height, depth: 8, colourType: 2,
                rows: PNGTestFile.plain(image)))
        XCTAssertEqual(interlaced, plain, "\(width)×\(height)", file: file, line: line)
        XCTAssertEqual(
            interlaced.pixel(x: width - 1, y: height - 1).r, UInt8((width - 1) * 7 & 255),
            file: file, line: line)
    }

    func testAdam7OnAOnePixelImage() throws { try checkInterlacedMatchesPlain(1, 1) }

    func testAdam7OnOnePixelWideAndOnePixelHighImages() throws {
        for n in [2, 3, 5, 8, 9, 17] {
            try checkInterlacedMatchesPlain(1, n)
            try checkInterlacedMatchesPlain(n, 1)
        }
    }

    func testAdam7OnImagesNarrowerOrShorterThanEightPixels() throws {
        for (w, h) in [(2, 2), (3, 7), (7, 3), (4, 5), (5, 4), (6, 6), (7, 7)] { try checkInterlacedMatchesPlain(w, h) }
    }

    func testAdam7OnLargerOddSizes() throws {
        for (w, h) in [(8, 8), (9, 9), (13, 11), (16, 1), (33, 17)] { try checkInterlacedMatchesPlain(w, h) }
    }

    func testAdam7WithSubBytePixelsPadsEachPassRow() throws {
        // 1-bit grey, 3×3: pass rows of 1 or 2 pixels, each padded to a byte (padding bits set, to be ignored).
        let passes: [[UInt8]] = [
            [0, 0b1111_1111],  // pass 1: (0,0) = 1
            [0, 0b0111_1111],  // pass 4: (2,0) = 0
            [0, 0b1011_1111],  // pass 5: (0,2) = 1, (2,2) = 0
            [0, 0b0111_1111],  // pass 6: (1,0) = 0
            [0, 0b1111_1111],  // pass 6: (1,2) = 1
            [0, 0b0101_1111],  // pass 7: row 1 = 0, 1, 0
        ]
        let raster = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 3, height: 3, depth: 1, colourType: 0,
                interlaced: true, rows: passes))
        let grey = stride(from: 0, to: 36, by: 4).map { raster.pixels[$0] }
        XCTAssertEqual(grey, [255, 0, 0, 0, 255, 0, 255, 255, 0])
    }

    func testAnInterlacedFileFromPypng() throws {
        let raster = try PNGDecoder.decode(try PNGFixtures.load("pypng-rgb-interlaced-13x11.png"))
        XCTAssertEqual([raster.width, raster.height], [13, 11])
        for y in 0..<11 {
            for x in 0..<13 {
                let p = raster.pixel(x: x, y: y)
                XCTAssertEqual([p.r, p.g, p.b, p.a], PNGFixtures.pypngRGB(x: x, y: y), "(\(x), \(y))")
            }
        }
    }
}
