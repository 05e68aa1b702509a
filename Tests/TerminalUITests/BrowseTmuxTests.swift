import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `browse`'s keys and screen in a real terminal (see TmuxTestCase).
final class BrowseTmuxTests: TmuxTestCase {
    func testBrowsePagesSavesDeletesAndQuitsOnTheEntryShown() throws {
        try start("browse", ["--index", "3"], showing: "3 / 9  photo-03.jpg")
        pane.keys("Right")
        try pane.waitForText("4 / 9  photo-04.jpg")
        pane.keys("s")
        try pane.waitForText("saved photo-04.jpg to album/photo-04.jpg")
        pane.keys("d")
        try pane.waitForText("delete 4 / 9? (y/n)")
        pane.keys("n")
        try pane.waitFor("the question gone") { !$0.joined().contains("(y/n)") }
        pane.keys("d")
        try pane.waitForText("delete 4 / 9? (y/n)")
        pane.keys("y")
        try pane.waitForText("deleted photo-04.jpg")
        try pane.waitForText("4 / 8  photo-05.jpg")
        pane.keys("End")
        try pane.waitForText("8 / 8  photo-09.jpg")
        pane.keys("Right")  // the end: the bell, and nothing moves
        pane.keys("2")
        try pane.waitForText("2 / 8  photo-02.jpg")
        pane.keys("BSpace")
        try pane.waitForText("1 / 8  photo-01.jpg")
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        XCTAssertEqual(try outcome(), "quit 1")
        try assertRestored()
    }

    func testBrowseQuitsWithEnterAndEscAndCancelsWithCtrlC() throws {
        for (key, expected, status) in [("Enter", "quit 5", "0"), ("Escape", "quit 5", "0"), ("C-c", "cancel", "130")] {
            try start("browse", ["--index", "5"], showing: "5 / 9")
            pane.keys(key)
            try pane.waitForFormat("#{alternate_on}", "0")
            XCTAssertEqual(try exitStatus(), status, key)
            XCTAssertEqual(try outcome(), expected, key)
            try assertRestored()
            try FileManager.default.removeItem(atPath: outPath)
        }
    }
}
