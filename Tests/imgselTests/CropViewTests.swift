import Foundation
import XCTest

/// `view`'s picture and `list --grid`'s draw only an entry's crop: a picture of four coloured
/// quadrants, cropped to its left half, shows red and blue in 24-bit half blocks, never green
/// or yellow.
final class CropViewTests: ImgselTestCase {
    private let env = ["IMGSEL_GRAPHICS": "blocks", "COLORTERM": "truecolor"]

    /// The 24-bit colours in the half blocks' SGR codes, as `r;g;b`.
    private func colours(_ output: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: "[34]8;2;([0-9]+;[0-9]+;[0-9]+)")
        let range = NSRange(output.startIndex..., in: output)
        return Set(
            pattern.matches(in: output, range: range).map { String(output[Range($0.range(at: 1), in: output)!]) })
    }

    /// Red and blue, and nothing with green in it (enlarging may blend red into blue).
    private func assertOnlyRedAndBlue(_ found: Set<String>, line: UInt = #line) {
        XCTAssertTrue(found.isSuperset(of: ["255;0;0", "0;0;255"]), "\(found)", line: line)
        for colour in found {
            let green = Int(colour.split(separator: ";")[1]) ?? 255
            XCTAssertLessThan(green, 20, "no green or yellow: \(found)", line: line)
        }
    }

    func testViewAndTheGridDrawOnlyTheCrop() {
        _ = write(Data(CropPictures.quadrantsPNG(width: 80, height: 40)), to: "q.png")
        assertSuccess(run(["add", "q.png"]))
        let whole = run(["view", "1", "--image"], env: env)
        assertSuccess(whole)
        XCTAssertTrue(colours(whole.stdout).isSuperset(of: ["255;0;0", "0;255;0", "0;0;255", "255;255;0"]))
        assertSuccess(run(["crop", "1", "40x40+0+0"]))
        let view = run(["view", "1", "--image"], env: env)
        assertSuccess(view)
        XCTAssertTrue(view.stdout.hasPrefix("1 / 1  q.png  40×40 cropped PNG"), view.stdout)
        assertOnlyRedAndBlue(colours(view.stdout))
        let grid = run(["list", "--grid", "--image"], env: env)
        assertSuccess(grid)
        XCTAssertTrue(grid.stdout.contains("40×40 cropped"), grid.stdout)
        assertOnlyRedAndBlue(colours(grid.stdout))
    }
}
