import Foundation
import XCTest

final class ReplaceTests: ImgselTestCase {
    func testReplaceKeepsThePositionAndTheCursor() {
        seed(3)
        assertSuccess(run(["view", "2"]))
        let r = run(["replace", "2", png("new.png")])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "replaced 2 / 3  img2.png → new.png\n")
        assertSelection(["img1.png", "new.png", "img3.png"], current: 2)
        let item = items()[1]
        XCTAssertEqual(item["sha256"] as? String, sha256sum(url("new.png")))
        XCTAssertEqual(item["bytes"] as? Int, bytes("new.png")?.count)
    }

    func testReplaceAnEntryOtherThanTheCurrentOneLeavesTheCursor() {
        seed(3)
        assertSuccess(run(["view", "3"]))
        assertSuccess(run(["replace", "1", gif("first.gif", width: 9, height: 8)]))
        assertSelection(["first.gif", "img2.png", "img3.png"], current: 3)
        XCTAssertEqual(items()[0]["type"] as? String, "gif")
        XCTAssertEqual(items()[0]["width"] as? Int, 9)
    }

    func testReplaceLast() {
        seed(3)
        assertSuccess(run(["replace", "last", png("tail.png")]))
        assertSelection(["img1.png", "img2.png", "tail.png"], current: 1)
    }

    func testReplaceWorksOnAFullSelection() {
        assertSuccess(run(["init", "--capacity", "2"]))
        assertSuccess(run(["add", png("a.png"), png("b.png")]))
        assertSuccess(run(["replace", "1", png("c.png")]))
        assertSelection(["c.png", "b.png"], current: 1)
    }

    func testReplaceWithTheContentOfAnotherEntryIsADuplicate() {
        seed(3)
        copy("img3.png", to: "three-again.png")
        let before = selectionData()
        assertFailure(run(["replace", "1", "three-again.png"]), 1, stderrContains: ["three-again.png", "entry 3"])
        assertUnchanged(before)
    }

    func testReplaceOutOfRange() {
        seed(2)
        let before = selectionData()
        let r = run(["replace", "3", png("new.png")])
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: index 3 is out of range: the selection has 2 entries\n")
        assertUnchanged(before)
        assertFailure(run(["replace", "0", "new.png"]), 1, stderrContains: ["0"])
        assertUnchanged(before)
    }

    func testReplaceOnAnEmptySelection() {
        assertSuccess(run(["init"]))
        let before = selectionData()
        assertFailure(run(["replace", "1", png("a.png")]), 1)
        assertFailure(run(["replace", "last", "a.png"]), 1)
        assertUnchanged(before)
    }

    func testAMissingFileIsReportedBeforeABadIndex() {
        seed(2)
        let before = selectionData()
        let r = run(["replace", "9", "missing.png"])
        assertFailure(r, 3, stderrContains: ["missing.png"])
        assertUnchanged(before)
    }

    func testANonImageIsRefused() {
        seed(2)
        let before = selectionData()
        _ = write(Fixtures.pdf, to: "doc.png")
        assertFailure(run(["replace", "1", "doc.png"]), 3, stderrContains: ["doc.png"])
        assertUnchanged(before)
    }

    func testReplaceUsageErrors() {
        seed(2)
        let before = selectionData()
        let usage = "usage: imgsel replace INDEX FILE"
        assertUsage(run(["replace", "abc", png("a.png")]), usageLine: usage, stderrContains: ["'abc'"])
        assertUsage(run(["replace", "-1", "a.png"]), usageLine: usage, stderrContains: ["'-1'"])
        assertUsage(run(["replace", "1"]), usageLine: usage, stderrContains: ["missing"])
        assertUsage(run(["replace"]), usageLine: usage)
        assertUsage(run(["replace", "1", "a.png", "b.png"]), usageLine: usage, stderrContains: ["'b.png'"])
        assertUnchanged(before)
    }
}
