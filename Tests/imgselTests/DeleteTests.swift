import Foundation
import XCTest

final class DeleteTests: ImgselTestCase {
    private func names(_ numbers: [Int]) -> [String] { numbers.map { "img\($0).png" } }

    func testDeleteSeveralIndicesTakenAsBeforeTheCommand() {
        seed(5)
        let r = run(["delete", "2", "4"])
        assertSuccess(r)
        XCTAssertEqual(r.stdoutLines, ["deleted 2  img2.png", "deleted 4  img4.png"])
        assertSelection(names([1, 3, 5]), current: 1)
    }

    func testTheOrderOfIndicesDoesNotMatter() {
        seed(5)
        assertSuccess(run(["delete", "4", "2"]))
        assertSelection(names([1, 3, 5]), current: 1)
    }

    func testDeleteLast() {
        seed(3)
        assertSuccess(run(["delete", "last"]))
        assertSelection(names([1, 2]), current: 1)
        assertSuccess(run(["delete", "1", "last"]))
        assertSelection([], current: nil)
    }

    func testTheSameIndexTwiceDeletesOneEntry() {
        seed(4)
        assertSuccess(run(["delete", "2", "2"]))
        assertSelection(names([1, 3, 4]), current: 1)
    }

    func testTheCursorFollowsItsEntry() {
        seed(5)
        assertSuccess(run(["view", "4"]))
        assertSuccess(run(["delete", "2"]))
        assertSelection(names([1, 3, 4, 5]), current: 3)
        // Deleting after the cursor leaves it.
        assertSuccess(run(["delete", "4"]))
        assertSelection(names([1, 3, 4]), current: 3)
    }

    func testWhenTheCurrentEntryIsDeletedTheCursorLandsOnTheEntryTakingItsPlace() {
        seed(5)
        assertSuccess(run(["view", "3"]))
        assertSuccess(run(["delete", "3"]))
        assertSelection(names([1, 2, 4, 5]), current: 3)
        XCTAssertEqual(run(["view", "--index"]).stdout, "3 / 4\n")
    }

    func testTheCursorSkipsOverEveryDeletedEntry() {
        seed(5)
        assertSuccess(run(["view", "3"]))
        assertSuccess(run(["delete", "1", "3", "4"]))
        // img5 takes the place of img3 and is now second.
        assertSelection(names([2, 5]), current: 2)
    }

    func testWhenTheCurrentLastEntryIsDeletedTheCursorLandsOnTheNewLast() {
        seed(5)
        assertSuccess(run(["view", "last"]))
        assertSuccess(run(["delete", "last"]))
        assertSelection(names([1, 2, 3, 4]), current: 4)
        assertSuccess(run(["view", "3"]))
        assertSuccess(run(["delete", "3", "4"]))
        assertSelection(names([1, 2]), current: 2)
    }

    func testDeletingEverythingLeavesCurrentNull() {
        seed(3)
        assertSuccess(run(["view", "2"]))
        assertSuccess(run(["delete", "1", "2", "3"]))
        assertSelection([], current: nil)
        XCTAssertTrue(selectionJSON()["current"] is NSNull)
    }

    func testAnIndexOutOfRangeDeletesNothing() {
        seed(5)
        let before = selectionData()
        let r = run(["delete", "2", "9"])
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: index 9 is out of range: the selection has 5 entries\n")
        assertUnchanged(before)
        assertFailure(run(["delete", "0"]), 1, stderrContains: ["index 0"])
        assertFailure(run(["delete", "99999999999999999999999"]), 1, stderrContains: ["99999999999999999999999"])
        assertUnchanged(before)
    }

    func testDeleteOnAnEmptySelection() {
        assertSuccess(run(["init"]))
        let before = selectionData()
        let r = run(["delete", "1"])
        assertFailure(r, 1, stderrContains: ["empty"])
        assertFailure(run(["delete", "last"]), 1)
        assertUnchanged(before)
    }

    func testDeleteUsageErrors() {
        seed(3)
        let before = selectionData()
        let usage = "usage: imgsel delete INDEX..."
        assertUsage(run(["delete"]), usageLine: usage, stderrContains: ["missing"])
        assertUsage(run(["delete", "abc"]), usageLine: usage, stderrContains: ["'abc'"])
        assertUsage(run(["delete", "-1"]), usageLine: usage, stderrContains: ["'-1'"])
        assertUsage(run(["delete", "1", "two"]), usageLine: usage, stderrContains: ["'two'"])
        assertUnchanged(before)
    }
}
