import Foundation
import XCTest

/// Exit 4: a selection file that is not valid imgsel JSON, or newer, is refused and never rewritten.
final class SelectionFileTests: ImgselTestCase {
    /// A valid two-entry selection written by imgsel itself, as text.
    private func validText() -> String {
        seed(2)
        return String(decoding: selectionData() ?? Data(), as: UTF8.self)
    }

    /// Replaces the first match of a regular expression, failing when nothing matched.
    private func edit(
        _ text: String, _ pattern: String, _ replacement: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        guard let range = text.range(of: pattern, options: .regularExpression) else {
            XCTFail("pattern \(pattern) not found in the selection file", file: file, line: line)
            return text
        }
        return text.replacingCharacters(in: range, with: replacement)
    }

    /// Writes `text` as the selection, then checks that mutating and reading commands refuse it with exit 4.
    private func assertRefused(
        _ text: String, code: String = "invalid-selection-file", mentioning: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        _ = write(Data(text.utf8), to: ".imgsel.json")
        let before = selectionData()
        png("fresh.png")
        let commands: [[String]] = [
            ["add", "fresh.png"], ["clear"], ["delete", "1"], ["move", "1", "2"], ["toggle", "fresh.png"],
            ["replace", "1", "fresh.png"], ["view", "next"], ["list"], ["check"], ["save"],
        ]
        for args in commands {
            let r = run(args)
            assertFailure(r, 4, stderrContains: [selectionURL.path] + mentioning, file: file, line: line)
            assertUnchanged(before, file: file, line: line)
        }
        let json = run(["--json", "add", "fresh.png"])
        assertExit(json, 4, file: file, line: line)
        let object = parseJSON(json.stderrLines.first ?? "", file: file, line: line) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, code, json.transcript, file: file, line: line)
        XCTAssertEqual(error?["exit"] as? Int, 4, file: file, line: line)
        assertUnchanged(before, file: file, line: line)
        XCTAssertFalse(exists("saved-album"), "save wrote nothing", file: file, line: line)
        // init refuses to overwrite it too (it exists), and leaves it as it was.
        XCTAssertNotEqual(run(["init"]).status, 0, file: file, line: line)
        assertUnchanged(before, file: file, line: line)
    }

    func testTruncatedJSON() {
        let text = validText()
        assertRefused(String(text.prefix(text.count / 2)))
    }

    func testNotJSON() {
        assertRefused("this is not JSON\n")
    }

    func testAnEmptyFile() {
        assertRefused("")
    }

    func testAJSONArray() {
        assertRefused("[]\n")
    }

    func testTheWrongFormat() {
        assertRefused(edit(validText(), #""format": "imgsel""#, #""format": "imgsal""#), mentioning: ["format"])
    }

    /// A version this imgsel does not know yet (the next after the rules' version 2) is refused as newer.
    func testANewerVersion() {
        let text = edit(validText(), #""version": 1"#, #""version": 3"#)
        assertRefused(text, code: "newer-version", mentioning: ["version 3", "newer"])
        let r = run(["list"])
        XCTAssertEqual(
            r.stderr,
            "imgsel: \(selectionURL.path): selection file version 3 is newer than this imgsel"
                + " understands (2); left untouched\n"
        )
    }

    func testVersionZero() {
        assertRefused(edit(validText(), #""version": 1"#, #""version": 0"#))
    }

    func testCurrentOutOfRange() {
        assertRefused(edit(validText(), #""current": 1"#, #""current": 3"#), mentioning: ["current"])
    }

    func testCurrentZero() {
        assertRefused(edit(validText(), #""current": 1"#, #""current": 0"#), mentioning: ["current"])
    }

    func testCurrentNullWithItems() {
        assertRefused(edit(validText(), #""current": 1"#, #""current": null"#), mentioning: ["current"])
    }

    func testMoreItemsThanCapacity() {
        assertRefused(edit(validText(), #""capacity": 9"#, #""capacity": 1"#), mentioning: ["capacity"])
    }

    func testACapacityOutOfRange() {
        assertRefused(edit(validText(), #""capacity": 9"#, #""capacity": 100"#))
    }

    func testTwoItemsOfOneSha256() {
        let text = validText()
        let shas = items().compactMap { $0["sha256"] as? String }
        XCTAssertEqual(shas.count, 2)
        guard shas.count == 2 else { return }
        assertRefused(text.replacingOccurrences(of: shas[1], with: shas[0]), mentioning: ["sha256"])
    }

    func testAnItemWithAnUnknownType() {
        assertRefused(edit(validText(), #""type": "png""#, #""type": "pdf""#))
    }

    func testAnItemWithABadSha256() {
        let text = validText()
        let sha = items().first?["sha256"] as? String ?? "?"
        assertRefused(text.replacingOccurrences(of: sha, with: String(sha.dropLast(2))))
    }

    func testAnItemWithoutAPath() {
        assertRefused(edit(validText(), #""path": "img1.png","#, ""))
    }

    func testAValidFileWithUnknownKeyOrderIsStillRead() {
        // Readers must not depend on the key order or the layout: only writers keep it stable.
        seed(1)
        let item = items().first ?? [:]
        let compact = """
            {"items":[{"added":"\(item["added"] as? String ?? "")","sha256":"\(item["sha256"] as? String ?? "")",\
            "bytes":\(item["bytes"] as? Int ?? 0),"frames":1,"orientation":1,"height":3,"width":4,"type":"png",\
            "path":"img1.png"}],"current":1,"capacity":9,"version":1,"format":"imgsel"}
            """
        _ = write(Data(compact.utf8), to: ".imgsel.json")
        let r = run(["list", "--paths"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "img1.png\n")
        // The next write puts it back in the stable order.
        assertSuccess(run(["add", png("b.png")]))
        let text = String(decoding: selectionData() ?? Data(), as: UTF8.self)
        XCTAssertTrue(
            text.hasPrefix(
                "{\n  \"format\": \"imgsel\",\n  \"version\": 1,\n  \"capacity\": 9,\n  \"current\": 1,\n  \"items\": ["
            ),
            text)
    }

    func testAnotherToolsMembersSurviveARewrite() throws {
        let names = seed(2)
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: selectionData() ?? Data()) as? [String: Any])
        object["note"] = "keep me"
        var list = try XCTUnwrap(object["items"] as? [[String: Any]])
        list[1]["caption"] = "hello"
        object["items"] = list
        _ = write(try JSONSerialization.data(withJSONObject: object), to: ".imgsel.json")
        assertSuccess(run(["view", "2"]))
        assertSelection(names, current: 2)
        let after = try XCTUnwrap(JSONSerialization.jsonObject(with: selectionData() ?? Data()) as? [String: Any])
        XCTAssertEqual(after["note"] as? String, "keep me")
        XCTAssertEqual((after["items"] as? [[String: Any]])?[1]["caption"] as? String, "hello")
        // The re-pick is a new image: the old entry's notes go with it.
        assertSuccess(run(["replace", "2", png("new.png")]))
        let replaced = try XCTUnwrap(JSONSerialization.jsonObject(with: selectionData() ?? Data()) as? [String: Any])
        XCTAssertNil((replaced["items"] as? [[String: Any]])?[1]["caption"])
        XCTAssertEqual(replaced["note"] as? String, "keep me")
    }

    /// The fingerprint last: a 4×3 picture is never alike (`a1:-`), which is kept too.
    func testTheFileIsPrettyPrintedInTheStableKeyOrder() {
        seed(1)
        let text = String(decoding: selectionData() ?? Data(), as: UTF8.self)
        let item = items().first ?? [:]
        XCTAssertEqual(
            text,
            """
            {
              "format": "imgsel",
              "version": 1,
              "capacity": 9,
              "current": 1,
              "items": [
                {
                  "path": "img1.png",
                  "type": "png",
                  "width": 4,
                  "height": 3,
                  "orientation": 1,
                  "frames": 1,
                  "bytes": \(item["bytes"] as? Int ?? -1),
                  "sha256": "\(item["sha256"] as? String ?? "?")",
                  "added": "\(item["added"] as? String ?? "?")",
                  "fingerprint": "a1:-"
                }
              ]
            }

            """)
    }
}
