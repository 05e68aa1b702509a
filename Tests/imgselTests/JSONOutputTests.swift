import Foundation
import XCTest

final class JSONOutputTests: ImgselTestCase {
    /// Every stderr line is `{"error":{"code":…,"exit":…,"message":…}}`; returns the inner objects.
    @discardableResult
    private func assertJSONErrors(
        _ r: RunResult, exit: Int32, code: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [[String: Any]] {
        assertExit(r, exit, file: file, line: line)
        XCTAssertFalse(r.stderrLines.isEmpty, "an error is reported\n\(r.transcript)", file: file, line: line)
        var errors: [[String: Any]] = []
        for text in r.stderrLines {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let error = object["error"] as? [String: Any]
            else {
                XCTFail("stderr line is not a JSON error object: \(text)\n\(r.transcript)", file: file, line: line)
                continue
            }
            XCTAssertEqual(Set(object.keys), ["error"], file: file, line: line)
            XCTAssertEqual(Set(error.keys), ["code", "exit", "message"], text, file: file, line: line)
            XCTAssertEqual(error["exit"] as? Int, Int(exit), text, file: file, line: line)
            let codeText = error["code"] as? String ?? ""
            XCTAssertNotNil(
                codeText.range(of: "^[a-z]+(-[a-z]+)*$", options: .regularExpression),
                "kebab-case code: \(codeText)", file: file, line: line)
            if let code { XCTAssertEqual(codeText, code, text, file: file, line: line) }
            XCTAssertFalse((error["message"] as? String ?? "").isEmpty, file: file, line: line)
            errors.append(error)
        }
        return errors
    }

    func testAddPrintsTheAddedEntries() {
        let r = run(["--json", "add", png("a.png"), png("b.png")])
        assertSuccess(r)
        XCTAssertEqual(r.stdoutLines.count, 1)
        guard let object = parseJSON(r.stdout) as? [String: Any] else { return XCTFail("not an object") }
        XCTAssertEqual(object["count"] as? Int, 2)
        let added = object["added"] as? [[String: Any]] ?? []
        XCTAssertEqual(added.map { $0["path"] as? String ?? "" }, ["a.png", "b.png"])
        XCTAssertEqual(added.map { $0["index"] as? Int ?? 0 }, [1, 2])
        XCTAssertEqual(added.first?["sha256"] as? String, sha256sum(url("a.png")))
        XCTAssertFalse(r.stdout.contains("added 1 / 2"), "no confirmation lines in JSON mode")
    }

    func testJSONAfterTheCommand() {
        seed(1)
        let r = run(["list", "--json"])
        assertSuccess(r)
        XCTAssertNotNil(parseJSON(r.stdout) as? [String: Any])
    }

    func testTheSelectionFullErrorAsInTheContract() {
        assertSuccess(run(["init", "--capacity", "1"]))
        assertSuccess(run(["add", png("a.png")]))
        let before = selectionData()
        let r = run(["--json", "add", png("b.png")])
        XCTAssertEqual(r.stdout, "")
        let errors = assertJSONErrors(r, exit: 1, code: "selection-full")
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(
            r.stderr,
            #"{"error":{"code":"selection-full","exit":1,"#
                + #""message":"the selection is full (1 of 1): 1 more image does not fit"}}"# + "\n")
        assertUnchanged(before)
    }

    func testEveryFailingInputIsOneJSONLine() {
        seed(1)
        _ = write(Fixtures.pdf, to: "doc.pdf")
        let r = run(["--json", "add", "missing.png", "doc.pdf"])
        XCTAssertEqual(r.stdout, "")
        let errors = assertJSONErrors(r, exit: 3)
        XCTAssertEqual(errors.count, 2, r.transcript)
        XCTAssertEqual(errors.map { $0["code"] as? String ?? "" }, ["input-missing", "not-an-image"])
        XCTAssertTrue((errors.first?["message"] as? String ?? "").contains("missing.png"))
        XCTAssertTrue((errors.last?["message"] as? String ?? "").contains("doc.pdf"))
    }

    func testStateErrorCodes() {
        seed(2)
        assertJSONErrors(run(["--json", "add", "img1.png"]), exit: 1, code: "duplicate")
        assertJSONErrors(run(["--json", "view", "7"]), exit: 1, code: "index-out-of-range")
        assertJSONErrors(run(["--json", "view", "prev"]), exit: 1)
        assertSuccess(run(["view", "last"]))
        assertJSONErrors(run(["--json", "view", "next"]), exit: 1)
        assertSuccess(run(["clear"]))
        assertJSONErrors(run(["--json", "view"]), exit: 1, code: "empty-selection")
        assertJSONErrors(run(["--json", "init"]), exit: 1)
    }

    func testAUsageErrorIsJSONWithoutTheUsageText() {
        seed(1)
        let r = run(["--json", "view", "abc"])
        XCTAssertEqual(r.stdout, "")
        let errors = assertJSONErrors(r, exit: 2, code: "usage")
        XCTAssertEqual(errors.count, 1, "no usage text lines after the JSON\n\(r.transcript)")
    }

    func testAnUnknownCommandIsAJSONError() {
        let r = run(["--json", "lsit"])
        let errors = assertJSONErrors(r, exit: 2, code: "usage")
        XCTAssertTrue((errors.first?["message"] as? String ?? "").contains("lsit"), r.transcript)
    }

    func testAnUnknownOptionIsAJSONError() {
        let r = run(["list", "--bogus", "--json"])
        assertJSONErrors(r, exit: 2, code: "usage")
    }

    func testInputAndSelectionFileAndLockErrors() {
        assertJSONErrors(run(["--json", "info", "missing.png"]), exit: 3, code: "input-missing")
        _ = write(Data("{".utf8), to: "broken.json")
        assertJSONErrors(run(["--json", "-f", "broken.json", "list"]), exit: 4, code: "invalid-selection-file")
        assertJSONErrors(run(["--json", "list"], env: ["IMGSEL_LOCK_TIMEOUT": "soon"]), exit: 2, code: "usage")
    }

    func testClearDeleteMoveToggleReplacePrintJSON() {
        seed(4)
        for args in [
            ["delete", "1"], ["move", "1", "2"], ["toggle", png("t.png")], ["replace", "1", png("r.png")],
            ["view", "2"], ["save"], ["check"], ["clear"], ["init", "--force", "-f", "other.json"],
        ] {
            let r = run(["--json"] + args)
            assertSuccess(r)
            XCTAssertEqual(r.stdoutLines.count, 1, "one JSON document\n\(r.transcript)")
            XCTAssertNotNil(parseJSON(r.stdout) as? [String: Any], r.transcript)
        }
    }
}
