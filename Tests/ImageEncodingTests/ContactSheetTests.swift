import XCTest

@testable import ImageDecoding
@testable import ImageEncoding

final class ContactSheetTests: XCTestCase {
    func testTheLayoutFollowsTheSpecFormula() {
        let layout = SheetLayout(cell: 256, columns: 3, count: 7)
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual(layout.rows, 3)
        XCTAssertEqual(layout.width, 8 + 3 * 264)
        XCTAssertEqual(layout.height, 8 + 3 * 264)
        XCTAssertTrue(layout.origin(of: 0) == (8, 8))
        XCTAssertTrue(layout.origin(of: 4) == (8 + 264, 8 + 264))
        XCTAssertTrue(layout.origin(of: 6) == (8, 8 + 2 * 264))
    }

    func testFewerPicturesThanColumnsMakeANarrowerSheet() {
        let layout = SheetLayout(cell: 100, columns: 3, count: 2)
        XCTAssertEqual(layout.columns, 2)
        XCTAssertEqual(layout.width, 8 + 2 * 108)
        XCTAssertEqual(layout.height, 8 + 108)
    }

    func testEachPictureIsCentredInItsCellOnWhite() throws {
        let red = solid(40, 20, (255, 0, 0))
        let green = solid(10, 30, (0, 255, 0))
        let layout = SheetLayout(cell: 40, columns: 2, count: 2)
        let sheet = try ContactSheet.draw(
            [
                .init(picture: red, index: 1, current: false),
                .init(picture: green, index: 2, current: true),
            ],
            layout: layout, labels: false)
        XCTAssertEqual(sheet.width, 8 + 2 * 48)
        // Cell 0 at (8, 8): a 40×20 picture sits at y 18..<38.
        XCTAssertTrue(sheet.pixel(x: 8 + 20, y: 8 + 20) == (255, 0, 0, 255))
        XCTAssertTrue(sheet.pixel(x: 8 + 20, y: 8 + 9) == (255, 255, 255, 255))
        XCTAssertTrue(sheet.pixel(x: 8 + 20, y: 8 + 29) == (255, 0, 0, 255))
        XCTAssertTrue(sheet.pixel(x: 8 + 20, y: 8 + 30) == (255, 255, 255, 255))
        // Cell 1 at (56, 8): a 10×30 picture sits at x 71..<81.
        XCTAssertTrue(sheet.pixel(x: 56 + 20, y: 8 + 20) == (0, 255, 0, 255))
        XCTAssertTrue(sheet.pixel(x: 56 + 14, y: 8 + 20) == (255, 255, 255, 255))
        // The gap between cells stays white.
        XCTAssertTrue(sheet.pixel(x: 52, y: 20) == (255, 255, 255, 255))
        XCTAssertFalse(sheet.hasAlpha)
    }

    func testTransparencyIsComposedOverWhite() throws {
        var half = solid(2, 2, (0, 0, 0))
        for i in stride(from: 3, to: half.pixels.count, by: 4) { half.pixels[i] = 128 }
        let sheet = try ContactSheet.draw(
            [.init(picture: half, index: 1, current: false)],
            layout: SheetLayout(cell: 2, columns: 1, count: 1), labels: false)
        XCTAssertTrue(sheet.pixel(x: 8, y: 8) == (127, 127, 127, 255))
    }

    func testBadgesAreDarkAndTheCurrentOneBlueWithAWhiteIndex() throws {
        let cells = (1...2).map {
            ContactSheet.Cell(picture: solid(64, 64, (200, 200, 0)), index: $0, current: $0 == 2)
        }
        let sheet = try ContactSheet.draw(cells, layout: SheetLayout(cell: 64, columns: 2, count: 2), labels: true)
        // Corner pixels of each badge (no glyph reaches the badge's edge).
        XCTAssertTrue(sheet.pixel(x: 8, y: 8) == (48, 48, 48, 255))
        XCTAssertTrue(sheet.pixel(x: 8 + 72, y: 8) == (0, 122, 255, 255))
        // The badge ends at a quarter of the cell, 16 pixels; the picture shows beyond it.
        XCTAssertTrue(sheet.pixel(x: 8 + 15, y: 8 + 15) == (48, 48, 48, 255))
        XCTAssertTrue(sheet.pixel(x: 8 + 16, y: 8 + 16) == (200, 200, 0, 255))
        // Some white pixels inside each badge: the digits.
        XCTAssertTrue(whitePixels(sheet, x: 8, y: 8, side: 16) >= 10)
        XCTAssertTrue(whitePixels(sheet, x: 80, y: 8, side: 16) >= 10)
        // "1" and "2" differ.
        XCTAssertNotEqual(
            region(sheet, x: 8, y: 8, side: 16).map { $0 == 255 },
            region(sheet, x: 80, y: 8, side: 16).map { $0 == 255 })
    }

    func testNoLabelsMeansNoBadge() throws {
        let sheet = try ContactSheet.draw(
            [.init(picture: solid(64, 64, (200, 200, 0)), index: 1, current: true)],
            layout: SheetLayout(cell: 64, columns: 1, count: 1), labels: false)
        XCTAssertTrue(sheet.pixel(x: 8, y: 8) == (200, 200, 0, 255))
    }

    func testTheSameCellsGiveTheSameBytes() throws {
        let cells = [ContactSheet.Cell(picture: solid(30, 20, (1, 2, 3)), index: 9, current: true)]
        let layout = SheetLayout(cell: 32, columns: 3, count: 1)
        XCTAssertEqual(
            try ContactSheet.draw(cells, layout: layout, labels: true),
            try ContactSheet.draw(cells, layout: layout, labels: true))
    }

    private func solid(_ w: Int, _ h: Int, _ c: (UInt8, UInt8, UInt8)) -> Raster {
        Raster(
            width: w, height: h, pixels: Array((0..<(w * h)).flatMap { _ in [c.0, c.1, c.2, 255] }), hasAlpha: false)
    }

    /// The red channel of a square region.
    private func region(_ r: Raster, x: Int, y: Int, side: Int) -> [UInt8] {
        (y..<(y + side)).flatMap { row in (x..<(x + side)).map { r.pixel(x: $0, y: row).r } }
    }

    private func whitePixels(_ r: Raster, x: Int, y: Int, side: Int) -> Int {
        (y..<(y + side)).flatMap { row in (x..<(x + side)).map { r.pixel(x: $0, y: row) } }
            .filter { $0 == (255, 255, 255, 255) }.count
    }
}
