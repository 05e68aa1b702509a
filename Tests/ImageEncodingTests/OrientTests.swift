import XCTest

@testable import ImageDecoding
@testable import ImageEncoding

/// A labelled 3×2 raster (red = 10·x + y) through each EXIF orientation; the expected layouts follow the EXIF
/// definition and were checked once against Pillow's ImageOps.exif_transpose.
final class OrientTests: XCTestCase {
    let labelled: Raster = {
        var pixels: [UInt8] = []
        for y in 0..<2 { for x in 0..<3 { pixels += [UInt8(10 * x + y), 0, 0, 255] } }
        return Raster(width: 3, height: 2, pixels: pixels, hasAlpha: false)
    }()

    func labels(_ raster: Raster) -> [[Int]] {
        (0..<raster.height).map { y in (0..<raster.width).map { x in Int(raster.pixel(x: x, y: y).r) } }
    }

    func testEachOrientationPutsEveryPixelWhereEXIFSays() {
        let expected: [Int: [[Int]]] = [
            1: [[0, 10, 20], [1, 11, 21]],
            2: [[20, 10, 0], [21, 11, 1]],
            3: [[21, 11, 1], [20, 10, 0]],
            4: [[1, 11, 21], [0, 10, 20]],
            5: [[0, 1], [10, 11], [20, 21]],
            6: [[1, 0], [11, 10], [21, 20]],
            7: [[21, 20], [11, 10], [1, 0]],
            8: [[20, 21], [10, 11], [0, 1]],
        ]
        for (orientation, layout) in expected {
            XCTAssertEqual(labels(labelled.oriented(orientation)), layout, "orientation \(orientation)")
        }
    }

    func testOrientationsFiveToEightSwapTheSides() {
        for orientation in 5...8 {
            let turned = labelled.oriented(orientation)
            XCTAssertEqual([turned.width, turned.height], [2, 3])
        }
    }

    func testOtherValuesLeaveTheRasterAsItIs() {
        for orientation in [0, 1, 9, -3, 1000] { XCTAssertEqual(labelled.oriented(orientation), labelled) }
    }

    func testAlphaAndTheFlagTravelWithThePixels() {
        let raster = Raster(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8], hasAlpha: true)
        let turned = raster.oriented(6)
        XCTAssertEqual(turned.pixels, [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertTrue(turned.hasAlpha)
        XCTAssertEqual(raster.oriented(3).pixels, [5, 6, 7, 8, 1, 2, 3, 4])
    }
}
