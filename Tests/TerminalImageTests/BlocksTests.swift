import ImageDecoding
import XCTest

@testable import TerminalImage

final class BlocksTests: XCTestCase {
    private let red = (UInt8(200), UInt8(16), UInt8(32)), blue = (UInt8(10), UInt8(40), UInt8(250))

    /// Left half: red above blue in every cell; right half: blue above red.
    private func twoColours(width: Int = 6, height: Int = 4) -> Raster {
        TestRasters.make(width: width, height: height) { x, y in
            let upper = y % 2 == 0
            let c = (x < width / 2) == upper ? red : blue
            return (c.0, c.1, c.2, 255)
        }
    }

    func testEachCellShowsItsUpperAndLowerPixelInTruecolor() {
        let screen = TestANSI(Blocks.draw(twoColours(), colours: .truecolor))
        let r = TestANSI.Colour.rgb(red.0, red.1, red.2), b = TestANSI.Colour.rgb(blue.0, blue.1, blue.2)
        XCTAssertEqual(screen.cells.count, 2)
        for row in screen.cells {
            XCTAssertEqual(
                row,
                [
                    .init(top: r, bottom: b), .init(top: r, bottom: b), .init(top: r, bottom: b),
                    .init(top: b, bottom: r), .init(top: b, bottom: r), .init(top: b, bottom: r),
                ])
        }
        XCTAssertTrue(screen.everyRowReset)
        XCTAssertTrue(screen.clean)
    }

    func testColoursAreSentOnlyWhereTheyChange() {
        let screen = TestANSI(Blocks.draw(twoColours(width: 40), colours: .truecolor))
        // One SGR at the start of the row, one at the swap, the reset at the end.
        for sgrs in screen.sgrs { XCTAssertEqual(sgrs.count, 3, "\(sgrs)") }
        XCTAssertEqual(screen.sgrs[0][0], "38;2;200;16;32;48;2;10;40;250")
        XCTAssertEqual(screen.sgrs[0][2], "0")
    }

    func testAUniformCellIsASpaceOnItsBackground() {
        let bytes = Blocks.draw(TestRasters.flat(width: 5, height: 2, 9, 8, 7), colours: .truecolor)
        XCTAssertEqual(TestEscapes.text(bytes), "\u{1B}[48;2;9;8;7m     \u{1B}[0m\n")
    }

    /// Colours the palette has are drawn as their index; others are dithered (BlocksDitherTests).
    func testPalette256DrawsAPaletteColourAsItsIndex() {
        let exact = TestRasters.make(width: 6, height: 4) { x, y in
            (x < 3) == (y % 2 == 0) ? (215, 0, 0, 255) : (0, 0, 255, 255)
        }
        let screen = TestANSI(Blocks.draw(exact, colours: .palette256))
        let r = TestANSI.Colour.indexed(Int(XtermPalette.nearest(red: 215, green: 0, blue: 0)))
        let b = TestANSI.Colour.indexed(Int(XtermPalette.nearest(red: 0, green: 0, blue: 255)))
        XCTAssertEqual(r, .indexed(160))
        XCTAssertEqual(b, .indexed(21))
        XCTAssertEqual(screen.cells[0][0], .init(top: r, bottom: b))
        XCTAssertEqual(screen.cells[1][5], .init(top: b, bottom: r))
        XCTAssertTrue(screen.clean)
    }

    func testAlphaIsComposedOverTheBackground() {
        let raster = TestRasters.make(width: 2, height: 2, hasAlpha: true) { x, y in
            y == 0 ? (255, 255, 255, x == 0 ? 0 : 128) : (100, 0, 0, 255)
        }
        let screen = TestANSI(Blocks.draw(raster, colours: .truecolor, background: RGB(10, 20, 30)))
        XCTAssertEqual(screen.cells[0][0].top, .rgb(10, 20, 30), "transparent shows the background")
        // 255·128/255 + bg·127/255, rounded.
        XCTAssertEqual(screen.cells[0][1].top, .rgb(133, 138, 143))
        XCTAssertEqual(screen.cells[0][1].bottom, .rgb(100, 0, 0))
    }

    func testAnOddLastPixelRowLeavesTheLowerHalvesOnTheTerminalBackground() {
        let raster = TestRasters.flat(width: 2, height: 3, 50, 60, 70)
        let screen = TestANSI(Blocks.draw(raster, colours: .palette256))
        XCTAssertEqual(screen.cells.count, 2)
        let c = TestANSI.Colour.indexed(Int(XtermPalette.nearest(red: 50, green: 60, blue: 70)))
        let halfEmpty = TestANSI.Cell(top: c, bottom: .terminalDefault)
        XCTAssertEqual(screen.cells[1], [halfEmpty, halfEmpty])
        XCTAssertTrue(screen.everyRowReset)
        XCTAssertTrue(screen.clean)
    }

    func testPositionedRowsStartWithACursorMoveAndHaveNoNewline() {
        let bytes = Blocks.draw(twoColours(), colours: .truecolor, layout: .at(row: 5, column: 3))
        XCTAssertFalse(bytes.contains(0x0A))
        let screen = TestANSI(bytes)
        XCTAssertEqual(screen.moves.map(\.row), [5, 6])
        XCTAssertEqual(screen.moves.map(\.column), [3, 3])
        XCTAssertEqual(screen.cells.count, 2)
        XCTAssertEqual(screen.cells[1].count, 6)
        XCTAssertTrue(screen.everyRowReset)
        XCTAssertTrue(TestEscapes.text(bytes).hasSuffix("\u{1B}[0m"))
    }

    func testAPhotoLikeImageRoundTripsThroughTheParser() {
        let raster = TestRasters.photoLike(width: 80, height: 44)
        let screen = TestANSI(Blocks.draw(raster, colours: .truecolor))
        XCTAssertEqual(screen.cells.count, 22)
        for (row, cells) in screen.cells.enumerated() {
            XCTAssertEqual(cells.count, 80)
            for (x, cell) in cells.enumerated() {
                let top = raster.pixel(x: x, y: 2 * row), bottom = raster.pixel(x: x, y: 2 * row + 1)
                XCTAssertEqual(cell, .init(top: .rgb(top.r, top.g, top.b), bottom: .rgb(bottom.r, bottom.g, bottom.b)))
            }
        }
        XCTAssertTrue(screen.everyRowReset)
        XCTAssertTrue(screen.clean)
    }

    func testAnEmptyRasterDrawsNothing() {
        XCTAssertEqual(Blocks.draw(Raster(width: 0, height: 0, pixels: [], hasAlpha: false), colours: .truecolor), [])
        let noWidth = Blocks.draw(Raster(width: 0, height: 3, pixels: [], hasAlpha: false), colours: .truecolor)
        XCTAssertEqual(TestEscapes.text(noWidth), "\u{1B}[0m\n\u{1B}[0m\n")
    }
}
