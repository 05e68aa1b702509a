import Foundation
import TestImages
import XCTest

/// `sheet` draws only an entry's crop: a picture of four coloured quadrants, cropped, read back
/// with Pillow, shows only the cropped quadrants' colours.
final class CropSheetTests: ImgselTestCase {
    typealias P = CropPictures

    /// The colours of cell `i` of a sheet of `size`-pixel cells (3 columns), the white around
    /// the picture left out.
    private func cellColours(_ sheet: String, cell i: Int, size: Int) -> Set<[UInt8]> {
        let x = 8 + (i % 3) * (size + 8), y = 8 + (i / 3) * (size + 8)
        return Set(pillowColours(sheet, box: (x, y, x + size, y + size)).keys).subtracting([P.white])
    }

    func testOnlyTheCroppedQuadrantsAppear() {
        _ = write(Data(P.quadrantsPNG(width: 80, height: 40)), to: "a.png")
        _ = write(Data(P.quadrantsPNG(width: 80, height: 40, orientation: 6)), to: "turned.png")
        _ = write(Data(P.quadrantsPNG(width: 60, height: 40)), to: "whole.png")
        // The three are one picture turned and squeezed: added, each with the warning that says so.
        let added = run(["add", "a.png", "turned.png", "whole.png"])
        assertExit(added, 0)
        XCTAssertEqual(added.stderrLines.filter { !$0.contains(": looks like entry 1 (a.png), distance ") }, [])
        assertSuccess(run(["crop", "1", "40x40+0+0"]))  // the left half: red over blue
        assertSuccess(run(["crop", "2", "40x20+40+0"]))  // upright top right: green alone
        assertSuccess(run(["sheet", "sheet.png", "--size", "64", "--no-labels"]))
        XCTAssertEqual(cellColours("sheet.png", cell: 0, size: 64), [P.red, P.blue])
        XCTAssertEqual(cellColours("sheet.png", cell: 1, size: 64), [P.green])
        XCTAssertEqual(cellColours("sheet.png", cell: 2, size: 64), [P.red, P.green, P.blue, P.yellow])
        // Never enlarged: the 40×40 crop is 40×40 in its cell, centred (12 white each side).
        let left = pillowColours("sheet.png", box: (8, 8, 8 + 64, 8 + 64))
        XCTAssertEqual(left[P.red], 40 * 20)
        XCTAssertEqual(left[P.blue], 40 * 20)
        XCTAssertEqual(pillowColours("sheet.png", box: (8 + 12, 8 + 12, 8 + 52, 8 + 32))[P.red], 40 * 20)
        // Uncropped again, the whole picture comes back.
        assertSuccess(run(["crop", "1", "none"]))
        assertSuccess(run(["sheet", "again.png", "--size", "64", "--no-labels"]))
        XCTAssertEqual(cellColours("again.png", cell: 0, size: 64), [P.red, P.green, P.blue, P.yellow])
    }

    /// A JPEG stored turned (EXIF 6), large enough to be decoded at a DCT scale: the crop, in
    /// upright pixels, is taken from the scaled decode and still shows only its quadrant.
    func testAScaledJPEGDecodeShowsOnlyItsCrop() {
        pillowTurnedQuadrantsJPEG("turned.jpg", width: 1600, height: 800)
        assertSuccess(run(["add", "turned.jpg"]))
        let info = run(["info", "turned.jpg"]).stdout
        XCTAssertTrue(info.contains("800×1600") && info.contains("orientation 6"), info)
        // Upright bottom right (yellow), inset from its edges, where JPEG blurs the colours.
        assertSuccess(run(["crop", "1", "700x320+850+440"]))
        assertSuccess(run(["sheet", "sheet.png", "--size", "64", "--no-labels"]))
        let colours = pillowColours("sheet.png", box: (8, 8, 72, 72)).filter { $0.key != P.white }
        XCTAssertEqual(colours.values.reduce(0, +), 64 * 29, "700×320 fitted to 64×29")
        for (colour, _) in colours {
            XCTAssertTrue(
                colour[0] > 230 && colour[1] > 230 && colour[2] < 30, "yellow only, JPEG's error aside: \(colour)")
        }
        assertSuccess(run(["crop", "1", "400x400+0+0"]))  // upright top left: red
        assertSuccess(run(["sheet", "red.png", "--size", "64", "--no-labels"]))
        let red = pillowColours("red.png", box: (8, 8, 72, 72)).filter { $0.key != P.white }
        XCTAssertEqual(red.values.reduce(0, +), 64 * 64)
        for (colour, _) in red {
            XCTAssertTrue(colour[0] > 230 && colour[1] < 30 && colour[2] < 30, "red only: \(colour)")
        }
    }
}
