import Foundation
import TerminalTestSupport
import TestImages
import XCTest

/// browse's crop mode (`c`) in a real terminal, drawn in half blocks: keys in, then the frame
/// and the dimming read back from `capture-pane`, the selection file after Enter, and the
/// terminal put back.
final class BrowseCropTmuxTests: ImgselTmuxTestCase {
    private static let red = "rgb(255,0,0)", green = "rgb(0,255,0)", blue = "rgb(0,0,255)"
    private static let yellow = "rgb(255,255,0)"
    /// A third of each, as crop mode dims what the crop leaves out.
    private static let dimGreen = "rgb(0,85,0)", dimYellow = "rgb(85,85,0)"

    /// q.png, 160×80: red, green over blue, yellow; selected.
    private func quadrants() throws {
        let bytes = ImageBytes.paintedPNG(width: 160, height: 80) { x, y in
            let c: (UInt8, UInt8, UInt8) = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)][
                (x >= 80 ? 1 : 0) + (y >= 40 ? 2 : 0)]
            return (c.0, c.1, c.2, 255)
        }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("q.png").path, contents: Data(bytes))
        XCTAssertEqual(try imgselNow(["add", "q.png"]).status, 0)
    }

    /// Browse in half blocks of 24-bit colour, whatever the environment says.
    private func startBrowse(showing text: String) throws {
        pane.run(
            "COLORTERM=truecolor IMGSEL_GRAPHICS=blocks sh -c 'echo $$ > pid; exec \"$0\" \"$@\"' \(imgsel) browse"
                + " > stdout")
        try pane.waitForText(text)
        try pane.waitForFormat("#{alternate_on}", "1")
    }

    /// Every colour of the picture's cells (the rows above the two text rows).
    private func pictureColours() -> Set<String> {
        let rows = pane.cells().prefix(22)
        return Set(rows.flatMap { $0.flatMap { [$0.foreground, $0.background].compactMap { $0?.description } } })
    }

    private func waitForColours(_ what: String, _ condition: @escaping (Set<String>) -> Bool) throws {
        try pane.waitFor(what) { _ in condition(self.pictureColours()) }
    }

    private func storedCrop() throws -> [String: Int]? {
        let data = try XCTUnwrap(selectionBytes())
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (object["items"] as? [[String: Any]])?.first?["crop"] as? [String: Int]
    }

    func testCFramesTheCropDimsTheRestAndEnterKeepsIt() throws {
        try quadrants()
        try startBrowse(showing: "1 / 1  q.png  160×80 PNG")
        let all = [Self.red, Self.green, Self.blue, Self.yellow]
        try waitForColours("the four quadrants") { Set(all).isSubset(of: $0) }
        pane.keys("c")
        try pane.waitForText("crop whole  160×80 px · ←↑↓→ move · +/- size")
        pane.keys("c")
        try pane.waitForText("crop 1:1  80×80 px")
        // The square in the middle: the right half of red and of blue and the left half of green
        // and yellow stay; the rest is dimmed.
        try waitForColours("1:1 in the middle, the sides dimmed") {
            Set(all).isSubset(of: $0) && $0.contains(Self.dimGreen)
        }
        // Five steps of 8 pixels to the left: the frame holds the left half, red over blue.
        pane.keys("Left", "Left", "Left", "Left", "Left")
        try waitForColours("the left half kept, green and yellow only dimmed") {
            !$0.contains(Self.green) && !$0.contains(Self.yellow)
                && $0.contains(Self.dimGreen) && $0.contains(Self.dimYellow)
                && $0.contains(Self.red) && $0.contains(Self.blue)
        }
        pane.keys("-")
        try pane.waitForText("crop 1:1  72×72 px")
        pane.keys("+")
        try pane.waitForText("crop 1:1  80×80 px")
        XCTAssertNil(try storedCrop(), "nothing written before Enter")
        pane.keys("Enter")
        try pane.waitForText("cropped to 80×80")
        try pane.waitForText("1 / 1  q.png  80×80 cropped PNG")
        XCTAssertEqual(try storedCrop(), ["x": 0, "y": 0, "width": 80, "height": 80])
        // Browse now draws the crop alone: red over blue, nothing dimmed, no green or yellow.
        try waitForColours("only the crop") {
            $0.contains(Self.red) && $0.contains(Self.blue)
                && !$0.contains(Self.green) && !$0.contains(Self.dimGreen)
        }
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        try assertRestored()
        XCTAssertEqual(try storedCrop(), ["x": 0, "y": 0, "width": 80, "height": 80])
    }

    func testEscLeavesTheCropAndARuleRefusesEnterOnTheStatusLine() throws {
        try quadrants()
        XCTAssertEqual(try imgselNow(["crop", "1", "100x60+10+10"]).status, 0)
        XCTAssertEqual(try imgselNow(["rules", "--min-aspect", "1"]).status, 0)
        let before = selectionBytes()
        try startBrowse(showing: "1 / 1  q.png  100×60 cropped PNG")
        pane.keys("c")
        try pane.waitForText("crop as kept  100×60 px")
        pane.keys("c", "c")
        try pane.waitForText("crop 4:5  64×80 px")
        pane.keys("Enter")
        try pane.waitForText("not cropped: 64×80 (aspect 0.8) is under this selection's 1 (--min-aspect)")
        XCTAssertEqual(selectionBytes(), before, "a refused crop writes nothing")
        pane.keys("Right")
        try pane.waitForText("crop 4:5  64×80 px")
        pane.keys("Escape")
        try pane.waitForText("crop left as it was")
        try pane.waitForText("1 / 1  q.png  100×60 cropped PNG")
        XCTAssertEqual(selectionBytes(), before)
        pane.keys("C-c")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
        try assertRestored()
        XCTAssertEqual(selectionBytes(), before)
    }

    /// pick's thumbnail of a selected entry shows its crop, as everything that shows the entry.
    func testPicksThumbnailOfACroppedEntryShowsOnlyTheCrop() throws {
        try quadrants()
        XCTAssertEqual(try imgselNow(["crop", "1", "80x80+0+0"]).status, 0)
        pane.run(
            "COLORTERM=truecolor IMGSEL_GRAPHICS=blocks sh -c 'echo $$ > pid; exec \"$0\" \"$@\"' \(imgsel) pick q.png"
                + " > stdout")
        try pane.waitForText("1 / 9 selected")
        try waitForColours("the thumbnail: red over blue alone") {
            $0.contains(Self.red) && $0.contains(Self.blue) && !$0.contains(Self.green) && !$0.contains(Self.yellow)
        }
        pane.keys("Escape")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
        try assertRestored()
    }
}
