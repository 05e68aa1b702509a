import XCTest

@testable import BMPCodec
@testable import ImageDecoding

/// The whole-picture BMP decode (rows straight into the raster, bands of rows on every core) against
/// the row decode into `RasterRows` it replaced: the same pixels and alpha for every uncompressed
/// layout, at sizes split into several bands and too small to be split.
final class BMPWholeDecodeTests: XCTestCase {
    private func rowDecode(_ file: [UInt8]) throws -> Raster {
        let rows = RasterRows()
        try BMPDecoder.decode(file, into: rows)
        return try XCTUnwrap(rows.raster())
    }

    func testTheWholeDecodeGivesTheRowDecodesPixels() throws {
        var seed: UInt32 = 25
        for (width, height) in [(1, 1), (3, 5), (401, 347), (640, 481)] {
            for (bits, masks, topDown) in [
                (24, nil, false), (24, nil, true), (32, nil, false), (8, nil, false), (4, nil, true),
                (16, nil, false), (32, [0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000], false),
                (16, [0xF800, 0x7E0, 0x1F], true),
            ] as [(Int, [Int]?, Bool)] {
                var builder = BMPTestBuilder(width: width, height: height, bits: bits)
                builder.topDown = topDown
                if let masks {
                    builder.compression = 3
                    builder.headerSize = masks.count == 4 ? 56 : 40
                    builder.masks = masks
                }
                if bits <= 8 { builder.palette = (0..<(1 << bits)).map { [UInt8($0 * 7 & 255), UInt8($0), 9] } }
                let rowBytes = ((width * bits + 31) >> 3) & ~3
                let pixels = (0..<(rowBytes * height)).map { _ in
                    seed = seed &* 1_103_515_245 &+ 12345
                    return UInt8(seed >> 16 & 255)
                }
                let file = builder.file(pixels)
                let whole = try BMPDecoder.decode(file)
                let rows = try rowDecode(file)
                XCTAssertEqual(whole, rows, "\(width)×\(height) \(bits) bits masks \(masks ?? []) top-down \(topDown)")
                XCTAssertEqual(
                    try rowsRead(file), whole, "BMPRows: \(width)×\(height) \(bits) bits masks \(masks ?? [])")
            }
        }
    }

    /// The picture as BMPRows reads it: the prefix, then each row from its place in the file.
    private func rowsRead(_ file: [UInt8]) throws -> Raster {
        let prefix = Array(file.prefix(BMPRows.prefixBytes))
        let reader = try XCTUnwrap(try BMPRows(prefix: prefix, fileBytes: file.count))
        var pixels = [UInt8](repeating: 0, count: reader.width * reader.height * 4)
        file.withUnsafeBufferPointer { file in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<reader.height {
                    let line = pixels.baseAddress! + y * reader.width * 4
                    reader.pixels(of: file.baseAddress! + reader.place(ofRow: y), into: line)
                }
            }
        }
        return Raster(width: reader.width, height: reader.height, pixels: pixels, hasAlpha: reader.hasAlpha)
    }

    /// 24- and 32-bit rows, read whole words at a time where they can be, against the bytes themselves.
    func testByteLayoutsGiveTheirOwnBytes() throws {
        var seed: UInt32 = 44
        for bits in [24, 32] {
            for width in 1...13 {
                let rowBytes = ((width * bits + 31) >> 3) & ~3
                let pixels = (0..<(rowBytes * 3)).map { _ in
                    seed = seed &* 1_103_515_245 &+ 12345
                    return UInt8(seed >> 16 & 255)
                }
                let raster = try BMPDecoder.decode(BMPTestBuilder(width: width, height: 3, bits: bits).file(pixels))
                for y in 0..<3 {
                    for x in 0..<width {
                        let at = (2 - y) * rowBytes + x * bits / 8, i = (y * width + x) * 4
                        let expected = [pixels[at + 2], pixels[at + 1], pixels[at], 255]
                        XCTAssertEqual(
                            Array(raster.pixels[i..<i + 4]), expected, "\(bits) bits, \(width) wide, \(x), \(y)")
                    }
                }
            }
        }
    }

    func testARunLengthFileIsNotReadByRows() throws {
        var builder = BMPTestBuilder(width: 4, height: 2, bits: 8)
        builder.compression = 1
        builder.palette = (0..<256).map { [UInt8($0), 0, 0] }
        let file = builder.file([4, 1, 0, 0, 4, 2, 0, 1])
        XCTAssertNil(try BMPRows(prefix: file, fileBytes: file.count))
    }

    func testATruncatedFileIsRefusedByBoth() {
        let file = BMPTestBuilder(width: 300, height: 300, bits: 24).file([UInt8](repeating: 7, count: 1000))
        XCTAssertThrowsError(try BMPDecoder.decode(file))
        XCTAssertThrowsError(try rowDecode(file))
        XCTAssertThrowsError(try BMPRows(prefix: file, fileBytes: file.count))
    }
}
