import Foundation
import XCTest

final class ViewTests: ImgselTestCase {
    private var pngSize: Int { Fixtures.png(width: 4, height: 3, seed: 1).count }

    func testViewShowsTheCurrentEntry() {
        seed(3)
        let r = run(["view"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "1 / 3  img1.png  4×3 PNG \(pngSize) B\n")
        XCTAssertEqual(current(), 1)
    }

    func testViewAnIndexMovesAndPersistsTheCursor() {
        seed(3)
        let r = run(["view", "2"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "2 / 3  img2.png  4×3 PNG \(pngSize) B\n")
        XCTAssertEqual(current(), 2)
        XCTAssertEqual(run(["view"]).stdout, "2 / 3  img2.png  4×3 PNG \(pngSize) B\n")
    }

    func testViewAGIF() {
        gif("anim.gif", width: 120, height: 80)
        assertSuccess(run(["add", "anim.gif"]))
        let size = bytes("anim.gif")?.count ?? 0
        XCTAssertEqual(run(["view"]).stdout, "1 / 1  anim.gif  120×80 GIF \(size) B\n")
    }

    func testFirstThenNextVisitsEveryEntryOnceInOrder() {
        seed(4)
        assertSuccess(run(["view", "3"]))
        let first = run(["view", "first"])
        assertSuccess(first)
        var seen = [first.stdout]
        var last: RunResult? = nil
        for _ in 0..<10 {
            let r = run(["view", "next"])
            if r.status != 0 {
                last = r
                break
            }
            XCTAssertEqual(r.stderr, "")
            seen.append(r.stdout)
        }
        XCTAssertEqual(seen.map { String($0.prefix(while: { $0 != " " })) }, ["1", "2", "3", "4"])
        XCTAssertEqual(
            seen.map { $0.components(separatedBy: "  ").dropFirst().first ?? "" },
            ["img1.png", "img2.png", "img3.png", "img4.png"])
        XCTAssertEqual(seen.map { $0.components(separatedBy: "  ").first ?? "" }, ["1 / 4", "2 / 4", "3 / 4", "4 / 4"])
        guard let last else { return XCTFail("view next never stopped") }
        assertFailure(last, 1, stderrContains: ["no next entry"])
        XCTAssertEqual(current(), 4, "the last view next does not move")
    }

    func testNextAtTheLastLeavesTheFileUntouched() {
        seed(2)
        assertSuccess(run(["view", "last"]))
        XCTAssertEqual(current(), 2)
        let before = selectionData()
        let r = run(["view", "next"])
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: no next entry: 2 / 2 is the last\n")
        assertUnchanged(before)
    }

    func testPrevAtTheFirstExits1WithoutMoving() {
        seed(3)
        assertSuccess(run(["view", "2"]))
        assertSuccess(run(["view", "prev"]))
        XCTAssertEqual(current(), 1)
        let before = selectionData()
        assertFailure(run(["view", "prev"]), 1, stderrContains: ["previous"])
        assertUnchanged(before)
        XCTAssertEqual(current(), 1)
    }

    func testFirstAndLast() {
        seed(3)
        assertSuccess(run(["view", "last"]))
        XCTAssertEqual(current(), 3)
        assertSuccess(run(["view", "first"]))
        XCTAssertEqual(current(), 1)
    }

    func testIndexOnlyPrintsThePosition() {
        seed(4)
        assertSuccess(run(["view", "3"]))
        let r = run(["view", "--index"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "3 / 4\n")
        let moved = run(["view", "next", "--index"])
        assertSuccess(moved)
        XCTAssertEqual(moved.stdout, "4 / 4\n")
        XCTAssertEqual(current(), 4)
    }

    func testViewOnAnEmptySelectionExits1() {
        assertSuccess(run(["init"]))
        let before = selectionData()
        for args in [["view"], ["view", "next"], ["view", "first"], ["view", "--index"], ["view", "1"]] {
            assertFailure(run(args), 1)
        }
        assertUnchanged(before)
    }

    func testViewOnAMissingSelectionExits4AndCreatesNothing() {
        assertFailure(run(["view"]), 4, stderrContains: ["no selection file at"])
        assertFailure(run(["view", "--index"]), 4, stderrContains: ["no selection file at"])
        XCTAssertEqual(listing("."), [])
    }

    func testIndicesOutOfRangeExit1() {
        seed(3)
        assertSuccess(run(["view", "2"]))
        let before = selectionData()
        let zero = run(["view", "0"])
        assertFailure(zero, 1)
        XCTAssertEqual(zero.stderr, "imgsel: index 0 is out of range: the selection has 3 entries\n")
        assertFailure(run(["view", "4"]), 1, stderrContains: ["index 4"])
        assertFailure(run(["view", "99999999999999999999999"]), 1, stderrContains: ["99999999999999999999999"])
        assertUnchanged(before)
    }

    func testBadIndicesAreUsageErrors() {
        seed(3)
        let before = selectionData()
        let usage = "usage: imgsel view [INDEX | next | prev | first | last] [--index] [--image | --no-image]"
        assertUsage(run(["view", "abc"]), usageLine: usage, stderrContains: ["'abc'"])
        assertUsage(run(["view", "-1"]), usageLine: usage, stderrContains: ["'-1'"])
        assertUsage(run(["view", "1.5"]), usageLine: usage)
        assertUsage(run(["view", "1", "2"]), usageLine: usage, stderrContains: ["'2'"])
        assertUnchanged(before)
    }

    func testViewJSON() {
        seed(3)
        let r = run(["--json", "view", "2"])
        assertSuccess(r)
        guard let object = parseJSON(r.stdout) as? [String: Any] else { return XCTFail("not an object") }
        XCTAssertEqual(object["position"] as? String, "2 / 3")
        XCTAssertEqual(object["count"] as? Int, 3)
        let entry = object["entry"] as? [String: Any] ?? [:]
        XCTAssertEqual(entry["index"] as? Int, 2)
        XCTAssertEqual(entry["path"] as? String, "img2.png")
        XCTAssertEqual(entry["sha256"] as? String, sha256sum(url("img2.png")))
    }

    func testNoImageOptionsAreAcceptedOnAPipe() {
        seed(1)
        // --image / --no-image are part of the contract; on a pipe only the text line is printed.
        let r = run(["view", "--no-image"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "1 / 1  img1.png  4×3 PNG \(pngSize) B\n")
    }

    func testSizesOfAKilobyteAndMoreAreShownWithAUnit() {
        png("big.png", width: 40, height: 30)
        assertSuccess(run(["add", "big.png"]))
        let size = bytes("big.png")?.count ?? 0
        XCTAssertGreaterThan(size, 1024)
        XCTAssertLessThan(size, 10 * 1024)
        let shown = String(format: "%.1f KB", Double(size) / 1024)
        XCTAssertEqual(run(["view"]).stdout, "1 / 1  big.png  40×30 PNG \(shown)\n")
    }
}
