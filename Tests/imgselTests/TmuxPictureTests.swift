import Foundation
import TerminalTestSupport
import TestImages
import XCTest

/// `view` and `list --grid` in a real terminal: a tmux pane of a set size, read back with
/// its colours (`capture-pane -p -e`), every cell of the picture checked against the image.
/// Solid and four-colour images make the check exact: a half block's upper and lower
/// pixels are the image's. Needs tmux (`.ci/run` installs it); fails without it.
final class TmuxPictureTests: ImgselTestCase {
    private var openPane: TmuxPane?

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            XCTFail("tmux is needed for the terminal tests: apt-get install tmux")
            throw SetupFailure("no tmux")
        }
        // A short name for the binary, so that a command fits on one line of the pane.
        try FileManager.default.createSymbolicLink(at: url("i"), withDestinationURL: Binary.url!)
    }

    override func tearDownWithError() throws {
        openPane?.close()
        try super.tearDownWithError()
    }

    private func open(columns: Int, rows: Int) throws -> TmuxPane {
        let pane = try TmuxPane(columns: columns, rows: rows, folder: dir)
        openPane = pane
        return pane
    }

    private func painted(
        _ name: String, width: Int, height: Int, _ paint: @escaping (Int, Int) -> (UInt8, UInt8, UInt8)
    ) {
        let bytes = ImageBytes.paintedPNG(width: width, height: height) { x, y in
            let (r, g, b) = paint(x, y)
            return (r, g, b, 255)
        }
        _ = write(Data(bytes), to: name)
    }

    /// What a cell shows as its upper and lower half: `▀` is foreground over background, a
    /// space is its background twice.
    private func halves(_ cell: TmuxPane.Cell) -> (TmuxPane.Colour?, TmuxPane.Colour?) {
        cell.character == "▀" ? (cell.foreground, cell.background) : (cell.background, cell.background)
    }

    func testViewDrawsASolidImageCellForCellInTrueColour() throws {
        painted("solid.png", width: 64, height: 48) { _, _ in (200, 40, 90) }
        assertSuccess(run(["add", "solid.png"]))
        let pane = try open(columns: 80, rows: 24)
        try pane.show("COLORTERM=truecolor ./i view --graphics blocks", marker: "1 / 1  solid.png")
        let rows = pane.cells()
        let top = try XCTUnwrap(pane.screen().firstIndex { $0.hasPrefix("1 / 1  solid.png  64×48 PNG") })
        // tmux gives the pane 16×32-pixel cells; 64×48 in 80×22 of them fills the 22 rows, and
        // 64 × 704 / 48 = 938 pixels are 58.6 cells: 59 columns.
        for row in (top + 1)...(top + 22) {
            for column in 0..<80 {
                let (upper, lower) = halves(
                    rows[row].indices.contains(column) ? rows[row][column] : .init(character: " "))
                if column < 59 {
                    XCTAssertEqual(upper, .rgb(200, 40, 90), "row \(row), column \(column)")
                    XCTAssertEqual(lower, .rgb(200, 40, 90), "row \(row), column \(column)")
                } else {
                    XCTAssertNil(upper ?? lower, "no colour past the picture: row \(row), column \(column)")
                }
            }
        }
        XCTAssertTrue(pane.screen()[top + 23].hasPrefix("$"), "the prompt right under the picture")
    }

    /// Four colours in quadrants, 80×47: drawn at its own size in 80×24 free rows, so the
    /// boundary between the top and bottom colours falls inside a cell (an odd pixel row) and
    /// the last row's lower halves are the terminal's own.
    private func checkQuadrants(_ rows: [[TmuxPane.Cell]], top: Int, colours: [TmuxPane.Colour]) {
        func expected(_ x: Int, _ y: Int) -> TmuxPane.Colour? {
            guard y < 47 else { return nil }
            return colours[(x < 40 ? 0 : 1) + (y < 23 ? 0 : 2)]
        }
        for cellRow in 0..<24 {
            for x in 0..<80 {
                let row = rows[top + 1 + cellRow]
                guard row.indices.contains(x) else { return XCTFail("row \(cellRow) has \(row.count) cells") }
                let (upper, lower) = halves(row[x])
                XCTAssertEqual(upper, expected(x, 2 * cellRow), "cell row \(cellRow), column \(x)")
                XCTAssertEqual(lower, expected(x, 2 * cellRow + 1), "cell row \(cellRow), column \(x)")
            }
        }
    }

    func testFourColoursComeOutExactlyInTrueColourAndIn256() throws {
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (255, 255, 0), (0, 0, 255), (255, 255, 255)]
        painted("four.png", width: 80, height: 47) { x, y in colours[(x < 40 ? 0 : 1) + (y < 23 ? 0 : 2)] }
        assertSuccess(run(["add", "four.png"]))
        let pane = try open(columns: 80, rows: 26)
        try pane.show("COLORTERM=truecolor ./i view --graphics blocks", marker: "1 / 1  four.png")
        let top = try XCTUnwrap(pane.screen().firstIndex { $0.hasPrefix("1 / 1  four.png") })
        checkQuadrants(pane.cells(), top: top, colours: colours.map { .rgb($0.0, $0.1, $0.2) })
        // Without COLORTERM: the 256-colour palette, whose cube has these four exactly.
        try pane.show("./i view --graphics blocks", marker: "1 / 1  four.png")
        let again = try XCTUnwrap(pane.screen().firstIndex { $0.hasPrefix("1 / 1  four.png") })
        checkQuadrants(pane.cells(), top: again, colours: [.indexed(196), .indexed(226), .indexed(21), .indexed(231)])
    }

    func testTheGridShowsEachPictureInItsCell() throws {
        painted("red.png", width: 40, height: 30) { _, _ in (255, 0, 0) }
        painted("blue.png", width: 30, height: 40) { _, _ in (0, 0, 255) }
        _ = write(Data(ImageBytes.avifQuadrants), to: "camera.avif")
        assertSuccess(run(["add", "red.png", "blue.png", "camera.avif"]))
        let pane = try open(columns: 80, rows: 24)
        try pane.show("COLORTERM=24bit ./i list --grid --graphics blocks", marker: "red.png")
        let text = pane.screen()
        let top = try XCTUnwrap(text.firstIndex { $0.hasPrefix("┌") })
        let cells = pane.cells()
        // Cells are 23 columns wide and their pictures 7 rows high (368×224 pixels of tmux's
        // 16×32 cells); 40×30 fills 19×14 half blocks, 30×40 11×14, each centred; the third
        // cell is the AVIF's four quadrants, decoded.
        for (k, colour, width) in [(0, TmuxPane.Colour.rgb(255, 0, 0), 19), (1, .rgb(0, 0, 255), 11)] {
            var coloured = 0
            for row in (top + 1)...(top + 7) {
                for column in (2 + 26 * k)..<(2 + 26 * k + 23) {
                    guard cells[row].indices.contains(column) else { continue }
                    let (upper, lower) = halves(cells[row][column])
                    if upper != nil || lower != nil {
                        XCTAssertEqual(upper, colour, "cell \(k + 1): row \(row), column \(column)")
                        XCTAssertEqual(lower, colour)
                        coloured += 1
                    }
                }
            }
            XCTAssertEqual(coloured, width * 7, "cell \(k + 1): its picture, \(width)×7 cells")
        }
        var avif: [(Int, Int, Int)] = []
        for row in (top + 1)...(top + 7) {
            for column in (2 + 26 * 2)..<(2 + 26 * 2 + 23) where cells[row].indices.contains(column) {
                let (upper, lower) = halves(cells[row][column])
                for case let .rgb(r, g, b)? in [upper, lower] { avif.append((Int(r), Int(g), Int(b))) }
            }
        }
        let named: [(String, (Int, Int, Int))] = [
            ("red", (221, 30, 30)), ("blue", (28, 61, 219)), ("green", (40, 180, 59)), ("yellow", (240, 221, 40)),
        ]
        for (name, c) in named {
            XCTAssertTrue(
                avif.contains { abs($0.0 - c.0) <= 8 && abs($0.1 - c.1) <= 8 && abs($0.2 - c.2) <= 8 },
                "the AVIF's \(name) quadrant is drawn in cell 3\n" + text.joined(separator: "\n"))
        }
        XCTAssertTrue(text[top + 8].hasPrefix("│ 1 * "), text[top + 8])
        XCTAssertTrue(text.contains { $0.hasPrefix("│ + ") }, "the + cell stays\n" + text.joined(separator: "\n"))
    }

    func testAutoDetectionInTmuxAsksTmuxAndDrawsHalfBlocksLeavingTheShellAsItWas() throws {
        painted("rows.png", width: 80, height: 40) { _, y in y % 2 == 0 ? (255, 0, 0) : (0, 0, 255) }
        assertSuccess(run(["add", "rows.png"]))
        let pane = try open(columns: 80, rows: 24)
        pane.run("stty -g > before.txt")
        try pane.show("./i view; stty -g > after.txt", marker: "1 / 1  rows.png")
        let cells = pane.cells()
        let top = try XCTUnwrap(pane.screen().firstIndex { $0.hasPrefix("1 / 1  rows.png") })
        // tmux answers DA1 itself, without sixel: half blocks, red over blue, in 256 colours.
        XCTAssertEqual(halves(cells[top + 1][0]).0, .indexed(196))
        XCTAssertEqual(halves(cells[top + 1][0]).1, .indexed(21))
        XCTAssertEqual(
            try String(contentsOf: url("before.txt"), encoding: .utf8),
            try String(contentsOf: url("after.txt"), encoding: .utf8), "the terminal's modes as they were")
        let after = pane.screen()[(top + 21)...].joined(separator: "\n")
        XCTAssertFalse(after.contains("[?") || after.contains("^["), "no answer echoed:\n\(after)")
    }
}
