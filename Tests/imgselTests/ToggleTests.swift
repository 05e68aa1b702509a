import Foundation
import XCTest

final class ToggleTests: ImgselTestCase {
    func testToggleAddsAnUnselectedFile() {
        seed(2)
        let r = run(["toggle", png("new.png")])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "added 3  new.png\n")
        assertSelection(["img1.png", "img2.png", "new.png"], current: 1)
    }

    func testToggleRemovesASelectedFile() {
        seed(3)
        let r = run(["toggle", "img2.png"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "removed 2  img2.png\n")
        assertSelection(["img1.png", "img3.png"], current: 1)
    }

    func testToggleMatchesByContentUnderAnotherName() {
        seed(3)
        copy("img2.png", to: "renamed.png")
        assertSuccess(run(["toggle", "renamed.png"]))
        assertSelection(["img1.png", "img3.png"], current: 1)
    }

    func testToggleAddsAndRemovesInOneCommand() {
        seed(3)
        copy("img1.png", to: "one-again.png")
        assertSuccess(run(["toggle", "one-again.png", png("new.png")]))
        assertSelection(["img2.png", "img3.png", "new.png"], current: 1)
    }

    func testOneContentToggledTwiceUnderTwoNamesCancelsOut() {
        seed(3)
        copy("img1.png", to: "same.png")
        let before = selectionData()
        let r = run(["toggle", "img1.png", "same.png"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "", "nothing changed, so nothing is reported")
        assertUnchanged(before)
        let json = run(["--json", "toggle", "same.png", "img1.png"])
        assertSuccess(json)
        XCTAssertEqual(json.stdout, #"{"removed":[],"added":[],"count":3}"# + "\n")
        assertUnchanged(before)
    }

    func testOnlyTheNetChangeHappensAndIsReported() {
        seed(3)
        // img1 is selected: tapped twice it stays where it is, with its path and time; new.png is added.
        let r = run(["toggle", "img1.png", png("new.png"), "img1.png"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "added 4  new.png\n")
        assertSelection(["img1.png", "img2.png", "img3.png", "new.png"], current: 1)
    }

    func testToggleOnAMissingSelectionCreatesIt() {
        assertSuccess(run(["toggle", png("a.png")]))
        assertSelection(["a.png"], current: 1)
    }

    func testToggleIsAllOrNothingOverTheCapacity() {
        assertSuccess(run(["init", "--capacity", "2"]))
        assertSuccess(run(["add", png("a.png"), png("b.png")]))
        let before = selectionData()
        // Removing a and adding c and d would end at 3 of 2: nothing happens, not even the removal.
        let r = run(["toggle", "a.png", png("c.png"), png("d.png")])
        XCTAssertEqual(r.stderr, "imgsel: the selection is full (2 of 2): 1 more image does not fit\n")
        assertUnchanged(before)
        assertFailure(run(["toggle", "c.png"]), 1, stderrContains: ["full"])
        assertUnchanged(before)
    }

    func testCapacityIsJudgedOnTheResult() {
        assertSuccess(run(["init", "--capacity", "2"]))
        assertSuccess(run(["add", png("a.png"), png("b.png")]))
        assertSuccess(run(["toggle", "a.png", png("c.png")]))
        assertSelection(["b.png", "c.png"], current: 1)
    }

    func testTheCursorFollowsItsEntryOrLandsOnTheNextOrTheNewLast() {
        seed(4)
        assertSuccess(run(["view", "3"]))
        assertSuccess(run(["toggle", "img1.png"]))
        assertSelection(["img2.png", "img3.png", "img4.png"], current: 2)
        assertSuccess(run(["toggle", "img3.png"]))
        assertSelection(["img2.png", "img4.png"], current: 2)
        assertSuccess(run(["toggle", "img4.png"]))
        assertSelection(["img2.png"], current: 1)
        assertSuccess(run(["toggle", "img2.png"]))
        assertSelection([], current: nil)
    }

    func testAMissingFileTogglesNothing() {
        seed(2)
        let before = selectionData()
        assertFailure(run(["toggle", "img1.png", "missing.png"]), 3, stderrContains: ["missing.png"])
        assertUnchanged(before)
    }

    func testToggleReadsPathsFromStdin() {
        seed(2)
        let r = run(["toggle", "-0", "-"], stdin: Data("img1.png\u{0}\(png("c.png"))\u{0}".utf8))
        assertSuccess(r)
        assertSelection(["img2.png", "c.png"], current: 1)
    }

    func testToggleWithoutFilesIsAUsageError() {
        assertUsage(run(["toggle"]), usageLine: "usage: imgsel toggle [-0] FILE...")
        XCTAssertFalse(exists(".imgsel.json"))
    }
}
