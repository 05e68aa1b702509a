import XCTest

@testable import TerminalImage

final class FitTests: XCTestCase {
    /// 80×24 cells of 10×20 pixels.
    private let window = WindowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)

    func testAPhotoFillsTheHeightLessTheTextRows() {
        let box = Fit.graphics(width: 4000, height: 3000, window: window, reservedRows: 2)
        XCTAssertEqual(box, ImageBox(columns: 59, rows: 22, pixelWidth: 586, pixelHeight: 440, pixelsKnown: true))
    }

    func testAPanoramaFillsTheWidthExactly() {
        let box = Fit.graphics(width: 9000, height: 1000, window: window, reservedRows: 2)
        XCTAssertEqual(box, ImageBox(columns: 80, rows: 5, pixelWidth: 800, pixelHeight: 88, pixelsKnown: true))
    }

    /// Konsole's 79×119 thumbnail in 7 rows of 17 pixels: sent as 20 bands of 6 (120 pixels),
    /// it reached into an 8th row, which Konsole blanked, frame and all.
    func testSixelFitsInWholeBandsInsideItsCells() {
        let cells = WindowSize(columns: 10, rows: 7, pixelWidth: 80, pixelHeight: 119)
        let plain = Fit.graphics(width: 800, height: 1200, window: cells, reservedRows: 0)
        XCTAssertEqual(plain, ImageBox(columns: 10, rows: 7, pixelWidth: 79, pixelHeight: 119, pixelsKnown: true))
        let sixel = Fit.graphics(width: 800, height: 1200, window: cells, reservedRows: 0, band: Fit.sixelBand)
        XCTAssertEqual(sixel, ImageBox(columns: 10, rows: 7, pixelWidth: 76, pixelHeight: 114, pixelsKnown: true))
        // foot's 120×50 window of 7×14 cells: 840×560 would be 93⅓ bands; 558 pixels are 93.
        let foot = WindowSize(columns: 120, rows: 50, pixelWidth: 840, pixelHeight: 700)
        let wide = Fit.graphics(width: 1800, height: 1200, window: foot, reservedRows: 2, band: Fit.sixelBand)
        XCTAssertEqual(wide, ImageBox(columns: 120, rows: 40, pixelWidth: 837, pixelHeight: 558, pixelsKnown: true))
        // Even a picture at its own size: 100 pixels would reach a 6th row of 20 in its 17th band.
        let small = Fit.graphics(width: 10, height: 100, window: window, reservedRows: 0, band: Fit.sixelBand)
        XCTAssertEqual(small, ImageBox(columns: 1, rows: 5, pixelWidth: 10, pixelHeight: 96, pixelsKnown: true))
        // Bands of 1 (kitty, iTerm2) change nothing.
        XCTAssertEqual(Fit.graphics(width: 10, height: 100, window: window, reservedRows: 0).pixelHeight, 100)
    }

    func testGraphicsAreNeverEnlarged() {
        let box = Fit.graphics(width: 100, height: 50, window: window, reservedRows: 2)
        XCTAssertEqual(box, ImageBox(columns: 10, rows: 3, pixelWidth: 100, pixelHeight: 50, pixelsKnown: true))
        let dot = Fit.graphics(width: 1, height: 1, window: window, reservedRows: 2)
        XCTAssertEqual(dot, ImageBox(columns: 1, rows: 1, pixelWidth: 1, pixelHeight: 1, pixelsKnown: true))
    }

    func testUnknownPixelsTakeTheAssumedCell() {
        let box = Fit.graphics(width: 4000, height: 3000, window: WindowSize(columns: 80, rows: 24), reservedRows: 2)
        XCTAssertEqual(box, ImageBox(columns: 59, rows: 22, pixelWidth: 586, pixelHeight: 440, pixelsKnown: false))
        // One side reported alone is no size.
        let half = Fit.graphics(
            width: 4000, height: 3000, window: WindowSize(columns: 80, rows: 24, pixelWidth: 1600),
            reservedRows: 2)
        XCTAssertFalse(half.pixelsKnown)
    }

    func testRealCellShapeIsUsed() {
        // Cells of 8×17 (a common font): 100 columns, 30 rows.
        let tall = WindowSize(columns: 100, rows: 30, pixelWidth: 800, pixelHeight: 510)
        let box = Fit.graphics(width: 3000, height: 3000, window: tall, reservedRows: 1)
        XCTAssertEqual(box, ImageBox(columns: 62, rows: 29, pixelWidth: 493, pixelHeight: 493, pixelsKnown: true))
    }

    func testNoRowsLeftStillGivesOneRow() {
        let box = Fit.graphics(
            width: 400, height: 300,
            window: WindowSize(
                columns: 10, rows: 2, pixelWidth: 100,
                pixelHeight: 40), reservedRows: 5)
        XCTAssertEqual(box.rows, 1)
        XCTAssertEqual(box.pixelHeight, 20)
        XCTAssertEqual(box.pixelWidth, 26)
    }

    func testBlocksGridIsColumnsByTwiceTheRows() {
        let box = Fit.blocks(width: 4000, height: 3000, window: WindowSize(columns: 80, rows: 24), reservedRows: 2)
        XCTAssertEqual(box, ImageBox(columns: 58, rows: 22, pixelWidth: 58, pixelHeight: 44, pixelsKnown: false))
        let wide = Fit.blocks(width: 1000, height: 100, window: WindowSize(columns: 80, rows: 24), reservedRows: 2)
        XCTAssertEqual(wide, ImageBox(columns: 80, rows: 4, pixelWidth: 80, pixelHeight: 8, pixelsKnown: false))
    }

    func testBlocksEnlargeASmallImage() {
        let box = Fit.blocks(width: 16, height: 16, window: WindowSize(columns: 80, rows: 24), reservedRows: 2)
        XCTAssertEqual(box, ImageBox(columns: 44, rows: 22, pixelWidth: 44, pixelHeight: 44, pixelsKnown: false))
    }

    func testBlocksUseTheCellShapeWhenKnownAndMayEndOnAHalfRow() {
        // Cells of 10×30: a half block is 10×15, so a square image is 3 columns for every 2 half rows.
        let window = WindowSize(columns: 80, rows: 20, pixelWidth: 800, pixelHeight: 600)
        let box = Fit.blocks(width: 1000, height: 1000, window: window, reservedRows: 1)
        XCTAssertEqual(box, ImageBox(columns: 57, rows: 19, pixelWidth: 57, pixelHeight: 38, pixelsKnown: true))
        // 800×400 on screen is 26.7 half rows: 27, the last row's lower halves empty.
        let odd = Fit.blocks(width: 2000, height: 1000, window: window, reservedRows: 1)
        XCTAssertEqual(odd, ImageBox(columns: 80, rows: 14, pixelWidth: 80, pixelHeight: 27, pixelsKnown: true))
        let tiny = Fit.blocks(width: 1, height: 1000, window: window, reservedRows: 1)
        XCTAssertEqual(tiny.columns, 1)
    }

    func testGraphicsFitWholeCellsWhereTheReportedPixelsCountABorder() {
        // xterm reports 484×316 for 80×24 cells of 6×13: 22 free rows are 286 pixels, not 289.
        let xterm = WindowSize(columns: 80, rows: 24, pixelWidth: 484, pixelHeight: 316)
        let box = Fit.graphics(width: 451, height: 300, window: xterm, reservedRows: 2)
        XCTAssertEqual(box, ImageBox(columns: 72, rows: 22, pixelWidth: 429, pixelHeight: 286, pixelsKnown: true))
        let wide = Fit.graphics(width: 4000, height: 1000, window: xterm, reservedRows: 2)
        XCTAssertEqual(wide.pixelWidth, 480, "80 cells of 6 pixels")
    }

    func testAWindowOfAnyClaimedSizeIsCutToTheLargestKeepingItsCells() {
        let huge = WindowSize(columns: 65535, rows: Int.max, pixelWidth: 65535 * 7, pixelHeight: Int.max)
        XCTAssertEqual(huge.columns, WindowSize.largest.columns)
        XCTAssertEqual(huge.rows, WindowSize.largest.rows)
        XCTAssertEqual(huge.pixelWidth, 7 * WindowSize.largest.columns, "the cell keeps its width")
        XCTAssertLessThanOrEqual(huge.pixelHeight, WindowSize.largestPixels)
        let odd = WindowSize(columns: -3, rows: 24, pixelWidth: -1, pixelHeight: 480)
        XCTAssertEqual([odd.columns, odd.pixelWidth], [0, 0])
        XCTAssertEqual(WindowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480).pixelWidth, 800)
    }

    func testBlocksNeverPassTheLargestWindowAndGraphicsNeverPassTheImage() {
        let window = WindowSize(columns: 100_000, rows: 100_000, pixelWidth: 1 << 40, pixelHeight: 1 << 40)
        for (w, h) in [(64, 48), (16384, 16384), (1, 16384), (16384, 1), (Int(Int32.max), Int(Int32.max))] {
            let blocks = Fit.blocks(width: w, height: h, window: window, reservedRows: 2)
            XCTAssertLessThanOrEqual(blocks.pixelWidth * blocks.pixelHeight, 1 << 20, "\(w)×\(h)")
            XCTAssertLessThanOrEqual(blocks.columns, WindowSize.largest.columns)
            XCTAssertLessThanOrEqual(blocks.rows, WindowSize.largest.rows)
            let graphics = Fit.graphics(width: w, height: h, window: window, reservedRows: 2)
            XCTAssertLessThanOrEqual(graphics.pixelWidth, w)
            XCTAssertLessThanOrEqual(graphics.pixelHeight, h)
            XCTAssertLessThanOrEqual(graphics.pixelWidth * graphics.pixelHeight, Fit.largestGraphicsPixels)
        }
        // The raster (4 bytes a pixel) and the text (at most 39 bytes a cell) of the largest grid
        // stay inside the 32 MiB the decode budget allows beyond the image's own 8 bytes a pixel.
        let cells = WindowSize.largest.columns * WindowSize.largest.rows
        XCTAssertLessThan(cells * 2 * 4 + cells * 39 + WindowSize.largest.rows * 53, 32 << 20)
        let wide = Fit.blocks(width: 64, height: 48, window: WindowSize(columns: 99999, rows: 99999), reservedRows: 2)
        XCTAssertEqual([wide.pixelWidth, wide.pixelHeight], [1024, 768], "filling the largest window")
    }

    func testGraphicsOfALargePictureInAHugeWindowStopAtTheirLargestKeepingTheAspect() {
        let window = WindowSize(columns: 1024, rows: 512, pixelWidth: 16384, pixelHeight: 16384)
        let box = Fit.graphics(width: 4096, height: 4096, window: window, reservedRows: 0)
        XCTAssertEqual([box.pixelWidth, box.pixelHeight], [2508, 2508])
        XCTAssertEqual([box.columns, box.rows], [157, 79], "the cells the capped picture reaches into")
        let photo = Fit.graphics(width: 4000, height: 3000, window: window, reservedRows: 0)
        XCTAssertEqual([photo.pixelWidth, photo.pixelHeight], [2896, 2172])
        // A 4K screen's window and smaller ones are untouched below the cap.
        let uhd = WindowSize(columns: 384, rows: 108, pixelWidth: 3840, pixelHeight: 2160)
        let shown = Fit.graphics(width: 4000, height: 3000, window: uhd, reservedRows: 2)
        XCTAssertEqual([shown.pixelWidth, shown.pixelHeight], [2826, 2120])
    }
}
