import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `pick`'s keys and screen in a real terminal (see TmuxTestCase).
final class PickTmuxTests: TmuxTestCase {
    func testPickWritesTheOrderOfTheTogglesOnEnter() throws {
        try start("pick", showing: "0 / 9 selected")
        pane.keys("Right", "Space", "Left", "Space", "End", "Space")
        try pane.waitForText("3 / 9 selected")
        let rows = pane.screen()
        XCTAssertTrue(rows[0].contains("┌ 2 ─"), rows.joined(separator: "\n"))  // photo-01 picked second
        XCTAssertTrue(rows[0].contains("┌ 1 ─"), rows.joined(separator: "\n"))
        pane.keys("Enter")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        XCTAssertEqual(try outcome(), "commit photo-02.jpg photo-01.jpg photo-12.jpg")
        try assertRestored()
    }

    func testPickMovesTheFocusAndShowsTheViewer() throws {
        try start("pick", showing: "0 / 9 selected")
        pane.keys("j", "l")
        try pane.waitForText("7/12")
        pane.keys("v")
        try pane.waitForText("photo-07.jpg full size")
        XCTAssertTrue(statusRow().contains("any key returns"), statusRow())
        pane.keys("x")
        try pane.waitForText("7/12")
        // Tab picks photo-07 and moves on; Shift-Tab picks photo-08 and comes back; Shift-Tab
        // unpicks photo-07 and moves to photo-06.
        pane.keys("Tab", "BTab", "BTab")
        try pane.waitForText("6/12")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-08.jpg")
        try assertRestored()
    }

    func testAFullSelectionRefusesWithAMessage() throws {
        try start("pick", ["--capacity", "2", "--others", "1"], showing: "1 / 2 selected")
        pane.keys("Space", "Right", "Space")
        try pane.waitForText("photo-02.jpg not picked: the selection is full (2 / 2)")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-01.jpg")
        try assertRestored()
    }

    func testAnImageAgainstARuleIsRefusedWithItsReason() throws {
        try start("pick", ["--refuse", "2"], showing: "0 / 9 selected")
        pane.keys("Right", "Space")
        try pane.waitForText("photo-02.jpg: 7.2 MB is over this selection's 5 MB (--…")  // cut to the row
        pane.keys("Left", "Space")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-01.jpg")
        try assertRestored()
    }

    func testEntriesAlreadySelectedStartPicked() throws {
        try start("pick", ["--picked", "3,1"], showing: "2 / 9 selected")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-03.jpg photo-01.jpg")
        try assertRestored()
    }

    func testEscCancelsWith130() throws {
        try start("pick", showing: "0 / 9 selected")
        pane.keys("Space")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Escape")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
        XCTAssertEqual(try outcome(), "cancel")
        try assertRestored()
    }

    func testQAndCtrlCCancelWith130() throws {
        for key in ["q", "C-c"] {
            try start("pick", showing: "0 / 9 selected")
            pane.keys(key)
            try pane.waitForFormat("#{alternate_on}", "0")
            XCTAssertEqual(try exitStatus(), "130", key)
            XCTAssertEqual(try outcome(), "cancel", key)
            try assertRestored()
            try FileManager.default.removeItem(atPath: outPath)
        }
    }

    func testAResizedWindowIsLaidOutAgain() throws {
        try start("pick", showing: "0 / 9 selected")
        XCTAssertFalse(pane.screen()[5].contains("photo-06.jpg"))
        pane.tmux(["resize-window", "-t", "t", "-x", "120", "-y", "30"])
        // 120 columns hold seven 16-column slots: photo-06 and photo-07 move up to the first row.
        try pane.waitFor("a seven-column first row") { $0.count > 5 && $0[5].contains("photo-07.jpg") }
        try pane.waitFor("the status row at the new bottom") { $0.count >= 30 && $0[29].contains("0 / 9 selected") }
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        pane.tmux(["resize-window", "-t", "t", "-x", "80", "-y", "24"])
        try pane.waitForFormat("#{window_height}", "24")
        // The pane's tty learns its size a moment after tmux's window does.
        var size = ""
        for attempt in 0..<100 where size != "24 80" {
            size = try pane.output(of: "stty size", into: "size-\(attempt)")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(size, "24 80")
        try assertRestored()
    }
}
