import TerminalImage
import XCTest

@testable import TerminalUI

/// pick's focus colour against the background: the most contrast there is among the highlight
/// colours, enough on every background for a thin frame to show (issue 22, item 6).
final class FocusMarkTests: XCTestCase {
    private func contrast(_ index: Color, _ background: RGB) throws -> Double {
        guard case .palette(let n) = index, let colour = XtermPalette.colour(n) else {
            // Every candidate is a cube colour; one that is not is a failure, never a skip.
            XCTFail("not a cube colour: \(index)")
            return 0
        }
        let a = FocusMark.luminance(colour), b = FocusMark.luminance(background)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    func testYellowOnBlackDarkBlueOnWhite() {
        XCTAssertEqual(FocusMark.colour(against: .black), .palette(226))
        XCTAssertEqual(FocusMark.colour(against: RGB(255, 255, 255)), .palette(19))
        // xterm's, mlterm's and GNOME Terminal's light default, and Solarized light: not yellow.
        XCTAssertEqual(FocusMark.colour(against: RGB(0xfd, 0xf6, 0xe3)), .palette(19))
        XCTAssertEqual(FocusMark.colour(against: RGB(0x17, 0x14, 0x21)), .palette(226), "GNOME's dark")
    }

    /// Over a grid of backgrounds (every channel 0, 51, … 255): never under 3.4:1, above
    /// WCAG's 3:1 for a thin line (the worst, 3.49, on a mid green and a dusty red). The old
    /// yellow (palette 3, xterm's 205,205,0) on white was 1.6:1.
    func testEveryBackgroundGetsAColourOfAtLeast3Point4To1() throws {
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) {
                    let background = RGB(UInt8(r), UInt8(g), UInt8(b))
                    let ratio = try contrast(FocusMark.colour(against: background), background)
                    XCTAssertGreaterThanOrEqual(ratio, 3.4, "\(background)")
                }
            }
        }
        XCTAssertLessThan(try contrast(.palette(226), RGB(255, 255, 255)), 1.2, "why yellow cannot stay")
    }

    func testAnUnknownBackgroundGetsAColourForDarkAndLightAlike() throws {
        let colour = FocusMark.colour(against: nil)
        XCTAssertEqual(colour, .palette(129))
        XCTAssertGreaterThanOrEqual(try contrast(colour, .black), 4)
        XCTAssertGreaterThanOrEqual(try contrast(colour, RGB(255, 255, 255)), 4)
    }
}
