import Foundation
import XCTest

final class CheckTests: ImgselTestCase {
    func testCheckPassesWhenEveryFileIsAsRecorded() {
        seed(3)
        let before = selectionData()
        let r = run(["check"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "ok: 3 entries checked\n")
        assertUnchanged(before)
    }

    func testAChangedAndADeletedFileAreEachReportedByIndex() throws {
        seed(3)
        _ = write(Fixtures.png(width: 4, height: 3, seed: 700), to: "img2.png")  // same size, other content
        try FileManager.default.removeItem(at: url("img3.png"))
        let before = selectionData()
        let r = run(["check"])
        assertFailure(r, 1)
        let two = r.stderrLines.filter { $0.contains("entry 2") }
        let three = r.stderrLines.filter { $0.contains("entry 3") }
        XCTAssertEqual(two.count, 1, r.transcript)
        XCTAssertEqual(three.count, 1, r.transcript)
        XCTAssertTrue(two.first?.contains("img2.png") ?? false, r.transcript)
        XCTAssertTrue(three.first?.contains("img3.png") ?? false, r.transcript)
        XCTAssertTrue(three.first?.contains("missing") ?? false, r.transcript)
        XCTAssertFalse(r.stderr.contains("entry 1"), r.transcript)
        assertUnchanged(before)
    }

    func testASizeChangeIsReported() {
        seed(2)
        _ = write(Fixtures.png(width: 40, height: 30, seed: 1), to: "img1.png")
        let r = run(["check"])
        assertFailure(r, 1, stderrContains: ["entry 1", "img1.png"])
    }

    func testAFileReplacedByAFolderIsReported() throws {
        seed(2)
        try FileManager.default.removeItem(at: url("img2.png"))
        try FileManager.default.createDirectory(at: url("img2.png"), withIntermediateDirectories: true)
        let r = run(["check"])
        assertFailure(r, 1, stderrContains: ["entry 2", "img2.png"])
    }

    func testCheckOnEmptyAndMissingSelections() {
        // A mistyped -f must not pass as an empty set.
        assertFailure(run(["check"]), 4, stderrContains: ["no selection file at"])
        XCTAssertEqual(listing("."), [], "check on a missing selection creates nothing")
        assertSuccess(run(["init"]))
        assertSuccess(run(["check"]))
    }

    func testCheckJSON() throws {
        seed(2)
        try FileManager.default.removeItem(at: url("img1.png"))
        let r = run(["--json", "check"])
        assertExit(r, 1)
        guard let object = parseJSON(r.stdout) as? [String: Any] else {
            return XCTFail("not an object\n\(r.transcript)")
        }
        XCTAssertEqual(object["ok"] as? Bool, false)
        XCTAssertEqual(object["checked"] as? Int, 2)
        let problems = object["problems"] as? [[String: Any]] ?? []
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?["index"] as? Int, 1)
        XCTAssertEqual(problems.first?["path"] as? String, "img1.png")
        XCTAssertEqual(problems.first?["code"] as? String, "file-missing")
        XCTAssertEqual(problems.first?["problem"] as? String, "file is missing")
        for line in r.stderrLines {
            XCTAssertNotNil(parseJSON(line) as? [String: Any], "every stderr line is JSON: \(line)")
        }
    }

    func testCheckFromAnotherDirectoryFindsTheFiles() throws {
        seed(2)
        try FileManager.default.createDirectory(at: url("elsewhere"), withIntermediateDirectories: true)
        let r = run(["check", "-f", "../.imgsel.json"], cwd: url("elsewhere"))
        assertSuccess(r)
    }

    func testCheckTakesNoArguments() {
        assertUsage(run(["check", "x"]), usageLine: "usage: imgsel check [--format FORMAT]")
    }
}
