import Foundation
import TerminalTestSupport
import XCTest

/// `list --grid` and `list` on a pseudo-terminal: the width comes from the
/// terminal (TIOCGWINSZ), colour highlights the current entry, and never
/// with NO_COLOR, --no-color or TERM=dumb.
final class TerminalGridTests: ImgselTestCase {
    static let highlight = "\u{1B}[1;7m"

    /// The text without colour sequences.
    func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// Cells in each row, read from the lines that open a row.
    func columnsPerRow(_ lines: [String]) -> [Int] {
        var result: [Int] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("│") && (i == 0 || !lines[i - 1].hasPrefix("│")) {
            result.append(line.filter { $0 == "│" }.count - 1)
        }
        return result
    }

    func testTheGridFollowsTheTerminalsWidth() {
        seed(7)
        for (width, expected) in [
            (80, [3, 3, 2]), (50, [2, 2, 2, 2]), (30, [1, 1, 1, 1, 1, 1, 1, 1]), (16, [1, 1, 1, 1, 1, 1, 1, 1]),
        ] {
            // COLUMNS says otherwise: the terminal's own size wins.
            let r = runOnTerminal(
                ["list", "--grid"], size: TerminalSize(columns: UInt16(width)), env: ["COLUMNS": "200"])
            XCTAssertEqual(r.status, 0, r.transcript)
            let lines = RunResult.lines(plain(r.text))
            XCTAssertEqual(columnsPerRow(lines), expected, "\(width) columns\n\(r.transcript)")
            for line in lines { XCTAssertLessThanOrEqual(line.count, width, "fits \(width): \(line)") }
            // Every row as wide as the first, but for a shorter last row.
            let full = lines.prefix(1 + 4 * (expected.firstIndex { $0 < expected[0] } ?? expected.count))
            XCTAssertEqual(Set(full.map(\.count)).count, 1, "full rows line up\n\(r.transcript)")
        }
    }

    /// Columns a terminal gives these names: each character one, but for the
    /// emoji listed, which take two (👍🏽 is one character, thumb and skin tone).
    func terminalColumns(_ line: String) -> Int {
        line.reduce(0) { $0 + (["🚀", "☕", "👍🏽", "⚡", "✅"].contains($1) ? 2 : 1) }
    }

    func testEmojiNamesKeepTheBordersStraight() {
        let names = ["🚀rocket.png", "☕coffee.png", "👍🏽x.png", "⚡✅.png", "plain.png"]
        for name in names { png(name) }
        assertSuccess(run(["add"] + names))
        for width in [80, 30] {
            let r = runOnTerminal(["list", "--grid"], size: TerminalSize(columns: UInt16(width)))
            XCTAssertEqual(r.status, 0, r.transcript)
            let lines = RunResult.lines(plain(r.text))
            for name in names {
                XCTAssertTrue(lines.contains { $0.contains(name) }, "\(name) in full\n\(r.transcript)")
            }
            // Two full rows of three, or one column: every line ends in the same column.
            XCTAssertEqual(
                Set(lines.map(terminalColumns)).count, 1,
                "\(width) columns: \(lines.map(terminalColumns))\n\(r.transcript)")
        }
    }

    func testTheCurrentCellIsHighlightedOnATerminal() {
        seed(7)
        assertSuccess(run(["view", "5"]))
        let r = runOnTerminal(["list", "--grid"])
        XCTAssertEqual(r.status, 0, r.transcript)
        let lines = RunResult.lines(r.text)
        let highlighted = lines.filter { $0.contains(Self.highlight) }
        XCTAssertEqual(highlighted.count, 3, "the three lines of cell 5\n\(r.transcript)")
        for line in highlighted {
            XCTAssertEqual(
                line.components(separatedBy: Self.highlight).count, 2, "one highlighted cell a line: \(line)")
            // Cell 5 is the middle one of the second row.
            let before = line.components(separatedBy: Self.highlight)[0]
            XCTAssertEqual(before.filter { $0 == "│" }.count, 2, line)
        }
        XCTAssertTrue(highlighted[0].contains("5 *"), r.transcript)
        XCTAssertTrue(r.text.contains("│ + "), "the add cell while 7 of 9\n\(r.transcript)")
    }

    func testAFullGridOnATerminalHasNoAddCell() {
        seed(9)
        let r = runOnTerminal(["list", "--grid"])
        XCTAssertEqual(columnsPerRow(RunResult.lines(plain(r.text))), [3, 3, 3], r.transcript)
        XCTAssertFalse(plain(r.text).contains("│ + "), r.transcript)
    }

    func testNoColourWithNoColorOrTheOptionOrADumbTerminal() {
        seed(3)
        let coloured = runOnTerminal(["list"])
        XCTAssertTrue(
            coloured.text.contains(Self.highlight), "the table highlights the current row\n\(coloured.transcript)")
        for (args, env) in [
            (["list", "--grid"], ["NO_COLOR": "1"]), (["--no-color", "list", "--grid"], [:]),
            (["list", "--no-color"], [:]), (["list", "--grid"], ["TERM": "dumb"]), (["list"], ["NO_COLOR": "x"]),
        ] {
            let r = runOnTerminal(args, env: env)
            XCTAssertEqual(r.status, 0, r.transcript)
            XCTAssertFalse(r.text.contains("\u{1B}"), "no escape at all: \(args) \(env)\n\(r.transcript)")
            XCTAssertTrue(r.text.contains("img1.png"))
        }
        // An empty NO_COLOR does not count.
        XCTAssertTrue(runOnTerminal(["list", "--grid"], env: ["NO_COLOR": ""]).text.contains(Self.highlight))
        // And a pipe never gets colour.
        XCTAssertFalse(run(["list", "--grid"]).stdout.contains("\u{1B}"))
    }
}
