import Foundation
import TerminalTestSupport
import TestImages
import XCTest

/// `list --grid` with a picture in every cell, above its index and name: half blocks as text
/// in the cell's lines, graphics drawn over them with the cursor saved and put back, a framed
/// placeholder for what cannot be drawn, the `+` cell kept, `--no-image` for the text grid.
final class GridPictureTests: ImgselTestCase {
    /// The text without colour sequences.
    func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    func solid(_ name: String, width: Int, height: Int, _ colour: (UInt8, UInt8, UInt8)) {
        _ = write(Data(ImageBytes.solidPNG(width: width, height: height, colour)), to: name)
    }

    /// Cell `k` (0-based) of a grid line, between its borders, without its padding spaces.
    func cell(_ line: String, _ k: Int) -> String {
        let parts = line.components(separatedBy: "│")
        return parts.indices.contains(k + 1) ? parts[k + 1] : ""
    }

    /// The 23 columns of cell `k` (0-based) of a plain line of an 80-column grid.
    func area(_ line: String, _ k: Int) -> String {
        let characters = Array(line)
        let start = 2 + 26 * k
        return characters.count >= start + 23 ? String(characters[start..<(start + 23)]) : ""
    }

    func testEachCellShowsItsPictureAboveItsTextAndTheAddCellStays() {
        solid("red.png", width: 40, height: 30, (255, 0, 0))
        solid("blue.png", width: 30, height: 40, (0, 0, 255))
        assertSuccess(run(["add", "red.png", "blue.png"]))
        let r = runOnTerminal(["list", "--grid"])
        XCTAssertEqual(r.status, 0, r.transcript)
        let lines = RunResult.lines(r.text)
        // 80 columns: cells 23 wide, pictures 7 rows high, then the index, the name and the size.
        XCTAssertEqual(lines.count, 1 + 7 + 3 + 1, r.transcript)
        guard lines.count == 12 else { return }
        let pictures = lines[1...7]
        for line in pictures {
            XCTAssertTrue(cell(line, 0).contains("\u{1B}[48;5;196m"), "red in cell 1: \(line)")
            XCTAssertTrue(cell(line, 1).contains("\u{1B}[48;5;21m"), "blue in cell 2: \(line)")
            XCTAssertEqual(cell(line, 2), String(repeating: " ", count: 25), "the + cell has no picture")
            XCTAssertEqual(plain(line).count, plain(lines[0]).count, "the borders stay straight")
        }
        XCTAssertTrue(plain(lines[8]).hasPrefix("│ 1 "), r.transcript)
        XCTAssertTrue(plain(lines[8]).contains("│ + "), r.transcript)
        XCTAssertTrue(lines[9].contains("red.png") && lines[9].contains("blue.png"))
        // 40×30 in 23×14 half blocks: 18×14, centred; 30×40: 10×14.
        XCTAssertEqual(plain(cell(lines[1], 0)), "   " + String(repeating: " ", count: 18) + "    ")
    }

    func testWhatCannotBeDrawnGetsAFramedPlaceholderSayingWhy() {
        // An AVIF whose header holds no coded picture: damaged.
        _ = write(
            Data(ImageBytes.heif(major: "avif", compatible: ["mif1", "avif"], primary: [ImageBytes.ispe(64, 32)])),
            to: "camera.avif")
        png("gone.png", width: 40, height: 20, seed: 5)
        png("changed.png", width: 40, height: 20, seed: 1)
        assertSuccess(run(["add", "camera.avif", "gone.png", "changed.png"]))
        try? FileManager.default.removeItem(at: url("gone.png"))
        _ = write(Fixtures.png(width: 40, height: 20, seed: 2), to: "changed.png")
        let r = runOnTerminal(["list", "--grid"])
        XCTAssertEqual(r.status, 0, r.transcript)
        let lines = RunResult.lines(plain(r.text))
        guard lines.count > 8 else { return XCTFail(r.transcript) }
        for (k, label) in ["damaged", "missing", "changed"].enumerated() {
            let area = lines[1...7].map { self.area($0, k) }
            let framed = area.filter { $0.contains("┌") || $0.contains("│") || $0.contains("└") }
            XCTAssertGreaterThanOrEqual(framed.count, 3, "\(label): a frame\n\(r.transcript)")
            XCTAssertEqual(area.filter { $0.contains(label) }.count, 1, "\(label) inside it\n\(r.transcript)")
        }
        XCTAssertFalse(r.text.contains("▀"), "nothing drawn")
    }

    func testAnAVIFIsDrawnInItsCell() {
        _ = write(Data(ImageBytes.avifQuadrants), to: "camera.avif")
        assertSuccess(run(["add", "camera.avif"]))
        let r = runOnTerminal(["list", "--grid"])
        XCTAssertEqual(r.status, 0, r.transcript)
        let lines = RunResult.lines(plain(r.text))
        guard lines.count > 8 else { return XCTFail(r.transcript) }
        XCTAssertTrue(lines[1...7].contains { self.area($0, 0).contains("▀") }, "drawn in half blocks\n\(r.transcript)")
        XCTAssertFalse(plain(r.text).contains("AVIF"), "no placeholder\n\(r.transcript)")
    }

    func testNoImageGivesTheTextGridAndImageDrawsOnAPipe() {
        solid("red.png", width: 40, height: 30, (255, 0, 0))
        assertSuccess(run(["add", "red.png"]))
        let text = runOnTerminal(["list", "--grid", "--no-image"])
        XCTAssertEqual(RunResult.lines(text.text).count, 5, "border, three lines, border\n\(text.transcript)")
        XCTAssertEqual(plain(text.text), run(["list", "--grid"], env: ["COLUMNS": "80"]).stdout, "as on a pipe")
        let piped = run(["list", "--grid", "--image"], env: ["COLUMNS": "80"])
        assertSuccess(piped)
        XCTAssertTrue(piped.stdout.contains("\u{1B}[48;5;196m"), piped.transcript)
        assertUsage(run(["list", "--image"]), stderrContains: ["list: --image goes with --grid"])
        assertUsage(run(["list", "--paths", "--no-image"]), stderrContains: ["list: --no-image goes with --grid"])
        assertUsage(run(["list", "--grid", "--image", "--no-image"]), stderrContains: ["cannot be combined"])
    }

    func testGraphicsAreDrawnOverTheirCellsWithTheCursorPutBack() throws {
        solid("red.png", width: 400, height: 300, (255, 0, 0))
        solid("blue.png", width: 300, height: 400, (0, 0, 255))
        assertSuccess(run(["add", "red.png", "blue.png"]))
        let size = TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
        let r = runOnTerminal(["list", "--grid"], size: size, env: ["TERM": "xterm-kitty"])
        XCTAssertEqual(r.status, 0, r.transcript)
        // Cells of 23 columns and 7 rows are 230×140 pixels: 186×140 (19×7 cells), 105×140 (11×7).
        let regex = try NSRegularExpression(
            pattern: "\u{1B}7\u{1B}\\[([0-9]+)A\u{1B}\\[([0-9]+)G\u{1B}_Ga=d,d=I,i=([0-9]+),q=2\u{1B}\\\\"
                + "\u{1B}_Ga=T,f=24,s=([0-9]+),v=([0-9]+),i=([0-9]+),p=1,C=1,")
        let found = regex.matches(in: r.text, range: NSRange(r.text.startIndex..., in: r.text)).map { m in
            (1...6).map { Int(r.text[Range(m.range(at: $0), in: r.text)!])! }
        }
        XCTAssertEqual(found.count, 2, r.transcript)
        guard found.count == 2 else { return }
        // Up from the line under the row: 3 text lines and 7 picture rows; columns 3 and 3 + 26, centred.
        XCTAssertEqual(Array(found[0][0...1]), [10, 3 + (23 - 19) / 2])
        XCTAssertEqual(Array(found[1][0...1]), [10, 3 + 26 + (23 - 11) / 2])
        XCTAssertEqual(Array(found[0][3...4]), [186, 140])
        XCTAssertEqual(Array(found[1][3...4]), [105, 140])
        XCTAssertNotEqual(found[0][2], found[1][2], "an id a cell")
        XCTAssertEqual(r.text.components(separatedBy: "\u{1B}8").count, 3, "the cursor put back after each")
        let lines = RunResult.lines(plain(r.text))
        XCTAssertTrue(lines.contains { $0.hasPrefix("│ 1 ") }, "the text stays: \(lines)")
    }
}
