import ModelTestSupport
import XCTest

@testable import SelectionModel

final class SelectionTests: XCTestCase {
    func testAddingKeepsOrderAndPutsTheCursorOnTheFirstEntry() throws {
        let s = try Selection().adding([makeEntry("a"), makeEntry("b")])
        XCTAssertEqual(s.names, ["a", "b"])
        XCTAssertEqual(s.current, 1)
        let t = try s.adding([makeEntry("c")])
        XCTAssertEqual(t.names, ["a", "b", "c"])
        XCTAssertEqual(t.current, 1, "adding does not move an existing cursor")
    }

    func testAddingPastTheCapacityAddsNothing() throws {
        let s = try makeSelection(["a", "b"], capacity: 3)
        assertThrows(.selectionFull(capacity: 3, count: 2, adding: 2)) { () throws(SelectionError) in
            try s.adding([makeEntry("c"), makeEntry("d")])
        }
        XCTAssertEqual(try s.adding([makeEntry("c")]).count, 3)
    }

    func testAddingADuplicateNamesTheEntryItDuplicates() throws {
        let s = try makeSelection(["a", "b"])
        var copy = makeEntry("b")
        copy.path = "elsewhere/b-copy.png"
        assertThrows(.duplicate(path: "elsewhere/b-copy.png", entry: 2)) { () throws(SelectionError) in
            try s.adding([copy])
        }
    }

    func testADuplicateWithinOneBatchIsRefused() throws {
        var second = makeEntry("x")
        second.path = "y"
        assertThrows(.duplicateInBatch(path: "y", sameAs: "x", position: 1, earlier: 0)) { () throws(SelectionError) in
            try Selection().adding([makeEntry("x"), second])
        }
    }

    /// New content under a path an entry has: the entry's file changed since it was added.
    func testAPathAnEntryAlreadyHasIsRefusedWhereverANewEntryWouldTakeIt() throws {
        let s = try makeSelection(["a", "b", "c"])
        var changedB = makeEntry("b-now")
        changedB.path = "b"
        assertThrows(.pathTaken(path: "b", entry: 2)) { () throws(SelectionError) in try s.adding([changedB]) }
        assertThrows(.pathTaken(path: "b", entry: 2)) { () throws(SelectionError) in try s.toggling([changedB]) }
        assertThrows(.pathTaken(path: "b", entry: 2)) { () throws(SelectionError) in
            try s.replacing(at: 3, with: changedB)
        }
        XCTAssertEqual(try s.replacing(at: 2, with: changedB).names, ["a", "b", "c"], "the re-pick of that very entry")
        XCTAssertEqual(
            try s.toggling([makeEntry("b"), changedB]).names, ["a", "c", "b"], "the old content removed first")
    }

    func testReplacingKeepsPositionAndCursor() throws {
        let s = try makeSelection(["a", "b", "c"], current: 2)
        let t = try s.replacing(at: 2, with: makeEntry("z"))
        XCTAssertEqual(t.names, ["a", "z", "c"])
        XCTAssertEqual(t.current, 2)
        assertThrows(.duplicate(path: "c", entry: 3)) { () throws(SelectionError) in
            try s.replacing(at: 1, with: makeEntry("c"))
        }
        assertThrows(.indexOutOfRange(index: "4", count: 3)) { () throws(SelectionError) in
            try s.replacing(at: 4, with: makeEntry("q"))
        }
    }

    func testReplacingWithTheSameContentAtTheSameIndexIsAllowed() throws {
        let s = try makeSelection(["a"])
        var same = makeEntry("a")
        same.path = "renamed.png"
        XCTAssertEqual(try s.replacing(at: 1, with: same).names, ["renamed.png"])
    }

    func testDeletingUsesIndicesFromBeforeTheCommand() throws {
        let s = try makeSelection(["a", "b", "c", "d", "e"])
        XCTAssertEqual(try s.deleting([2, 4]).names, ["a", "c", "e"])
    }

    func testCursorFollowsItsEntryWhenEarlierOnesAreDeleted() throws {
        let s = try makeSelection(["a", "b", "c", "d"], current: 4)
        let t = try s.deleting([1, 2])
        XCTAssertEqual(t.current, 2)
        XCTAssertEqual(t.currentPath, "d")
    }

    func testDeletedCursorLandsOnTheEntryTakingItsPlace() throws {
        let s = try makeSelection(["a", "b", "c", "d"], current: 2)
        let t = try s.deleting([2])
        XCTAssertEqual(t.currentPath, "c")
        XCTAssertEqual(t.current, 2)
    }

    func testDeletedCursorAtTheEndLandsOnTheNewLast() throws {
        let s = try makeSelection(["a", "b", "c"], current: 3)
        XCTAssertEqual(try s.deleting([3]).current, 2)
        XCTAssertEqual(try s.deleting([2, 3]).current, 1)
        XCTAssertNil(try s.deleting([1, 2, 3]).current)
    }

    func testDeletingAnIndexOutOfRangeDeletesNothing() throws {
        let s = try makeSelection(["a", "b"])
        assertThrows(.indexOutOfRange(index: "3", count: 2)) { () throws(SelectionError) in try s.deleting([1, 3]) }
    }

    func testMovingReordersAndTheCursorFollowsItsEntry() throws {
        let s = try makeSelection(["a", "b", "c", "d"], current: 2)
        let t = try s.moving(from: 4, to: 1)
        XCTAssertEqual(t.names, ["d", "a", "b", "c"])
        XCTAssertEqual(t.currentPath, "b")
        let u = try s.moving(from: 2, to: 4)
        XCTAssertEqual(u.names, ["a", "c", "d", "b"])
        XCTAssertEqual(u.currentPath, "b")
        let v = try s.moving(from: 1, to: 3)
        XCTAssertEqual(v.names, ["b", "c", "a", "d"])
        XCTAssertEqual(v.currentPath, "b")
    }

    func testTogglingAddsUnselectedAndRemovesSelectedByContent() throws {
        let s = try makeSelection(["a", "b", "c"], current: 3)
        var renamedB = makeEntry("b")
        renamedB.path = "other-name.png"
        let t = try s.toggling([renamedB, makeEntry("d")])
        XCTAssertEqual(t.names, ["a", "c", "d"])
        XCTAssertEqual(t.currentPath, "c")
    }

    func testTogglingJudgesTheCapacityOnTheResult() throws {
        let s = try makeSelection(["a", "b"], capacity: 2)
        XCTAssertEqual(try s.toggling([makeEntry("a"), makeEntry("x")]).names, ["b", "x"])
        assertThrows(.selectionFull(capacity: 2, count: 2, adding: 1)) { () throws(SelectionError) in
            try s.toggling([makeEntry("x")])
        }
    }

    func testViewWalksForwardAndStopsAtTheEnds() throws {
        var s = try makeSelection(["a", "b", "c"])
        var visited = [s.currentPath!]
        while let next = try? s.movingCursor(.next) {
            s = next
            visited.append(s.currentPath!)
        }
        XCTAssertEqual(visited, ["a", "b", "c"])
        assertThrows(.noNextEntry(current: 3, count: 3)) { () throws(SelectionError) in try s.movingCursor(.next) }
        let first = try s.movingCursor(.first)
        assertThrows(.noPreviousEntry) { () throws(SelectionError) in try first.movingCursor(.previous) }
        XCTAssertEqual(try first.movingCursor(.last).current, 3)
        XCTAssertEqual(try first.movingCursor(.index(2)).current, 2)
    }

    func testCursorOnAnEmptySelectionIsRefused() {
        assertThrows(.emptySelection) { () throws(SelectionError) in try Selection().movingCursor(.next) }
        assertThrows(.indexOutOfRange(index: "1", count: 0)) { () throws(SelectionError) in
            try Selection().movingCursor(.index(1))
        }
    }

    func testStoredFieldsThatDisagreeAreRefused() {
        XCTAssertThrowsError(try Selection(capacity: 9, current: 2, items: [makeEntry("a")]))
        XCTAssertThrowsError(try Selection(capacity: 9, current: 1, items: []))
        XCTAssertThrowsError(try Selection(capacity: 9, current: nil, items: [makeEntry("a")]))
        XCTAssertThrowsError(try Selection(capacity: 1, current: 1, items: [makeEntry("a"), makeEntry("b")]))
        XCTAssertThrowsError(try Selection(capacity: 9, current: 1, items: [makeEntry("a"), makeEntry("a")]))
        XCTAssertThrowsError(try Selection(capacity: 0, current: nil, items: []))
        XCTAssertThrowsError(try Selection(capacity: 100, current: nil, items: []))
        XCTAssertNoThrow(try Selection(capacity: 99, current: nil, items: []))
    }

    func testOrientedSizeTurnsForOrientationsFiveToEight() {
        XCTAssertEqual(makeEntry("a", width: 40, height: 30, orientation: 6).facts.uprightSize.width, 30)
        XCTAssertEqual(makeEntry("a", width: 40, height: 30, orientation: 3).facts.uprightSize.width, 40)
    }
}
