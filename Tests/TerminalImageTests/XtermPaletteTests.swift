import XCTest

@testable import TerminalImage

final class XtermPaletteTests: XCTestCase {
    func testEveryPaletteColourMapsToItself() throws {
        for index in UInt8(16)...UInt8(255) {
            let c = try XCTUnwrap(XtermPalette.colour(index))
            XCTAssertEqual(XtermPalette.nearest(red: c.red, green: c.green, blue: c.blue), index, "\(c)")
        }
    }

    func testThePaletteItself() {
        XCTAssertNil(XtermPalette.colour(15))
        XCTAssertEqual(XtermPalette.colour(16), RGB(0, 0, 0))
        XCTAssertEqual(XtermPalette.colour(67), RGB(95, 135, 175))
        XCTAssertEqual(XtermPalette.colour(196), RGB(255, 0, 0))
        XCTAssertEqual(XtermPalette.colour(231), RGB(255, 255, 255))
        XCTAssertEqual(XtermPalette.colour(232), RGB(8, 8, 8))
        XCTAssertEqual(XtermPalette.colour(255), RGB(238, 238, 238))
    }

    func testGreysBetweenCubeLevelsTakeTheRamp() {
        XCTAssertEqual(XtermPalette.nearest(red: 128, green: 128, blue: 128), 244)
        XCTAssertEqual(XtermPalette.nearest(red: 20, green: 20, blue: 20), 233)
        XCTAssertEqual(XtermPalette.nearest(red: 250, green: 250, blue: 250), 231, "nearer white than grey 238")
    }

    /// The shortcut (nearest level per channel, nearest grey to the weighted
    /// mean) must agree with a search of all 240 colours under the same distance.
    func testTheShortcutAgreesWithAFullSearch() throws {
        var palette: [(UInt8, RGB)] = []
        for index in UInt8(16)...UInt8(255) { palette.append((index, try XCTUnwrap(XtermPalette.colour(index)))) }
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) {
                    let wr = 512 + r, wg = 1024, wb = 767 - r
                    func distance(_ c: RGB) -> Int {
                        let dr = r - Int(c.red), dg = g - Int(c.green), db = b - Int(c.blue)
                        return wr * dr * dr + wg * dg * dg + wb * db * db
                    }
                    let best = palette.map { distance($0.1) }.min()!
                    let chosen = XtermPalette.nearest(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    XCTAssertEqual(distance(try XCTUnwrap(XtermPalette.colour(chosen))), best, "\(r) \(g) \(b)")
                }
            }
        }
    }
}
