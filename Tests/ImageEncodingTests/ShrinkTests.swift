import TestImages
import XCTest

@testable import ImageDecoding
@testable import ImageEncoding

/// Expected values are Pillow 13's `Image.fromarray(a, "RGBA").resize((w, h), Image.BOX)`, hashed with FNV-1a
/// over the RGBA bytes where a whole image is compared.
final class ShrinkTests: XCTestCase {
    func pattern(_ width: Int, _ height: Int, alpha: Bool) -> Raster {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [
                    UInt8((x * 7 + y * 13) % 256), UInt8((x * x + y * 3) % 256), UInt8((x * y * 5 + 11) % 256),
                    alpha ? UInt8((x * 31 + y * 17) % 256) : 255,
                ]
            }
        }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: alpha)
    }

    func testAWholePixelWhoseCentreFallsInTheAreaCountsWholeAsInPillow() {
        let row = Raster(
            width: 5, height: 1, pixels: [0, 0, 0, 255, 0, 0, 0, 255] + [UInt8](repeating: 255, count: 12),
            hasAlpha: false)
        let shrunk = row.shrunk(toWidth: 2, height: 1)
        XCTAssertEqual([shrunk.pixel(x: 0, y: 0).r, shrunk.pixel(x: 1, y: 0).r], [85, 255])
    }

    func testAlphaIsPremultipliedWhileAveragingAndDividedOutAfter() {
        let opaqueAndClear = Raster(width: 2, height: 1, pixels: [200, 100, 50, 255, 0, 0, 0, 0], hasAlpha: true)
        XCTAssertEqual(opaqueAndClear.shrunk(toWidth: 1, height: 1).pixels, [199, 99, 49, 128])
        let halfAndQuarter = Raster(width: 2, height: 1, pixels: [200, 100, 50, 128, 10, 20, 30, 64], hasAlpha: true)
        XCTAssertEqual(halfAndQuarter.shrunk(toWidth: 1, height: 1).pixels, [138, 74, 45, 96])
    }

    func testHorizontalFirstMatchesPillowExactly() {
        XCTAssertEqual(
            TestBytes.fnv(pattern(61, 37, alpha: false).shrunk(toWidth: 17, height: 11).pixels),
            0xe707_c543_4665_c828)
        XCTAssertEqual(
            TestBytes.fnv(pattern(61, 37, alpha: true).shrunk(toWidth: 17, height: 11).pixels),
            0x874c_4570_c01b_a6ed)
    }

    /// Pillow 13 runs the vertical pass first when twice the columns removed are fewer than the rows removed;
    /// the order changes rounding, so these sizes pin it.
    func testVerticalFirstMatchesPillowExactly() {
        XCTAssertEqual(
            TestBytes.fnv(pattern(44, 56, alpha: false).shrunk(toWidth: 38, height: 29).pixels),
            0x8f97_fabb_74bb_7178)
        XCTAssertEqual(
            TestBytes.fnv(pattern(44, 56, alpha: true).shrunk(toWidth: 38, height: 29).pixels),
            0x4874_978f_0b42_7b2c)
        XCTAssertEqual(
            TestBytes.fnv(pattern(40, 30, alpha: true).shrunk(toWidth: 40, height: 7).pixels),
            0x50ce_93f9_594c_c917)
    }

    func testNeverEnlargesAndKeepsTheSizeAsked() {
        let source = pattern(10, 8, alpha: false)
        XCTAssertEqual(source.shrunk(toWidth: 10, height: 8), source)
        let larger = source.shrunk(toWidth: 20, height: 30)
        XCTAssertEqual([larger.width, larger.height], [10, 8])
        let one = source.shrunk(toWidth: 1, height: 1)
        XCTAssertEqual([one.width, one.height, one.pixels.count], [1, 1, 4])
        XCTAssertFalse(one.hasAlpha)
    }

    func testASolidColourStaysThatColour() {
        let colour: [UInt8] = [12, 200, 99, 255]
        let solid = Raster(width: 37, height: 23, pixels: (0..<37 * 23).flatMap { _ in colour }, hasAlpha: false)
        let shrunk = solid.shrunk(toWidth: 5, height: 3)
        XCTAssertTrue(
            stride(from: 0, to: shrunk.pixels.count, by: 4).allSatisfy {
                Array(shrunk.pixels[$0..<$0 + 4]) == [12, 200, 99, 255]
            })
    }
}
