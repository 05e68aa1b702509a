import ImageDecoding
import XCTest

/// The collecting sink every whole-picture decode will go through once its decoder streams.
final class RowSinkTests: XCTestCase {
    func testRowsInOrderMakeTheRaster() throws {
        let sink = RasterRows()
        try sink.begin(width: 2, height: 3, hasAlpha: true)
        XCTAssertNil(sink.raster(), "no raster before every row came")
        for y in 0..<3 {
            let row: [UInt8] = (0..<8).map { UInt8(y * 8 + $0) }
            row.withUnsafeBufferPointer { sink.row(y, $0.baseAddress!) }
        }
        let raster = try XCTUnwrap(sink.raster())
        XCTAssertEqual(raster.width, 2)
        XCTAssertEqual(raster.height, 3)
        XCTAssertTrue(raster.hasAlpha)
        XCTAssertEqual(raster.pixels, (0..<24).map(UInt8.init))
    }

    func testASizeOverTheLimitsIsRefusedBeforeAnyMemory() {
        let sink = RasterRows()
        XCTAssertThrowsError(try sink.begin(width: 16385, height: 1, hasAlpha: false))
        XCTAssertThrowsError(try sink.begin(width: 0, height: 5, hasAlpha: false))
    }
}
