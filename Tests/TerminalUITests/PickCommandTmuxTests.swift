import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `imgsel pick` in a real terminal: what it shows, what Enter writes, and every way out.
final class PickCommandTmuxTests: ImgselTmuxTestCase {
    /// Four images a–d here, x in a folder of its own; the selection holds x (not shown) and b.
    private func fourImagesWithXAndBSelected(capacity: Int = 9) throws {
        for (seed, name) in ["a", "b", "c", "d"].enumerated() { image("\(name).png", seed: seed) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("other"), withIntermediateDirectories: true)
        image("other/x.png", seed: 9)
        _ = FileManager.default.createFile(
            atPath: folder.appendingPathComponent("notes.txt").path, contents: Data("hi".utf8))
        XCTAssertEqual(try imgselNow(["init", "--capacity", "\(capacity)"]).status, 0)
        XCTAssertEqual(try imgselNow(["add", "other/x.png", "b.png"]).status, 0)
    }

    func testTogglesThenEnterWriteTheEntriesNotShownFirstThenThePickedInOrder() throws {
        try fourImagesWithXAndBSelected()
        try startImgsel("pick", showing: "2 / 9 selected")
        try waitForPictures()
        let rows = pane.screen()
        XCTAssertTrue(rows.contains { $0.contains("a.png") && $0.contains("d.png") }, rows.joined(separator: "\n"))
        XCTAssertFalse(rows.joined().contains("notes.txt"), "a file that is no image is left out")
        XCTAssertTrue(rows[0].contains("┌ 1 ─"), "b, already selected, starts picked:\n" + rows.joined(separator: "\n"))
        // c picked (2), a picked (3), b unpicked (the numbers close up), b picked again (3).
        pane.keys("Right", "Right", "Space", "Home", "Space")
        try pane.waitForText("4 / 9 selected")
        pane.keys("Right", "Space")
        try pane.waitForText("3 / 9 selected")
        pane.keys("Space")
        try pane.waitForText("4 / 9 selected")
        XCTAssertTrue(focusedFrame().hasPrefix("┌ 3 ─"), focusedFrame() + "\n" + pane.screen().joined(separator: "\n"))
        pane.keys("Enter")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        try assertRestored()
        XCTAssertEqual(try selection().paths, ["other/x.png", "c.png", "a.png", "b.png"])
        XCTAssertEqual(
            try imgselStdout(), "added 2  c.png\nadded 3  a.png\nmoved 2 → 4  b.png\n",
            "what changed, as toggle says it, and b's move (unpicked and picked again)")
    }

    func testEscWritesNothingAndExits130() throws {
        try fourImagesWithXAndBSelected()
        let before = selectionBytes()
        try startImgsel("pick .", showing: "2 / 9 selected")
        pane.keys("Space", "Right", "Space")
        try pane.waitForText("2 / 9 selected")
        XCTAssertTrue(pane.screen()[0].contains("┌ 1 ─"), "a picked, b not: " + pane.screen()[0])
        pane.keys("Escape")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
        try assertRestored()
        XCTAssertEqual(selectionBytes(), before, "byte for byte as it was")
    }

    func testQAndCtrlCCancelToo() throws {
        try fourImagesWithXAndBSelected()
        let before = selectionBytes()
        for key in ["q", "C-c"] {
            try startImgsel("pick", showing: "2 / 9 selected")
            pane.keys("Space")
            try pane.waitForText("3 / 9 selected")
            pane.keys(key)
            try pane.waitForFormat("#{alternate_on}", "0")
            XCTAssertEqual(try exitStatus(), "130", key)
            try assertRestored()
            XCTAssertEqual(selectionBytes(), before, key)
        }
    }

    func testAFullSelectionRefusesOnTheStatusLine() throws {
        try fourImagesWithXAndBSelected(capacity: 3)
        try startImgsel("pick", showing: "2 / 3 selected")
        pane.keys("Space", "Right", "Right", "Space")
        try pane.waitForText("c.png not picked: the selection is full (3 / 3)")
        pane.keys("Enter")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        try assertRestored()
        XCTAssertEqual(try selection().paths, ["other/x.png", "b.png", "a.png"])
    }

    func testAnImageBreakingARuleIsRefusedWithItsReason() throws {
        try fourImagesWithXAndBSelected()
        image("wide.png", seed: 5, width: 64, height: 8)
        XCTAssertEqual(try imgselNow(["rules", "--max-aspect", "2", "--as-is"]).status, 0)
        try startImgsel("pick", showing: "2 / 9 selected")
        pane.keys("End", "Space")
        try pane.waitForText("wide.png: 64×8 (aspect 8) is over this")
        XCTAssertTrue(statusRow().contains("2 / 9 selected"), statusRow())
        pane.keys("Escape")
        try assertRestored()
    }

    func testEnterRefusedBecauseAnotherImgselFilledTheSelectionStaysOpenWithThePicks() throws {
        try fourImagesWithXAndBSelected(capacity: 4)
        try startImgsel("pick", showing: "2 / 4 selected")
        pane.keys("Space", "Right", "Right", "Space")
        try pane.waitForText("4 / 4 selected")
        image("other/y.png", seed: 10)
        XCTAssertEqual(try imgselNow(["add", "other/y.png"]).status, 0)
        let theirs = selectionBytes()
        pane.keys("Enter")
        try pane.waitForText("another imgsel changed the selection while pick ran")
        XCTAssertEqual(pane.format("#{alternate_on}"), "1", "pick stays open")
        XCTAssertTrue(statusRow().contains("4 / 4 selected"), statusRow())
        XCTAssertEqual(selectionBytes(), theirs, "nothing written over the other process's change")
        pane.keys("Space")
        try pane.waitForText("3 / 4 selected")
        pane.keys("Enter")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        try assertRestored()
        XCTAssertEqual(try selection().paths, ["other/x.png", "b.png", "other/y.png", "a.png"])
    }

    func testVShowsTheImageFullSizeAndAnyKeyReturns() throws {
        try fourImagesWithXAndBSelected()
        try startImgsel("pick", showing: "2 / 9 selected")
        pane.keys("Right", "v")
        try pane.waitForText("b.png   any key returns")
        try waitForPictures(count: 12)
        pane.keys("x")
        try pane.waitForText("2 / 9 selected")
        pane.keys("Escape")
        try assertRestored()
    }

    func testAResizedWindowIsLaidOutAgainWithItsPictures() throws {
        try fourImagesWithXAndBSelected()
        try startImgsel("pick", showing: "2 / 9 selected")
        try waitForPictures()
        XCTAssertTrue(pane.screen()[9].contains("d.png"), "four slots a row at 80 columns")
        pane.tmux(["resize-window", "-t", "t", "-x", "44", "-y", "24"])
        try pane.waitFor("two slots a row") { rows in rows.count > 19 && rows[19].contains("d.png") }
        try waitForPictures(count: 10)
        pane.keys("Escape")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
    }

    func testPickWorksInAPipelineAndInsideCommandSubstitution() throws {
        try fourImagesWithXAndBSelected()
        pane.run("out=$(\(imgsel) pick) && echo \"[$out]\" > captured")
        try pane.waitForText("2 / 9 selected")
        pane.keys("Space", "Enter")
        let captured = try pane.waitForFile(folder.appendingPathComponent("captured").path)
        XCTAssertEqual(captured, "[added 3  a.png]\n")
        try assertRestored()
    }

    // MARK: - ways out that are not keys

    func testSigtermAndSighupRestoreTheTerminalAndWriteNothing() throws {
        try fourImagesWithXAndBSelected()
        try assertSignalsRestoreAndWriteNothing(
            "pick", showing: "2 / 9 selected", key: "Space", changed: "3 / 9 selected")
    }

    func testCtrlZSuspendsRestoredAndFgRedrawsThePictures() throws {
        try fourImagesWithXAndBSelected()
        try startImgsel("pick", showing: "2 / 9 selected")
        try waitForPictures()
        pane.keys("Space")
        try pane.waitForText("3 / 9 selected")
        try assertCtrlZRestoresAndFgRedraws(shown: "3 / 9 selected", pictureRows: 1)
        pane.keys("Enter")
        try assertRestored()
        XCTAssertEqual(try selection().paths, ["other/x.png", "b.png", "a.png"])
    }
}
