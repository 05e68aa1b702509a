import Foundation
import TestImages
import XCTest

/// `imgsel sheet` in small cells (issue 20, item 9; issue 38): the index badge follows the cell,
/// a quarter of its side up to 28, none where that quarter is under 9 pixels (a 5×7 digit and a
/// pixel around it), so the picture shows and a digit is legible; a placeholder names its type
/// wherever a glyph fits.
/// Read back by ImageMagick, a PNG decoder imgsel did not write.
final class SheetSmallCellTests: ImgselTestCase {
    private let olive: [UInt8] = [200, 200, 0, 255]
    private let white: [UInt8] = [255, 255, 255, 255]

    /// Pixels of each glyph of the built-in 5×7 font, counted from its drawings.
    private let glyphPixels: [Character: Int] = [
        "0": 19, "1": 10,
    ]

    /// Cell i's top-left corner, from the SPEC: x = 8 + (i mod C)·(N+8), y = 8 + (i div C)·(N+8).
    private func origin(_ i: Int, size: Int, columns: Int = 3) -> (x: Int, y: Int) {
        (8 + (i % columns) * (size + 8), 8 + (i / columns) * (size + 8))
    }

    /// Width and height of the badge in the cell at `o`: the run of pixels that are not the
    /// picture's colour along the cell's top row and left column.
    private func badgeExtent(_ sheet: MagickPicture, at o: (x: Int, y: Int), size: Int) -> (Int, Int) {
        let across = (0..<size).prefix { sheet.pixel(o.x + $0, o.y) != olive }.count
        let down = (0..<size).prefix { sheet.pixel(o.x, o.y + $0) != olive }.count
        return (across, down)
    }

    private func whitePixels(_ sheet: MagickPicture, at o: (x: Int, y: Int), width: Int, height: Int) -> Int {
        (o.y..<o.y + height).flatMap { y in (o.x..<o.x + width).map { sheet.pixel($0, y) } }.filter { $0 == white }
            .count
    }

    func testTheBadgeIsAQuarterOfTheCellFromALegibleNinePixelsUpTo28WithItsDigitDrawnElseNone() throws {
        _ = write(Data(ImageBytes.solidPNG(width: 300, height: 300, (200, 200, 0))), to: "olive.png")
        assertSuccess(run(["add", "olive.png"]))
        for size in [10, 12, 20, 35] {
            assertSuccess(run(["sheet", "s\(size).png", "--size", "\(size)"]))
            let sheet = try XCTUnwrap(magickPicture("s\(size).png"))
            let o = origin(0, size: size)
            XCTAssertEqual(badgeExtent(sheet, at: o, size: size).0, 0, "--size \(size): no badge, the picture whole")
        }
        for (size, side) in [
            (36, 9), (40, 10), (64, 16), (71, 17), (72, 18), (100, 25), (111, 27), (112, 28), (256, 28),
        ] {
            assertSuccess(run(["sheet", "s\(size).png", "--size", "\(size)"]))
            let sheet = try XCTUnwrap(magickPicture("s\(size).png"))
            let o = origin(0, size: size)
            let (across, down) = badgeExtent(sheet, at: o, size: size)
            XCTAssertEqual([across, down], [side, side], "--size \(size): the badge's extent")
            if side < size {
                XCTAssertEqual(sheet.pixel(o.x + side, o.y + side), olive, "--size \(size): the picture past the badge")
            }
            // The digit "1", its 10 pixels at scale 1 and each a 2×2 square from an 18-pixel badge.
            let scale = side >= 18 ? 2 : 1
            XCTAssertEqual(
                whitePixels(sheet, at: o, width: side, height: side), glyphPixels["1"]! * scale * scale,
                "--size \(size): the index's digit in the badge")
        }
    }

    /// A two-digit index in a badge too small for two digits: the badge widens to hold them.
    func testATwoDigitIndexWidensASmallBadgeToHoldItsDigits() throws {
        for i in 1...10 {
            // Distinct files (the same content twice is refused); the tenth, the one measured, olive.
            let blue = UInt8(i == 10 ? 0 : i)
            _ = write(Data(ImageBytes.solidPNG(width: 50, height: 50, (200, 200, blue))), to: "p\(i).png")
        }
        assertSuccess(run(["init", "--capacity", "10"]))
        assertSuccess(run(["add"] + (1...10).map { "p\($0).png" }))
        for size in [36, 40] {
            assertSuccess(run(["sheet", "s.png", "--size", "\(size)"]))
            let sheet = try XCTUnwrap(magickPicture("s.png"))
            let o = origin(9, size: size)
            let (across, down) = badgeExtent(sheet, at: o, size: size)
            let high = size / 4
            XCTAssertEqual([across, down], [13, high], "--size \(size): 1 and 0 with a pixel around them")
            XCTAssertEqual(
                whitePixels(sheet, at: o, width: 13, height: high), glyphPixels["1"]! + glyphPixels["0"]!,
                "--size \(size): both digits drawn")
        }
        // Under 36 pixels a quarter of the cell holds no legible digit: no badge, the picture whole.
        assertSuccess(run(["sheet", "t.png", "--size", "35"]))
        let sheet = try XCTUnwrap(magickPicture("t.png"))
        XCTAssertEqual(sheet.pixel(origin(9, size: 35).x, origin(9, size: 35).y), olive)
    }
}
