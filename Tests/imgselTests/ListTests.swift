import Foundation
import XCTest

final class ListTests: ImgselTestCase {
    // MARK: - The table

    func testTheTableMarksTheCurrentEntry() {
        seed(3)
        assertSuccess(run(["view", "2"]))
        let r = run(["list"])
        assertSuccess(r)
        let size = Fixtures.png(width: 4, height: 3, seed: 1).count
        XCTAssertEqual(String(size).count, 3, "the fixture is between 100 and 999 bytes")
        XCTAssertEqual(
            r.stdoutLines,
            [
                "  #  size  type  bytes  path",
                "  1  4×3   png   \(size) B  img1.png",
                "* 2  4×3   png   \(size) B  img2.png",
                "  3  4×3   png   \(size) B  img3.png",
            ])
    }

    func testTheTableShowsEachEntrysFacts() {
        png("wide.png", width: 64, height: 2)
        gif("anim.gif", width: 320, height: 240)
        assertSuccess(run(["add", "wide.png", "anim.gif"]))
        let lines = run(["list"]).stdoutLines
        XCTAssertEqual(lines.count, 3)
        guard lines.count == 3 else { return }
        XCTAssertTrue(lines[1].hasPrefix("* 1"), lines[1])
        XCTAssertTrue(lines[1].contains("64×2") && lines[1].contains("png") && lines[1].hasSuffix("wide.png"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("  2"), lines[2])
        XCTAssertTrue(
            lines[2].contains("320×240") && lines[2].contains("gif") && lines[2].hasSuffix("anim.gif"), lines[2])
    }

    func testAnEmptySelectionIsListedAsEmpty() {
        assertSuccess(run(["init", "--capacity", "4"]))
        let r = run(["list"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "(empty selection, 0 of 4)\n")
    }

    func testNoColourWhenStdoutIsNotATerminal() {
        seed(2)
        for args in [["list"], ["list", "--grid"], ["view"]] {
            let r = run(args)
            assertSuccess(r)
            XCTAssertFalse(r.stdout.contains("\u{1B}"), "no escape sequences on a pipe: \(args)\n\(r.transcript)")
        }
    }

    func testControlCharactersInNamesAreEscapedOnTextLinesButKeptByPathsAndNul() {
        let name = "two\nlines.png"
        png(name)
        let added = run(["add", name])
        assertSuccess(added)
        XCTAssertEqual(added.stdout, "added 1 / 1  two\\nlines.png\n", "one confirmation stays one line")
        let table = run(["list"])
        assertSuccess(table)
        XCTAssertEqual(table.stdoutLines.count, 2, table.transcript)
        XCTAssertTrue(table.stdoutLines.last?.hasSuffix("two\\nlines.png") ?? false, table.transcript)
        XCTAssertEqual(run(["list", "--paths"]).stdout, name + "\n")
        XCTAssertEqual(run(["list", "-0"]).stdoutData, Data((name + "\u{0}").utf8))
        let json = parseJSON(run(["list", "--json"]).stdout) as? [String: Any]
        XCTAssertEqual((json?["items"] as? [[String: Any]])?.first?["path"] as? String, name)
        XCTAssertEqual(run(["view"]).stdoutLines.count, 1)
        assertSelection([name], current: 1)
    }

    // MARK: - --paths and -0

    func testPathsPrintsOnePathALine() {
        png("pics/b.png"); png("a.png")
        assertSuccess(run(["add", "pics/b.png", "a.png"]))
        let r = run(["list", "--paths"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "pics/b.png\na.png\n")
    }

    func testPathsWorkFromAnotherDirectory() throws {
        png("pics/b.png"); png("a.png")
        assertSuccess(run(["add", "pics/b.png", "a.png"]))
        let r = run(["-f", "../.imgsel.json", "list", "--paths"], cwd: url("pics"))
        assertSuccess(r)
        XCTAssertEqual(r.stdoutLines, ["b.png", url("a.png").path])
        try FileManager.default.createDirectory(at: url("elsewhere/deep"), withIntermediateDirectories: true)
        let other = run(["list", "--paths", "-f", url(".imgsel.json").path], cwd: url("elsewhere/deep"))
        assertSuccess(other)
        for path in other.stdoutLines {
            let resolved = path.hasPrefix("/") ? path : url("elsewhere/deep").appendingPathComponent(path).path
            XCTAssertTrue(FileManager.default.fileExists(atPath: resolved), "\(path) works from the current directory")
        }
        XCTAssertEqual(other.stdoutLines.count, 2)
    }

    func testNulSeparatedPaths() {
        png("a b.png"); png("line\nbreak.png")
        assertSuccess(run(["add", "a b.png", "line\nbreak.png"]))
        let r = run(["list", "-0"])
        assertSuccess(r)
        XCTAssertEqual(r.stdoutData, Data("a b.png\u{0}line\nbreak.png\u{0}".utf8))
    }

    func testNulSeparatedOnAnEmptySelectionPrintsNothing() {
        assertSuccess(run(["init"]))
        let r = run(["list", "-0"])
        assertSuccess(r)
        XCTAssertEqual(r.stdoutData, Data())
    }

    func testStylesCannotBeCombined() {
        seed(1)
        assertUsage(run(["list", "--paths", "-0"]), usageLine: listUsage)
        assertUsage(run(["list", "--grid", "--paths"]), usageLine: listUsage)
        assertUsage(run(["list", "extra"]), usageLine: listUsage)
    }

    // MARK: - --json

    func testJSONHasEverything() {
        seed(2)
        assertSuccess(run(["view", "2"]))
        let r = run(["list", "--json"])
        assertSuccess(r)
        XCTAssertEqual(r.stdoutLines.count, 1, "one JSON document on one line")
        guard let object = parseJSON(r.stdout) as? [String: Any] else { return XCTFail("not an object") }
        XCTAssertEqual(object["capacity"] as? Int, 9)
        XCTAssertEqual(object["count"] as? Int, 2)
        XCTAssertEqual(object["current"] as? Int, 2)
        XCTAssertEqual(object["file"] as? String, selectionURL.path)
        let list = object["items"] as? [[String: Any]] ?? []
        XCTAssertEqual(list.count, 2)
        for (offset, item) in list.enumerated() {
            let name = "img\(offset + 1).png"
            XCTAssertEqual(item["index"] as? Int, offset + 1)
            XCTAssertEqual(item["path"] as? String, name)
            XCTAssertEqual(item["type"] as? String, "png")
            XCTAssertEqual(item["width"] as? Int, 4)
            XCTAssertEqual(item["height"] as? Int, 3)
            XCTAssertEqual(item["orientation"] as? Int, 1)
            XCTAssertEqual(item["frames"] as? Int, 1)
            XCTAssertEqual(item["bytes"] as? Int, bytes(name)?.count)
            XCTAssertEqual(item["sha256"] as? String, sha256sum(url(name)))
            XCTAssertNotNil(item["added"] as? String)
        }
    }

    func testJSONOfAnEmptySelection() {
        assertSuccess(run(["init"]))
        let r = run(["--json", "list"])
        assertSuccess(r)
        guard let object = parseJSON(r.stdout) as? [String: Any] else { return XCTFail("not an object") }
        XCTAssertEqual(object["count"] as? Int, 0)
        XCTAssertTrue(object["current"] is NSNull)
        XCTAssertEqual((object["items"] as? [Any])?.count, 0)
    }

    // MARK: - --grid

    /// The cells of each row, from the top border and the separators: `┌`, `├` lines.
    private func columnsPerRow(_ lines: [String]) -> [Int] {
        var result: [Int] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("│") && (i == 0 || !lines[i - 1].hasPrefix("│")) {
            result.append(line.filter { $0 == "│" }.count - 1)
        }
        return result
    }

    private func hasAddCell(_ text: String) -> Bool { text.contains("│ + ") }

    func testTheGridHasAnAddCellWhileNotFull() {
        seed(2)
        let r = run(["list", "--grid"])
        assertSuccess(r)
        XCTAssertTrue(hasAddCell(r.stdout), r.transcript)
        XCTAssertTrue(r.stdout.contains("add (2/9)"), r.transcript)
        XCTAssertEqual(columnsPerRow(r.stdoutLines), [3], r.transcript)
        XCTAssertTrue(r.stdout.contains("img1.png") && r.stdout.contains("img2.png"))
        XCTAssertTrue(r.stdout.contains("1 *"), "the current entry is marked\n\(r.transcript)")
    }

    func testTheGridHasAtMostThreeColumns() {
        seed(7)
        let r = run(["list", "--grid"])
        assertSuccess(r)
        XCTAssertEqual(columnsPerRow(r.stdoutLines), [3, 3, 2], r.transcript)
        XCTAssertTrue(hasAddCell(r.stdout))
    }

    func testAFullGridHasNoAddCell() {
        assertSuccess(run(["init", "--capacity", "4"]))
        assertSuccess(run(["add"] + pngs(4)))
        let r = run(["list", "--grid"])
        assertSuccess(r)
        XCTAssertFalse(hasAddCell(r.stdout), r.transcript)
        XCTAssertFalse(r.stdout.contains("add ("), r.transcript)
        XCTAssertEqual(columnsPerRow(r.stdoutLines), [3, 1], r.transcript)
    }

    func testAFullNineGridIsThreeByThree() {
        seed(9)
        let r = run(["list", "--grid"])
        assertSuccess(r)
        XCTAssertFalse(hasAddCell(r.stdout), r.transcript)
        XCTAssertEqual(columnsPerRow(r.stdoutLines), [3, 3, 3], r.transcript)
    }

    func testAnEmptyGridIsOnlyTheAddCell() {
        assertSuccess(run(["init"]))
        let r = run(["list", "--grid"])
        assertSuccess(r)
        XCTAssertTrue(hasAddCell(r.stdout), r.transcript)
        XCTAssertEqual(columnsPerRow(r.stdoutLines), [1], r.transcript)
    }

    func testLongNamesAreShortenedInTheGridKeepingTheExtension() {
        png("a-very-long-file-name-from-a-camera-0001.png")
        assertSuccess(run(["add", "a-very-long-file-name-from-a-camera-0001.png"]))
        let r = run(["list", "--grid"])
        assertSuccess(r)
        let cellLine = r.stdoutLines.first { $0.contains("…") } ?? ""
        XCTAssertTrue(cellLine.contains("0001.png"), r.transcript)
        XCTAssertTrue(cellLine.contains("a-very"), r.transcript)
        let widths = Set(r.stdoutLines.map(\.count))
        XCTAssertEqual(widths.count, 1, "every line of the grid is as wide\n\(r.transcript)")
    }

    func testANarrowTerminalGetsOneColumn() {
        seed(2)
        let r = run(["list", "--grid"], env: ["COLUMNS": "30"])
        assertSuccess(r)
        XCTAssertEqual(columnsPerRow(r.stdoutLines), [1, 1, 1], r.transcript)
        for line in r.stdoutLines {
            XCTAssertLessThanOrEqual(line.count, 30, "fits 30 columns: \(line)")
        }
    }

    // MARK: - Reading creates nothing

    func testReadingAMissingSelectionIsRefusedAndCreatesNothing() {
        for args in [
            ["list"], ["list", "--paths"], ["list", "--json"], ["list", "--grid"], ["check"], ["view", "--index"],
        ] {
            assertFailure(run(args), 4, stderrContains: ["no selection file at"])
        }
        XCTAssertEqual(listing("."), [], "no .imgsel.json, no .imgsel.json.lock")
        assertSuccess(run(["init"]))
        XCTAssertEqual(run(["list"]).stdout, "(empty selection, 0 of 9)\n")
    }

    func testListingAMissingSelectionElsewhereCreatesNoFolder() {
        assertFailure(run(["-f", "nowhere/sel.json", "list"]), 4, stderrContains: ["nowhere/sel.json"])
        XCTAssertEqual(listing("."), [])
    }
}

/// `list`'s usage line, as a usage error ends.
let listUsage = "usage: imgsel list [--paths | -0 | --grid [--image | --no-image]]"
