import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `imgsel browse` follows the selection file and the files on disk (issue 20, item 7): before
/// every key's effect it reads the selection again if it changed, keeps showing the same entry
/// by content, and shows a file that left the disk as missing.
final class BrowseFollowTmuxTests: ImgselTmuxTestCase {
    private func entries(_ names: [String]) throws {
        for (seed, name) in names.enumerated() { image("\(name).png", seed: seed) }
        XCTAssertEqual(try imgselNow(["add"] + names.map { "\($0).png" }).status, 0)
    }

    func testDAsksAboutTheEntryShownWhereItIsNowAfterAnotherImgselDeletedOne() throws {
        try entries(["p1", "p2", "p3", "p4", "p5"])
        try startImgsel("browse 3", showing: "3 / 5  p3.png")
        XCTAssertEqual(try imgselNow(["delete", "1"]).status, 0, "another shell, meanwhile")
        pane.keys("d")
        try pane.waitForText("delete 2 / 4? (y/n)")
        XCTAssertTrue(pane.screen().joined().contains("2 / 4  p3.png"), pane.screen().joined(separator: "\n"))
        pane.keys("y")
        try pane.waitForText("deleted 2  p3.png")
        try pane.waitForText("2 / 3  p4.png")
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        try assertRestored()
        XCTAssertEqual(try selection().paths, ["p2.png", "p4.png", "p5.png"])
        XCTAssertEqual(try selection().current, 2)
    }

    func testTheEntryShownIsFollowedByContentThroughAnotherImgselsMove() throws {
        try entries(["a", "b", "c"])
        try startImgsel("browse", showing: "1 / 3  a.png")
        XCTAssertEqual(try imgselNow(["move", "1", "3"]).status, 0)
        pane.keys("x")
        try pane.waitForText("3 / 3  a.png")
        pane.keys("p")
        try pane.waitForText("2 / 3  c.png")
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        // The shell's `echo $?` runs once browse has ended, after its last write of the file: read
        // before that, the selection raced browse's quit on a loaded machine.
        XCTAssertEqual(try exitStatus(), "0")
        XCTAssertEqual(try selection().current, 2)
        XCTAssertEqual(try imgselStdout(), "c.png\n")
    }

    func testAFileRemovedFromDiskIsShownAsMissingNotFromTheCache() throws {
        try entries(["a", "b", "c"])
        try startImgsel("browse", showing: "1 / 3  a.png")
        try waitForPictures(count: 8)
        XCTAssertEqual(unlink(folder.appendingPathComponent("a.png").path), 0)
        pane.keys("l")
        try pane.waitForText("2 / 3  b.png")
        try waitForPictures(count: 8)
        pane.keys("h")
        try pane.waitForText("1 / 3  a.png")
        try pane.waitForText("file is missing")
        XCTAssertFalse(pane.screen().joined().contains("▀"), "no picture drawn for a file that is gone")
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        try assertRestored()
    }

    func testAYesForAnEntryAnotherImgselRemovedDeletesNothingElse() throws {
        try entries(["p1", "p2", "p3", "p4"])
        try startImgsel("browse 2", showing: "2 / 4  p2.png")
        pane.keys("d")
        try pane.waitForText("delete 2 / 4? (y/n)")
        XCTAssertEqual(try imgselNow(["delete", "2"]).status, 0)
        pane.keys("y")
        try pane.waitForText("not deleted: p2.png: no longer in the selection")
        try pane.waitForText("2 / 3  p3.png")
        XCTAssertEqual(try selection().paths, ["p1.png", "p3.png", "p4.png"], "p3 was not deleted in its place")
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
    }
}
