import TestImages
import XCTest

@testable import Deflate
@testable import ImageDecoding
@testable import ImageEncoding
@testable import PNGCodec

/// The PNG writer: RGB or RGBA as the raster says, read back exactly, the same
/// bytes every time, and filters chosen per row.
final class PNGWriterTests: XCTestCase {
    private func raster(
        _ width: Int, _ height: Int, alpha: Bool,
        _ colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) -> Raster {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                pixels += [c.0, c.1, c.2, alpha ? c.3 : 255]
            }
        }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: alpha)
    }

    private func gradient(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        (UInt8(x * 5 & 255), UInt8(y * 3 & 255), UInt8((x * y) & 255), UInt8((x + y) * 7 & 255))
    }

    /// The inflated IDAT data of a file this writer made (one IDAT).
    private func imageData(_ file: [UInt8]) throws -> [UInt8] {
        let chunks = try PNGChunks(file)
        return try Inflate.zlib(Array(file[chunks.imageData[0]]), limit: chunks.header.filteredBytes)
    }

    func testAnOpaqueRasterIsWrittenAsRGBAndReadBack() throws {
        let image = raster(37, 23, alpha: false, gradient)
        let file = PNGWriter.encode(image)
        XCTAssertEqual(file[25], 2, "colour type RGB")
        XCTAssertEqual(file[24], 8, "bit depth 8")
        XCTAssertEqual(try PNGDecoder.decode(file), image)
    }

    func testARasterWithAlphaIsWrittenAsRGBAAndReadBack() throws {
        let image = raster(19, 31, alpha: true, gradient)
        let file = PNGWriter.encode(image)
        XCTAssertEqual(file[25], 6, "colour type RGBA")
        XCTAssertEqual(try PNGDecoder.decode(file), image)
    }

    func testOddShapesReadBack() throws {
        for (w, h) in [(1, 1), (1, 300), (700, 1), (3, 2)] {
            let image = raster(w, h, alpha: (w + h) % 2 == 0, gradient)
            XCTAssertEqual(try PNGDecoder.decode(PNGWriter.encode(image)), image, "\(w)×\(h)")
        }
    }

    func testTheSameRasterGivesTheSameBytes() {
        let image = raster(64, 48, alpha: false, gradient)
        XCTAssertEqual(PNGWriter.encode(image), PNGWriter.encode(image))
    }

    func testEachRowTakesTheFilterThatLeavesTheLeast() throws {
        // Every row equal to the one above: rows after the first are best as Up (all zeros).
        let stripes = raster(40, 4, alpha: false) { x, _ in (UInt8(x * 37 & 255), UInt8(x * 11 & 255), 9, 255) }
        let data = try imageData(PNGWriter.encode(stripes))
        let rowLength = 1 + 40 * 3
        XCTAssertEqual((1..<4).map { data[$0 * rowLength] }, [2, 2, 2])
        XCTAssertTrue(data[rowLength + 1..<(2 * rowLength)].allSatisfy { $0 == 0 })
        // A row rising by the same step each pixel: Sub leaves only the step.
        let ramp = raster(40, 1, alpha: false) { x, _ in (UInt8(x * 3), UInt8(x * 3), UInt8(x * 3), 255) }
        XCTAssertEqual(try imageData(PNGWriter.encode(ramp))[0], 1)
    }

    func testAPhotoLikeRasterCompresses() throws {
        // Smooth shading plus a little noise, 200×150: well under the raw 90 000 bytes.
        let noise = TestBytes.noise(200 * 150)
        let image = raster(200, 150, alpha: false) { x, y in
            let n = noise[y * 200 + x] & 7
            return (UInt8(x + Int(n)), UInt8(y + Int(n)), UInt8((x + y) / 2), 255)
        }
        let file = PNGWriter.encode(image)
        XCTAssertLessThan(file.count, 200 * 150 * 3 / 2)
        XCTAssertEqual(try PNGDecoder.decode(file), image)
    }
}
