import Foundation
import TerminalTestSupport
import TestImages
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `imgsel pick`'s Enter as SPEC "Interactive" now has it: the user's toggles applied onto the
/// selection as it is at Enter (another imgsel's change meanwhile kept), moves reported, what
/// Enter would refuse refused at the toggle, and a refused Enter staying open with every pick.
final class PickEnterTmuxTests: ImgselTmuxTestCase {
    private func images(_ names: [String]) {
        for (seed, name) in names.enumerated() { image("\(name).png", seed: seed + 1) }
    }

    private func finish(_ status: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), status, file: file, line: line)
        try assertRestored(file: file, line: line)
    }

    // MARK: - issue 20, item 2

    func testEnterKeepsWhatAnotherImgselAddedMeanwhile() throws {
        images(["gray", "img00", "img01", "img05"])
        XCTAssertEqual(try imgselNow(["add", "img05.png"]).status, 0)
        try startImgsel("pick", showing: "1 / 9 selected")
        pane.keys("Right", "Space")
        try pane.waitForText("2 / 9 selected")
        XCTAssertEqual(try imgselNow(["add", "img01.png", "gray.png"]).status, 0, "another shell, meanwhile")
        pane.keys("Enter")
        try finish("0")
        XCTAssertEqual(try selection().paths, ["img05.png", "img01.png", "gray.png", "img00.png"])
        XCTAssertEqual(try imgselStdout(), "added 4  img00.png\n", "only what the user toggled")
    }

    func testAnUnpickLeavesAndOnlyItEvenAfterAnotherImgselReordered() throws {
        images(["a", "b", "c"])
        XCTAssertEqual(try imgselNow(["add", "a.png", "b.png", "c.png"]).status, 0)
        try startImgsel("pick", showing: "3 / 9 selected")
        pane.keys("Right", "Space")
        try pane.waitForText("2 / 9 selected")
        XCTAssertEqual(try imgselNow(["move", "1", "3"]).status, 0, "b, c, a now")
        pane.keys("Enter")
        try finish("0")
        XCTAssertEqual(try selection().paths, ["c.png", "a.png"], "the other's order stands")
        XCTAssertEqual(try imgselStdout(), "removed 1  b.png\n")
    }

    // MARK: - issue 20, item 6

    /// Adds `names`, opens `command` in the pane, unpicks the first and picks it again, then Enter:
    /// the first moves to the end, a reorder made in pick alone.
    private func unpickAndPickAgainTheFirstOf(_ names: [String], command: String) throws {
        images(names)
        XCTAssertEqual(try imgselNow(["add"] + names.map { "\($0).png" }).status, 0)
        let count = "\(names.count) / 9 selected"
        try startImgsel(command, showing: count)
        pane.keys("Space")
        try pane.waitForText("\(names.count - 1) / 9 selected")
        pane.keys("Space")
        try pane.waitForText(count)
        pane.keys("Enter")
        try finish("0")
    }

    func testAReorderMadeInPickIsReportedAsAMove() throws {
        try unpickAndPickAgainTheFirstOf(["a", "b"], command: "pick")
        XCTAssertEqual(try selection().paths, ["b.png", "a.png"])
        XCTAssertEqual(try imgselStdout(), "moved 1 → 2  a.png\n")
    }

    func testAMoveIsInTheJSONToo() throws {
        try unpickAndPickAgainTheFirstOf(["a", "b"], command: "--json pick")
        let text = try imgselStdout()
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        XCTAssertEqual((object["removed"] as? [Any])?.count, 0, text)
        XCTAssertEqual((object["added"] as? [Any])?.count, 0, text)
        XCTAssertEqual(object["count"] as? Int, 2, text)
        let moved = try XCTUnwrap(object["moved"] as? [[String: Any]], text)
        XCTAssertEqual(moved.count, 1, text)
        XCTAssertEqual(moved.first?["path"] as? String, "a.png", text)
        XCTAssertEqual(moved.first?["from"] as? Int, 1, text)
        XCTAssertEqual(moved.first?["to"] as? Int, 2, text)
    }

    // MARK: - issue 20, item 5

    func testACopyOrALinkOfAPickedImageIsRefusedAtTheToggle() throws {
        image("a.png", seed: 3)
        XCTAssertNoThrow(try FileManager.default.copyItem(atPath: path("a.png"), toPath: path("a (1).png")))
        XCTAssertEqual(symlink("a.png", path("a-link.png")), 0)
        XCTAssertEqual(try imgselNow(["init"]).status, 0)
        // Name order: "a (1).png", "a-link.png", "a.png".
        try startImgsel("pick", showing: "0 / 9 selected")
        pane.keys("Space")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Right", "Space")
        try pane.waitForText("a-link.png: same content as a (1).png, picked as 1")
        XCTAssertTrue(statusRow().contains("1 / 9 selected"), statusRow())
        pane.keys("Right", "Space")
        try pane.waitForText("a.png: same content as a (1).png, picked as 1")
        pane.keys("Enter")
        try finish("0")
        XCTAssertEqual(try selection().paths, ["a (1).png"])
    }

    func testAnEntryWhoseFileChangedShowsPickedAndCannotBePickedAsNewContent() throws {
        images(["a", "b"])
        XCTAssertEqual(try imgselNow(["add", "a.png", "b.png"]).status, 0)
        image("a.png", seed: 7)
        try startImgsel("pick", showing: "2 / 9 selected")
        let top = pane.screen()[0]
        XCTAssertTrue(top.contains("┌ 1 ─") && top.contains("┌ 2 ─"), "a is entry 1, b entry 2:\n" + top)
        XCTAssertTrue(focusedFrame().hasPrefix("┌ 1 ─"), "the focus on a: " + focusedFrame())
        pane.keys("Space")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Space")
        try pane.waitForText("a.png: entry 1 already has this path")
        XCTAssertTrue(statusRow().contains("1 / 9 selected"), statusRow())
        pane.keys("Enter")
        try finish("0")
        XCTAssertEqual(try selection().paths, ["b.png"])
        XCTAssertEqual(try imgselStdout(), "removed 1  a.png\n")
    }

    func testAVanishedFileIsRefusedAndARefusedEnterStaysOpenWithEveryPick() throws {
        images(["a", "b", "c"])
        XCTAssertEqual(try imgselNow(["init"]).status, 0)
        try startImgsel("pick", showing: "0 / 9 selected")
        pane.keys("Space")
        try pane.waitForText("1 / 9 selected")
        XCTAssertEqual(unlink(path("b.png")), 0)
        pane.keys("Right", "Space")
        try pane.waitForText("b.png: no such file")
        pane.keys("Right", "Space")
        try pane.waitForText("2 / 9 selected")
        XCTAssertEqual(unlink(path("a.png")), 0)
        pane.keys("Enter")
        try pane.waitForText("a.png: no such file")
        XCTAssertEqual(pane.format("#{alternate_on}"), "1", "pick stays open")
        XCTAssertTrue(statusRow().contains("2 / 9 selected"), "every pick kept: " + statusRow())
        XCTAssertEqual(try selection().paths, [], "nothing written")
        pane.keys("Home", "Space")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Enter")
        try finish("0")
        XCTAssertEqual(try selection().paths, ["c.png"])
        XCTAssertEqual(try imgselStdout(), "added 1  c.png\n")
    }

    func testASelectionThatCannotBeWrittenExits5BeforeFullScreen() throws {
        image("a.png", seed: 1)
        try FileManager.default.createDirectory(atPath: path("ro"), withIntermediateDirectories: true)
        let unshare = getuid() == 0 ? "unshare --mount" : "unshare --user --map-root-user --mount"
        pane.run(
            "\(unshare) sh -c 'mount -t tmpfs tmpfs ro && cp a.png ro/ && mount -o remount,ro ro && cd ro"
                + " && exec \"$0\" pick' \(imgsel) 2> errors; echo \"status $?\" > status")
        XCTAssertEqual(try pane.waitForFile(path("status")), "status 5\n")
        let errors = try String(contentsOfFile: path("errors"), encoding: .utf8)
        XCTAssertTrue(errors.contains("cannot write") && errors.contains("Read-only file system"), errors)
        XCTAssertEqual(pane.format("#{alternate_on}"), "0")
    }

    // MARK: - issue 43, item 4

    /// TestImages' muted landscape at `width`×`height`: a photo-like picture `similar` can compare.
    private func landscape(_ name: String, _ width: Int, _ height: Int) {
        let bytes = ImageBytes.paintedPNG(width: width, height: height) { x, y in
            ImageBytes.mutedPhotoPixel(x: x * 320 / width, y: y * 240 / height, width: 320, height: 240)
        }
        _ = FileManager.default.createFile(atPath: path(name), contents: Data(bytes))
    }

    func testEnterWarnsOfAPickThatLooksLikeAnEntryAndDistinctRefusesItStayingOpen() throws {
        landscape("a.png", 320, 240)
        landscape("small.png", 80, 60)
        XCTAssertEqual(try imgselNow(["add", "a.png"]).status, 0)
        XCTAssertEqual(try imgselNow(["rules", "--distinct"]).status, 0)
        // Name order: a.png (entry 1), small.png (the same picture at a quarter).
        try startImgsel("pick 2> errors", showing: "1 / 9 selected")
        pane.keys("Right", "Space")
        try pane.waitForText("2 / 9 selected")
        pane.keys("Enter")
        try pane.waitForText("small.png: looks like entry 1 (a.png), distance 0")
        XCTAssertEqual(pane.format("#{alternate_on}"), "1", "pick stays open")
        XCTAssertEqual(try selection().paths, ["a.png"], "nothing written")
        pane.keys("Escape")
        try finish("130")
        XCTAssertEqual(try imgselNow(["rules", "--clear", "distinct"]).status, 0)
        try startImgsel("pick 2> errors", showing: "1 / 9 selected")
        pane.keys("Right", "Space")
        try pane.waitForText("2 / 9 selected")
        pane.keys("Enter")
        try finish("0")
        XCTAssertEqual(try selection().paths, ["a.png", "small.png"], "a warning: the image is added")
        XCTAssertEqual(
            try String(contentsOfFile: path("errors"), encoding: .utf8),
            "imgsel: warning: small.png: looks like entry 1 (a.png), distance 0\n")
        XCTAssertEqual(try imgselStdout(), "added 2  small.png\n")
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
