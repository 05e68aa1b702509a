import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `imgsel browse` in a real terminal: paging, `s`, `d`, where quitting leaves the cursor,
/// and every way out.
final class BrowseCommandTmuxTests: ImgselTmuxTestCase {
    /// a, b, c selected, the cursor on 1.
    private func threeEntries() throws {
        for (seed, name) in ["a", "b", "c"].enumerated() { image("\(name).png", seed: seed) }
        XCTAssertEqual(try imgselNow(["add", "a.png", "b.png", "c.png"]).status, 0)
    }

    func testPagingShowsPositionNameAndFactsAndQuitLeavesTheCursorThere() throws {
        try threeEntries()
        try startImgsel("browse", showing: "1 / 3  a.png  160×120 PNG")
        try waitForPictures(count: 8)
        pane.keys("l")
        try pane.waitForText("2 / 3  b.png")
        pane.keys("Right")
        try pane.waitForText("3 / 3  c.png")
        pane.keys("Home")
        try pane.waitForText("1 / 3  a.png")
        pane.keys("3")
        try pane.waitForText("3 / 3  c.png")
        pane.keys("p")
        try pane.waitForText("2 / 3  b.png")
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        try assertRestored()
        XCTAssertEqual(try selection().current, 2, "the cursor on the entry shown")
        XCTAssertEqual(try imgselStdout(), "b.png\n", "the entry shown, for $( )")
    }

    func testEscAndEnterQuitToo() throws {
        try threeEntries()
        for (key, expected) in [("Escape", 3), ("Enter", 1)] {
            try startImgsel("browse 2", showing: "2 / 3  b.png")
            pane.keys(key == "Escape" ? "End" : "Home")
            try pane.waitForText("\(expected) / 3")
            pane.keys(key)
            try pane.waitForFormat("#{alternate_on}", "0")
            XCTAssertEqual(try exitStatus(), "0", key)
            try assertRestored()
            XCTAssertEqual(try selection().current, expected, key)
        }
    }

    func testCtrlCQuitsWithoutMovingTheCursor() throws {
        try threeEntries()
        let before = selectionBytes()
        try startImgsel("browse last", showing: "3 / 3  c.png")
        pane.keys("Left")
        try pane.waitForText("2 / 3  b.png")
        pane.keys("C-c")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
        try assertRestored()
        XCTAssertEqual(selectionBytes(), before)
    }

    func testSSavesToTheAlbumAsSaveDoesAndSaysWhere() throws {
        try threeEntries()
        try startImgsel("browse 2", showing: "2 / 3  b.png")
        pane.keys("s")
        try pane.waitForText("saved to saved-album/b.png")
        pane.keys("s")
        try pane.waitForText("already saved: saved-album/b.png")
        pane.keys("C-c")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
        try assertRestored()
        let saved = FileManager.default.contents(atPath: folder.appendingPathComponent("saved-album/b.png").path)
        XCTAssertEqual(saved, FileManager.default.contents(atPath: folder.appendingPathComponent("b.png").path))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("saved-album").path),
            ["b.png"], "what s did stands after Ctrl-C")
    }

    func testDDeletesOnlyAfterY() throws {
        try threeEntries()
        try startImgsel("browse 2", showing: "2 / 3  b.png")
        pane.keys("d")
        try pane.waitForText("delete 2 / 3? (y/n)")
        pane.keys("n")
        try pane.waitForText("→ next")
        XCTAssertEqual(try selection().paths, ["a.png", "b.png", "c.png"])
        pane.keys("d")
        try pane.waitForText("delete 2 / 3? (y/n)")
        pane.keys("y")
        try pane.waitForText("deleted 2  b.png")
        try pane.waitForText("2 / 2  c.png")
        pane.keys("q")
        try assertRestored()
        XCTAssertEqual(try selection().paths, ["a.png", "c.png"])
        XCTAssertEqual(try selection().current, 2)
    }

    func testAnEmptySelectionExits1BeforeFullScreen() throws {
        XCTAssertEqual(try imgselNow(["init"]).status, 0)
        pane.run("\(imgsel) browse; echo \"status $?\" > status")
        XCTAssertEqual(try pane.waitForFile(folder.appendingPathComponent("status").path), "status 1\n")
        XCTAssertTrue(
            pane.screen().joined().contains("the selection is empty"),
            "on a terminal the message may carry a coloured \"error:\"")
        XCTAssertEqual(pane.format("#{alternate_on}"), "0")
    }

    func testWithoutATerminalPickAndBrowseExit2AtOnce() throws {
        try threeEntries()
        for command in ["pick", "browse"] {
            let errors = folder.appendingPathComponent("stderr-\(command)").path
            let status = Spawn.run(
                ["setsid", "-w", "sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path, imgsel, command],
                outputPath: errors, timeout: pane.deadline)
            XCTAssertEqual(status, 2, command)
            let text = try String(contentsOfFile: errors, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("imgsel: \(command) needs a terminal"), text)
        }
    }

    // MARK: - ways out that are not keys

    func testSigtermAndSighupRestoreTheTerminalAndLeaveTheCursor() throws {
        try threeEntries()
        try assertSignalsRestoreAndWriteNothing("browse", showing: "1 / 3  a.png", key: "l", changed: "2 / 3  b.png")
    }

    func testCtrlZSuspendsRestoredAndFgRedraws() throws {
        try threeEntries()
        try startImgsel("browse", showing: "1 / 3  a.png")
        try waitForPictures(count: 8)
        try assertCtrlZRestoresAndFgRedraws(shown: "1 / 3  a.png", pictureRows: 8)
        pane.keys("l", "q")
        try assertRestored()
        XCTAssertEqual(try selection().current, 2)
    }
}
