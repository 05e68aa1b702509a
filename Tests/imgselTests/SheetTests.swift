import Foundation
import TestImages
import XCTest

/// `imgsel sheet OUT`: the nine-grid as one PNG, read back by ImageMagick and checked cell
/// by cell against the SPEC's geometry.
final class SheetTests: ImgselTestCase {
    /// Solid pictures of different shapes; the third is stored wide with orientation 6, so it
    /// shows tall; the fourth is smaller than a cell and must not be enlarged.
    private let pictures: [(name: String, width: Int, height: Int, rgb: (UInt8, UInt8, UInt8), orientation: Int?)] = [
        ("red.png", 60, 30, (255, 0, 0), nil),
        ("green.png", 20, 50, (0, 255, 0), nil),
        ("blue-turned.png", 64, 32, (0, 0, 255), 6),
        ("small-yellow.png", 10, 10, (255, 255, 0), nil),
        ("cyan.png", 80, 80, (0, 255, 255), nil),
    ]

    private func addPictures() {
        for p in pictures {
            _ = write(
                Data(ImageBytes.solidPNG(width: p.width, height: p.height, p.rgb, orientation: p.orientation)),
                to: p.name)
        }
        assertSuccess(run(["add"] + pictures.map(\.name)))
    }

    /// Cell i's top-left corner, from the SPEC: x = 8 + (i mod C)·(N+8), y = 8 + (i div C)·(N+8).
    private func origin(_ i: Int, size: Int, columns: Int = 3) -> (x: Int, y: Int) {
        (8 + (i % columns) * (size + 8), 8 + (i / columns) * (size + 8))
    }

    func testEachCellHoldsItsPictureFittedAndCentredOnWhite() throws {
        addPictures()
        assertSuccess(run(["view", "2"]))
        let result = run(["sheet", "sheet.png", "--size", "64"])
        assertSuccess(result)
        let sheet = try XCTUnwrap(magickPicture("sheet.png"))
        XCTAssertEqual([sheet.width, sheet.height], [8 + 3 * 72, 8 + 2 * 72])
        XCTAssertEqual(sheet.colourType, 2)
        for (i, p) in pictures.enumerated() {
            let o = origin(i, size: 64)
            XCTAssertEqual(
                sheet.pixel(o.x + 32, o.y + 32), [p.rgb.0, p.rgb.1, p.rgb.2, 255], "centre of cell \(i + 1)")
        }
        // red 60×30 fits as 60×30, centred: rows 17 to 46 of its cell.
        let red = origin(0, size: 64)
        XCTAssertEqual(sheet.pixel(red.x + 40, red.y + 16), [255, 255, 255, 255])
        XCTAssertEqual(sheet.pixel(red.x + 40, red.y + 17), [255, 0, 0, 255])
        XCTAssertEqual(sheet.pixel(red.x + 40, red.y + 46), [255, 0, 0, 255])
        XCTAssertEqual(sheet.pixel(red.x + 40, red.y + 47), [255, 255, 255, 255])
        // blue is 64×32 stored, 32×64 upright: it fills the cell's height, half its width.
        let blue = origin(2, size: 64)
        XCTAssertEqual(sheet.pixel(blue.x + 32, blue.y + 60), [0, 0, 255, 255])
        XCTAssertEqual(sheet.pixel(blue.x + 12, blue.y + 32), [255, 255, 255, 255])
        // yellow 10×10 stays 10×10.
        let yellow = origin(3, size: 64)
        XCTAssertEqual(sheet.pixel(yellow.x + 27, yellow.y + 32), [255, 255, 0, 255])
        XCTAssertEqual(sheet.pixel(yellow.x + 26, yellow.y + 32), [255, 255, 255, 255])
        // The gaps and the empty sixth cell are white.
        XCTAssertEqual(sheet.pixel(4, 4), [255, 255, 255, 255])
        XCTAssertEqual(sheet.pixel(origin(5, size: 64).x + 32, origin(5, size: 64).y + 32), [255, 255, 255, 255])
        // Badges: dark in cell 1's corner, blue in cell 2's (the current entry).
        XCTAssertEqual(sheet.pixel(origin(0, size: 64).x, origin(0, size: 64).y), [48, 48, 48, 255])
        XCTAssertEqual(sheet.pixel(origin(1, size: 64).x, origin(1, size: 64).y), [0, 122, 255, 255])
        // A quarter of the 64-pixel cell: 16 pixels.
        XCTAssertEqual(sheet.pixel(origin(4, size: 64).x + 15, origin(4, size: 64).y + 15), [48, 48, 48, 255])
        XCTAssertEqual(sheet.pixel(origin(4, size: 64).x + 16, origin(4, size: 64).y + 16), [0, 255, 255, 255])
    }

    func testNoLabelsAndOtherColumns() throws {
        addPictures()
        assertSuccess(run(["sheet", "plain.png", "--size", "40", "--columns", "2", "--no-labels"]))
        let sheet = try XCTUnwrap(magickPicture("plain.png"))
        XCTAssertEqual([sheet.width, sheet.height], [8 + 2 * 48, 8 + 3 * 48])
        let cyan = origin(4, size: 40, columns: 2)
        XCTAssertEqual(sheet.pixel(cyan.x, cyan.y), [0, 255, 255, 255], "no badge over the corner")
    }

    func testAnAVIFIsDrawnInItsCell() throws {
        _ = write(Data(ImageBytes.avifQuadrants), to: "camera.avif")
        _ = write(Data(ImageBytes.solidPNG(width: 8, height: 8, (255, 0, 0))), to: "red.png")
        assertSuccess(run(["add", "camera.avif", "red.png"]))
        assertSuccess(run(["sheet", "s.png", "--size", "64", "--no-labels"]))
        let sheet = try XCTUnwrap(magickPicture("s.png"))
        // 64×32 fitted and centred: its quadrants from y 16 to 47 of the cell, white outside.
        let o = origin(0, size: 64)
        XCTAssertEqual(sheet.pixel(o.x + 2, o.y + 14), [255, 255, 255, 255])
        let quadrants: [(x: Int, y: Int, colour: [Int])] = [
            (8, 24, [221, 30, 30]), (40, 24, [28, 61, 219]), (8, 40, [40, 180, 59]), (40, 40, [240, 221, 40]),
        ]
        for q in quadrants {
            let drawn = sheet.pixel(o.x + q.x, o.y + q.y)
            XCTAssertTrue(
                zip(drawn.prefix(3), q.colour).allSatisfy { abs(Int($0) - $1) <= 6 }, "\(q): \(drawn)")
        }
    }

    func testTheSameSelectionGivesTheSameBytesAndStdoutToo() throws {
        addPictures()
        assertSuccess(run(["sheet", "a.png", "--size", "32"]))
        let piped = run(["sheet", "-", "--size", "32"])
        assertSuccess(piped)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("a.png")), piped.stdoutData)
        let json = run(["--json", "sheet", "b.png", "--size", "32"])
        let bytes = (try? Data(contentsOf: dir.appendingPathComponent("b.png")).count) ?? -1
        XCTAssertEqual(json.stdout, "{\"path\":\"b.png\",\"width\":128,\"height\":88,\"bytes\":\(bytes)}\n")
    }

    func testAnEmptySelectionIsExit1AndAMissingOneExit4() {
        let missing = run(["sheet", "s.png"])
        XCTAssertEqual(missing.status, 4, missing.transcript)
        assertSuccess(run(["init"]))
        let empty = run(["sheet", "s.png"])
        XCTAssertEqual(empty.status, 1, empty.transcript)
        XCTAssertEqual(empty.stderr, "imgsel: the selection is empty\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.png").path))
    }

    func testAChangedOrMissingImageIsExit3NamingItAndNothingIsWritten() throws {
        addPictures()
        _ = write(Data(ImageBytes.solidPNG(width: 60, height: 30, (255, 0, 1))), to: "red.png")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("cyan.png"))
        let result = run(["sheet", "s.png"])
        XCTAssertEqual(result.status, 3, result.transcript)
        XCTAssertEqual(
            result.stderrLines,
            [
                "imgsel: red.png: entry 1 changed since it was added (size or sha256 differs)",
                "imgsel: cyan.png: no such file",
            ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.png").path))
    }
}
