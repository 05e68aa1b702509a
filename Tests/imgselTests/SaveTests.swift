import Foundation
import XCTest

final class SaveTests: ImgselTestCase {
    func testSaveCopiesTheCurrentEntryBesideTheSelectionFile() {
        seed(2)
        assertSuccess(run(["view", "2"]))
        let before = selectionData()
        let r = run(["save"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "saved-album/img2.png\n")
        XCTAssertEqual(listing("saved-album"), ["img2.png"])
        XCTAssertEqual(bytes("saved-album/img2.png"), bytes("img2.png"))
        assertUnchanged(before)
    }

    func testSavingTwiceAddsOneFile() {
        seed(2)
        assertSuccess(run(["save"]))
        let again = run(["save"])
        assertSuccess(again)
        XCTAssertEqual(again.stdout, "saved-album/img1.png\n", "identical bytes count as saved")
        XCTAssertEqual(listing("saved-album"), ["img1.png"])
    }

    func testATakenNameWithOtherBytesGetsANumberBeforeTheExtension() {
        seed(1)
        let other = Fixtures.png(width: 2, height: 2, seed: 999)
        _ = write(other, to: "saved-album/img1.png")
        let r = run(["save"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "saved-album/img1 (1).png\n")
        XCTAssertEqual(listing("saved-album"), ["img1 (1).png", "img1.png"])
        XCTAssertEqual(bytes("saved-album/img1.png"), other, "never overwrites")
        XCTAssertEqual(bytes("saved-album/img1 (1).png"), bytes("img1.png"))
        // Saved again: the numbered copy holds identical bytes, so nothing new.
        let again = run(["save"])
        assertSuccess(again)
        XCTAssertEqual(again.stdout, "saved-album/img1 (1).png\n")
        XCTAssertEqual(listing("saved-album").count, 2)
    }

    func testANumberedCopyOfALongNameShortensTheStemToFit() {
        let name = String(repeating: "a", count: 251) + ".png"  // 255 bytes: " (1)" would not fit
        _ = write(Fixtures.png(width: 3, height: 2, seed: 5), to: name)
        assertSuccess(run(["add", name]))
        let other = Fixtures.png(width: 2, height: 2, seed: 996)
        _ = write(other, to: "saved-album/" + name)
        let r = run(["save"])
        assertSuccess(r)
        let numbered = String(repeating: "a", count: 247) + " (1).png"
        XCTAssertEqual(r.stdout, "saved-album/\(numbered)\n")
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(bytes("saved-album/" + numbered), bytes(name))
        XCTAssertEqual(bytes("saved-album/" + name), other, "never overwrites")
        XCTAssertEqual(listing("saved-album"), [numbered, name])
        // Saved again: the shortened copy is found, nothing new is written.
        let again = run(["save"])
        assertSuccess(again)
        XCTAssertEqual(again.stdout, r.stdout)
        XCTAssertEqual(listing("saved-album").count, 2)
    }

    func testTheNextFreeNumberIsUsed() {
        seed(1)
        _ = write(Fixtures.png(width: 2, height: 2, seed: 998), to: "saved-album/img1.png")
        _ = write(Fixtures.png(width: 2, height: 2, seed: 997), to: "saved-album/img1 (1).png")
        let r = run(["save"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "saved-album/img1 (2).png\n")
        XCTAssertEqual(bytes("saved-album/img1 (2).png"), bytes("img1.png"))
    }

    func testAFolderUnderTheNameCountsAsTaken() throws {
        seed(1)
        try FileManager.default.createDirectory(at: url("saved-album/img1.png"), withIntermediateDirectories: true)
        let r = run(["save"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "saved-album/img1 (1).png\n")
        XCTAssertEqual(bytes("saved-album/img1 (1).png"), bytes("img1.png"))
    }

    func testSaveAllInOrder() {
        seed(3)
        let r = run(["save", "--all"])
        assertSuccess(r)
        XCTAssertEqual(r.stdoutLines, ["saved-album/img1.png", "saved-album/img2.png", "saved-album/img3.png"])
        for name in ["img1.png", "img2.png", "img3.png"] {
            XCTAssertEqual(bytes("saved-album/" + name), bytes(name), name)
        }
        XCTAssertEqual(listing("saved-album"), ["img1.png", "img2.png", "img3.png"])
    }

    func testSaveAnIndex() {
        seed(3)
        let r = run(["save", "3"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "saved-album/img3.png\n")
        XCTAssertEqual(listing("saved-album"), ["img3.png"])
        assertSuccess(run(["save", "last"]))
        XCTAssertEqual(listing("saved-album"), ["img3.png"])
        XCTAssertEqual(current(), 1, "save does not move the cursor")
    }

    func testAlbumOption() {
        seed(1)
        let r = run(["--album", "out/pics", "save"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "out/pics/img1.png\n")
        XCTAssertEqual(bytes("out/pics/img1.png"), bytes("img1.png"))
        XCTAssertFalse(exists("saved-album"))
    }

    func testAlbumFromTheEnvironmentAndTheOptionWinning() {
        seed(2)
        assertSuccess(run(["save"], env: ["IMGSEL_ALBUM": "env-album"]))
        XCTAssertEqual(listing("env-album"), ["img1.png"])
        assertSuccess(run(["save", "2", "--album", "opt-album"], env: ["IMGSEL_ALBUM": "env-album"]))
        XCTAssertEqual(listing("opt-album"), ["img2.png"])
        XCTAssertEqual(listing("env-album"), ["img1.png"])
        XCTAssertFalse(exists("saved-album"))
    }

    func testTheDefaultAlbumIsBesideTheSelectionFileNotTheCurrentDirectory() {
        png("pics/a.png")
        try? FileManager.default.createDirectory(at: url("sel"), withIntermediateDirectories: true)
        assertSuccess(run(["-f", "sel/s.json", "add", "pics/a.png"]))
        let r = run(["-f", "sel/s.json", "save"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "sel/saved-album/a.png\n")
        XCTAssertEqual(bytes("sel/saved-album/a.png"), bytes("pics/a.png"))
        XCTAssertFalse(exists("saved-album"))
    }

    func testASourceChangedAfterAddingIsRefusedLeavingNoPartialFile() {
        seed(2)
        _ = write(Fixtures.png(width: 4, height: 3, seed: 500), to: "img1.png")  // same size, other bytes
        let before = selectionData()
        let r = run(["save"])
        assertFailure(r, 3, stderrContains: ["img1.png", "entry 1"])
        XCTAssertEqual(listing("saved-album"), [], "nothing, not even a hidden temporary file")
        assertUnchanged(before)
    }

    func testASourceDeletedAfterAddingIsRefused() throws {
        seed(1)
        try FileManager.default.removeItem(at: url("img1.png"))
        let r = run(["save"])
        assertFailure(r, 3, stderrContains: ["img1.png"])
        XCTAssertEqual(listing("saved-album"), [])
    }

    func testSaveAllIsAllOrNothingWhenOneSourceChanged() {
        seed(3)
        // img1 was saved before: a copy that was already there is never taken back.
        assertSuccess(run(["save", "1"]))
        _ = write(Fixtures.text, to: "img2.png")
        let r = run(["save", "--all"])
        assertExit(r, 3)
        XCTAssertEqual(r.stdout, "", "nothing is reported as saved")
        XCTAssertEqual(r.stderrLines, ["imgsel: img2.png: entry 2 changed since it was added (size or sha256 differs)"])
        XCTAssertEqual(listing("saved-album"), ["img1.png"], "img3's fresh copy was taken back, img1's kept")
    }

    func testSaveAllReportsEveryFailingEntryAndSavesNone() {
        seed(3)
        _ = write(Fixtures.text, to: "img1.png")
        _ = write(Fixtures.text, to: "img3.png")
        let r = run(["save", "--all"])
        assertExit(r, 3)
        XCTAssertEqual(
            r.stderrLines,
            [
                "imgsel: img1.png: entry 1 changed since it was added (size or sha256 differs)",
                "imgsel: img3.png: entry 3 changed since it was added (size or sha256 differs)",
            ])
        XCTAssertEqual(listing("saved-album"), [], "img2's copy was taken back")
    }

    func testSaveRefusalsByState() {
        assertSuccess(run(["init"]))
        assertFailure(run(["save"]), 1, stderrContains: ["empty"])
        assertFailure(run(["save", "--all"]), 1, stderrContains: ["empty"])
        assertSuccess(run(["add"] + pngs(2)))
        let r = run(["save", "3"])
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: index 3 is out of range: the selection has 2 entries\n")
        XCTAssertFalse(exists("saved-album/img1.png"))
    }

    func testSaveUsageErrors() {
        seed(2)
        let usage = "usage: imgsel save [INDEX] [--all]"
        assertUsage(run(["save", "abc"]), usageLine: usage, stderrContains: ["'abc'"])
        assertUsage(run(["save", "1", "--all"]), usageLine: usage)
        assertUsage(run(["save", "1", "2"]), usageLine: usage, stderrContains: ["'2'"])
        assertUsage(run(["save", "--album"]), stderrContains: ["--album"])
        XCTAssertFalse(exists("saved-album"))
    }
}
