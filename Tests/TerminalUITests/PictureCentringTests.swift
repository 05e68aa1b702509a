import ImageDecoding
import TerminalImage
import XCTest

@testable import TerminalUI

/// Where pictures sit in a picker cell or the browser: centred by their pixels, on the nearest
/// whole cell (they can only start on one), for kitty, iTerm2 and sixel as for half blocks.
final class PictureCentringTests: XCTestCase {
    private let cell = CellPixels(width: 10, height: 20)

    private func shown(_ width: Int, _ height: Int, in rect: CellRect, way: GraphicsWay = .kitty) -> CellRect {
        let drawer = PictureRenderer(choice: GraphicsChoice(way: way))
        let size = drawer.pixelSize(
            width: width, height: height, columns: rect.width, rows: rect.height, cellPixels: cell)
        let raster = Raster(
            width: size.width, height: size.height,
            pixels: [UInt8](repeating: 90, count: size.width * size.height * 4), hasAlpha: false)
        return drawer.placement(of: raster, key: "k", slot: 0, in: rect, cellPixels: cell).rect
    }

    func testALandscapePictureOfFourAndAHalfRowsStartsOneRowDownInSix() {
        // 140×93 pixels in 14×6 cells of 10×20: 4.65 rows tall, 5 covered; 27 pixels spare
        // above and below, which is 1.35 rows: the nearest cell is the second.
        let rect = CellRect(top: 3, left: 7, width: 14, height: 6)
        let placed = shown(451, 300, in: rect)
        XCTAssertEqual(placed, CellRect(top: 4, left: 7, width: 14, height: 5))
    }

    func testAPortraitPictureIsCentredAcrossAndFillsTheHeight() {
        // 60×120 pixels fill 6 rows; 6 of 14 columns, 4 spare on each side.
        let rect = CellRect(top: 0, left: 0, width: 14, height: 6)
        XCTAssertEqual(shown(300, 600, in: rect), CellRect(top: 0, left: 4, width: 6, height: 6))
    }

    /// Konsole blanks the column right of an iTerm2 or sixel picture: theirs is centred in all
    /// but the last column, which stays free for the frame beside it.
    func testITerm2AndSixelLeaveTheLastColumnFree() {
        let rect = CellRect(top: 3, left: 7, width: 14, height: 6)
        XCTAssertEqual(shown(451, 300, in: rect, way: .kitty), CellRect(top: 4, left: 7, width: 14, height: 5))
        // 130×86 pixels in 13 columns.
        XCTAssertEqual(shown(451, 300, in: rect, way: .iterm), CellRect(top: 4, left: 7, width: 13, height: 5))
        // 126×84 (whole bands of 6) in 13 columns: 4 pixels spare do not move it.
        XCTAssertEqual(shown(451, 300, in: rect, way: .sixel), CellRect(top: 4, left: 7, width: 13, height: 5))
        // A portrait picture is centred in the 13.
        XCTAssertEqual(shown(300, 600, in: rect, way: .sixel), CellRect(top: 3, left: 10, width: 6, height: 6))
    }

    func testAPictureNeverPassesItsRectangle() {
        for (width, height) in [(1, 1), (1000, 1), (1, 1000), (451, 300), (300, 451)] {
            for way in [GraphicsWay.sixel, .kitty, .iterm] {
                let rect = CellRect(top: 2, left: 3, width: 9, height: 5)
                let placed = shown(width, height, in: rect, way: way)
                XCTAssertGreaterThanOrEqual(placed.top, rect.top, "\(width)×\(height) \(way)")
                XCTAssertGreaterThanOrEqual(placed.left, rect.left)
                XCTAssertLessThanOrEqual(
                    placed.top + placed.height, rect.top + rect.height, "\(width)×\(height) \(way)")
                XCTAssertLessThanOrEqual(placed.left + placed.width, rect.left + rect.width)
            }
        }
    }

    func testHalfBlocksAreCentredByHalfRows() {
        // 17×11 half blocks (5½ rows) in 17×7 cells: 3 half rows spare, ¾ of a row above.
        let rect = CellRect(top: 1, left: 2, width: 17, height: 7)
        let raster = Raster(width: 17, height: 11, pixels: [UInt8](repeating: 90, count: 17 * 11 * 4), hasAlpha: false)
        let drawer = PictureRenderer(choice: GraphicsChoice(way: .blocks, colours: .truecolor))
        XCTAssertEqual(
            drawer.placement(of: raster, key: "k", slot: 0, in: rect, cellPixels: .unknown).rect,
            CellRect(top: 2, left: 2, width: 17, height: 6))
        // Half a cell spare stays below and right: 4 columns in 7 start 1 in.
        let small = Raster(width: 4, height: 4, pixels: [UInt8](repeating: 90, count: 64), hasAlpha: false)
        XCTAssertEqual(
            drawer.placement(
                of: small, key: "k", slot: 0, in: CellRect(top: 0, left: 0, width: 7, height: 2), cellPixels: .unknown
            )
            .rect, CellRect(top: 0, left: 1, width: 4, height: 2))
    }
}
