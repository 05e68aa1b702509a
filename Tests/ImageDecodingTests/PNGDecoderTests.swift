import XCTest

@testable import ImageDecoding
@testable import PNGCodec

/// Decoded colours of every colour type and bit depth, the five filters, and tRNS.
final class PNGDecoderTests: XCTestCase {
    private func pixels(_ raster: Raster) -> [[UInt8]] {
        stride(from: 0, to: raster.pixels.count, by: 4).map { Array(raster.pixels[$0..<($0 + 4)]) }
    }

    func testATwoColourRGBSplitDecodes() throws {
        let red: [UInt8] = [255, 0, 0], blue: [UInt8] = [0, 0, 255]
        let file = PNGTestFile.png(
            width: 2, height: 2, depth: 8, colourType: 2,
            rows: PNGTestFile.plain([red + blue, red + blue]))
        let raster = try PNGDecoder.decode(file)
        XCTAssertEqual([raster.width, raster.height], [2, 2])
        XCTAssertFalse(raster.hasAlpha)
        XCTAssertEqual(pixels(raster), [[255, 0, 0, 255], [0, 0, 255, 255], [255, 0, 0, 255], [0, 0, 255, 255]])
    }

    func testGreyBelowEightBitsIsScaledToTheFullRange() throws {
        // 1 bit: 0, 1; 2 bits: 0...3 (×85); 4 bits: 0, 1, 15 (×17).
        let one = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 1, colourType: 0,
                rows: PNGTestFile.plain([[0b0100_0000]])))
        XCTAssertEqual(pixels(one).map { $0[0] }, [0, 255])
        let two = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 4, height: 1, depth: 2, colourType: 0,
                rows: PNGTestFile.plain([[0b0001_1011]])))
        XCTAssertEqual(pixels(two).map { $0[0] }, [0, 85, 170, 255])
        let four = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 3, height: 1, depth: 4, colourType: 0,
                rows: PNGTestFile.plain([[0x01, 0xF0]])))
        XCTAssertEqual(pixels(four), [[0, 0, 0, 255], [17, 17, 17, 255], [255, 255, 255, 255]])
    }

    func testSixteenBitSamplesKeepTheirHighByte() throws {
        let grey = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 16, colourType: 0,
                rows: PNGTestFile.plain([[0x12, 0xFF, 0xAB, 0x01]])))
        XCTAssertEqual(pixels(grey), [[0x12, 0x12, 0x12, 255], [0xAB, 0xAB, 0xAB, 255]])
        let rgb = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 1, height: 1, depth: 16, colourType: 2,
                rows: PNGTestFile.plain([[1, 2, 3, 4, 5, 6]])))
        XCTAssertEqual(pixels(rgb), [[1, 3, 5, 255]])
        let greyAlpha = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 1, height: 1, depth: 16, colourType: 4,
                rows: PNGTestFile.plain([[9, 8, 7, 6]])))
        XCTAssertEqual(pixels(greyAlpha), [[9, 9, 9, 7]])
        let rgba = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 1, height: 1, depth: 16, colourType: 6,
                rows: PNGTestFile.plain([[1, 2, 3, 4, 5, 6, 7, 8]])))
        XCTAssertEqual(pixels(rgba), [[1, 3, 5, 7]])
        XCTAssertTrue(rgba.hasAlpha)
    }

    func testEightBitGreyAlphaAndRGBA() throws {
        let greyAlpha = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 8, colourType: 4,
                rows: PNGTestFile.plain([[10, 20, 30, 40]])))
        XCTAssertEqual(pixels(greyAlpha), [[10, 10, 10, 20], [30, 30, 30, 40]])
        XCTAssertTrue(greyAlpha.hasAlpha)
        let rgba = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 1, height: 1, depth: 8, colourType: 6,
                rows: PNGTestFile.plain([[1, 2, 3, 4]])))
        XCTAssertEqual(pixels(rgba), [[1, 2, 3, 4]])
    }

    func testPalettesOfEveryDepth() throws {
        let plte = PNGTestFile.chunk("PLTE", [10, 11, 12, 20, 21, 22, 30, 31, 32, 40, 41, 42])
        let cases: [(Int, [UInt8], Int)] = [
            (1, [0b0100_0000], 2), (2, [0b0001_1011], 4), (4, [0x01, 0x23], 4),
            (8, [0, 1, 2, 3], 4),
        ]
        for (depth, row, width) in cases {
            let raster = try PNGDecoder.decode(
                PNGTestFile.png(
                    width: width, height: 1, depth: depth, colourType: 3,
                    rows: PNGTestFile.plain([row]), before: [plte]))
            XCTAssertEqual(
                pixels(raster),
                Array(
                    [
                        [10, 11, 12, 255], [20, 21, 22, 255], [30, 31, 32, 255],
                        [40, 41, 42, 255],
                    ].prefix(width)), "depth \(depth)")
            XCTAssertFalse(raster.hasAlpha)
        }
    }

    func testEveryFilterTypeIsUndone() throws {
        // A 5×4 RGB gradient with noise, each row under another filter, then all rows under each.
        let width = 5, stride = 3
        let rows: [[UInt8]] = (0..<4).map { y in
            (0..<(width * 3)).map { UInt8(truncatingIfNeeded: $0 * 37 + y * 91 + ($0 * $0 * y) % 13) }
        }
        for types in [[0, 1, 2, 3], [4, 3, 2, 1], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3], [4, 4, 4, 4]] as [[UInt8]] {
            var filtered: [[UInt8]] = []
            var previous = [UInt8](repeating: 0, count: width * 3)
            for (row, type) in zip(rows, types) {
                filtered.append(PNGTestFile.filter(row, previous: previous, stride: stride, type: type))
                previous = row
            }
            let raster = try PNGDecoder.decode(
                PNGTestFile.png(
                    width: width, height: 4, depth: 8, colourType: 2,
                    rows: filtered))
            let rgb = pixels(raster).flatMap { $0.prefix(3) }
            XCTAssertEqual(rgb, rows.flatMap { $0 }, "filters \(types)")
        }
    }

    func testABadFilterTypeByteIsCorrupt() {
        let file = PNGTestFile.png(width: 1, height: 2, depth: 8, colourType: 0, rows: [[0, 1], [5, 1]])
        XCTAssertEqual(PNGTestFile.decode(file), .failure(.corrupt("PNG filter type 5")))
    }

    func testGreyAndRGBTransparentColours() throws {
        let grey = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 8, colourType: 0,
                rows: PNGTestFile.plain([[7, 8]]),
                before: [PNGTestFile.chunk("tRNS", [0, 8])]))
        XCTAssertEqual(pixels(grey), [[7, 7, 7, 255], [8, 8, 8, 0]])
        XCTAssertTrue(grey.hasAlpha)
        let rgb = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 8, colourType: 2,
                rows: PNGTestFile.plain([[1, 2, 3, 4, 5, 6]]),
                before: [PNGTestFile.chunk("tRNS", [0, 1, 0, 2, 0, 3])]))
        XCTAssertEqual(pixels(rgb), [[1, 2, 3, 0], [4, 5, 6, 255]])
    }

    func testTransparentColoursCompareRawSamplesAtTheImageDepth() throws {
        // 2-bit grey: tRNS 2 makes level 170 transparent (Pillow compares 2 with 170 and misses it).
        let two = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 4, height: 1, depth: 2, colourType: 0,
                rows: PNGTestFile.plain([[0b0001_1011]]),
                before: [PNGTestFile.chunk("tRNS", [0, 2])]))
        XCTAssertEqual(pixels(two).map { $0[3] }, [255, 255, 0, 255])
        // 16-bit grey: all 16 bits must match (0x0100, not 0x0105).
        let sixteen = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 16, colourType: 0,
                rows: PNGTestFile.plain([[1, 0, 1, 5]]),
                before: [PNGTestFile.chunk("tRNS", [1, 0])]))
        XCTAssertEqual(pixels(sixteen), [[1, 1, 1, 0], [1, 1, 1, 255]])
        // 8-bit grey with bits above the depth set: masked to 8 bits (libpng and Pillow do so).
        let masked = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 8, colourType: 0,
                rows: PNGTestFile.plain([[7, 8]]),
                before: [PNGTestFile.chunk("tRNS", [1, 7])]))
        XCTAssertEqual(pixels(masked).map { $0[3] }, [0, 255])
        // 16-bit RGB: all 48 bits must match (Pillow compares with 8-bit values and never matches).
        let samples: [UInt8] = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 7]
        let rgb16 = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 2, height: 1, depth: 16, colourType: 2,
                rows: PNGTestFile.plain([samples]),
                before: [PNGTestFile.chunk("tRNS", [1, 2, 3, 4, 5, 6])]))
        XCTAssertEqual(pixels(rgb16), [[1, 3, 5, 0], [1, 3, 5, 255]])
    }

    func testPaletteAlphaFromTRNS() throws {
        let plte = PNGTestFile.chunk("PLTE", [1, 1, 1, 2, 2, 2, 3, 3, 3])
        let raster = try PNGDecoder.decode(
            PNGTestFile.png(
                width: 3, height: 1, depth: 8, colourType: 3,
                rows: PNGTestFile.plain([[0, 1, 2]]),
                before: [plte, PNGTestFile.chunk("tRNS", [0, 128])]))
        XCTAssertEqual(pixels(raster), [[1, 1, 1, 0], [2, 2, 2, 128], [3, 3, 3, 255]])
        XCTAssertTrue(raster.hasAlpha)
    }
}
