import Foundation
import XCTest

final class MoveTests: ImgselTestCase {
    private func names(_ numbers: [Int]) -> [String] { numbers.map { "img\($0).png" } }

    func testMoveForward() {
        seed(5)
        let r = run(["move", "1", "4"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "moved 1 → 4  img1.png\n")
        assertSelection(names([2, 3, 4, 1, 5]), current: 4)
    }

    func testMoveBackwardWithLast() {
        seed(5)
        assertSuccess(run(["view", "2"]))
        assertSuccess(run(["move", "last", "1"]))
        assertSelection(names([5, 1, 2, 3, 4]), current: 3)
    }

    func testTheCursorFollowsTheMovedEntry() {
        seed(5)
        assertSuccess(run(["view", "2"]))
        assertSuccess(run(["move", "2", "5"]))
        assertSelection(names([1, 3, 4, 5, 2]), current: 5)
    }

    func testTheCursorFollowsAnEntryThatShiftsUp() {
        seed(5)
        assertSuccess(run(["view", "3"]))
        assertSuccess(run(["move", "1", "4"]))
        assertSelection(names([2, 3, 4, 1, 5]), current: 2)
    }

    func testTheCursorFollowsAnEntryThatShiftsDown() {
        seed(5)
        assertSuccess(run(["view", "3"]))
        assertSuccess(run(["move", "5", "1"]))
        assertSelection(names([5, 1, 2, 3, 4]), current: 4)
    }

    func testTheCursorOutsideTheMovedRangeStays() {
        seed(5)
        assertSuccess(run(["view", "1"]))
        assertSuccess(run(["move", "4", "5"]))
        assertSelection(names([1, 2, 3, 5, 4]), current: 1)
    }

    func testMoveToTheSamePlaceChangesNothing() {
        seed(3)
        let before = selectionData()
        assertExit(run(["move", "2", "2"]), 0)
        assertUnchanged(before)
    }

    func testMoveOutOfRange() {
        seed(3)
        let before = selectionData()
        assertFailure(run(["move", "1", "4"]), 1, stderrContains: ["index 4"])
        assertFailure(run(["move", "4", "1"]), 1, stderrContains: ["index 4"])
        assertFailure(run(["move", "0", "1"]), 1, stderrContains: ["index 0"])
        assertUnchanged(before)
    }

    func testMoveUsageErrors() {
        seed(3)
        let before = selectionData()
        let usage = "usage: imgsel move FROM TO"
        assertUsage(run(["move", "1"]), usageLine: usage, stderrContains: ["missing"])
        assertUsage(run(["move"]), usageLine: usage)
        assertUsage(run(["move", "1", "2", "3"]), usageLine: usage, stderrContains: ["'3'"])
        assertUsage(run(["move", "one", "2"]), usageLine: usage, stderrContains: ["'one'"])
        assertUnchanged(before)
    }
}
