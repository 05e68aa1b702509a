import Foundation
import XCTest

final class ClearTests: ImgselTestCase {
    func testClearEmptiesTheSelectionAndKeepsTheCapacity() {
        assertSuccess(run(["init", "--capacity", "5"]))
        assertSuccess(run(["add"] + pngs(3)))
        assertSuccess(run(["view", "2"]))
        let r = run(["clear"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "cleared 3 entries\n")
        assertSelection([], current: nil)
        XCTAssertTrue(selectionJSON()["current"] is NSNull, "current is null after clear")
        XCTAssertEqual(capacity(), 5)
        // The images themselves are untouched.
        XCTAssertTrue(exists("img1.png") && exists("img2.png") && exists("img3.png"))
    }

    func testClearOneEntry() {
        seed(1)
        XCTAssertEqual(run(["clear"]).stdout, "cleared 1 entry\n")
        assertSelection([], current: nil)
    }

    func testClearOnAnEmptySelectionSucceeds() {
        assertSuccess(run(["init"]))
        let r = run(["clear"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "cleared 0 entries\n")
        assertSelection([], current: nil)
    }

    func testAfterClearTheSelectionTakesNewImages() {
        seed(2)
        assertSuccess(run(["clear"]))
        assertSuccess(run(["add", "img2.png", "img1.png"]))
        assertSelection(["img2.png", "img1.png"], current: 1)
    }

    func testClearTakesNoArguments() {
        seed(2)
        let before = selectionData()
        assertUsage(run(["clear", "1"]), usageLine: "usage: imgsel clear", stderrContains: ["'1'"])
        assertUnchanged(before)
    }
}
