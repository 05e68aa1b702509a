import Foundation
import TestImages
import XCTest

/// `add`, `replace` and `toggle` warn when an image looks like an entry and add it; under
/// `rules --distinct` they refuse it (exit 1, rule-broken, the selection byte-identical), `rules
/// --distinct` refuses a set already holding alike entries unless `--force`, and `check` reports them.
final class AlikeAtAddTests: ImgselTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        landscape("a.png", 320, 240)
        bands("bands.png")
        landscape("small.png", 80, 60)
        landscape("turned.png", 240, 320, orientation: 6)
        assertSuccess(run(["add", "a.png", "bands.png"]))
    }

    func testAddWarnsNamingTheEntryAndAddsTheImage() throws {
        let r = run(["add", "small.png"])
        assertExit(r, 0)
        XCTAssertEqual(r.stdout, "added 3 / 3  small.png\n")
        XCTAssertEqual(r.stderrLines, ["imgsel: warning: small.png: looks like entry 1 (a.png), distance 0"])
        let json = run(["--json", "replace", "3", "turned.png"])
        assertExit(json, 0)
        let warning = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: [String: Any]])["warning"]
        XCTAssertEqual(warning?["index"] as? Int, 3)
        XCTAssertEqual(warning?["like"] as? Int, 1)
        XCTAssertEqual(warning?["code"] as? String, "alike")
        XCTAssertEqual(run(["-q", "toggle", "turned.png"]).stderr, "")
        XCTAssertEqual(run(["-q", "toggle", "turned.png"]).stderr, "")
    }

    func testDistinctRefusesTheImageAndLeavesTheFileAsItWas() throws {
        assertSuccess(run(["rules", "--distinct"]))
        let before = try Data(contentsOf: selectionURL)
        for args in [["add", "small.png"], ["replace", "2", "turned.png"], ["toggle", "turned.png"]] {
            let r = run(args)
            assertFailure(r, 1)
            let name = args.last ?? ""
            XCTAssertEqual(
                r.stderr, "imgsel: \(name): looks like entry 1 (a.png), distance 0 (--distinct)\n", r.transcript)
            XCTAssertEqual(try Data(contentsOf: selectionURL), before, "\(args)")
        }
        let json = run(["--json", "add", "small.png"])
        XCTAssertTrue(json.stderr.contains("\"code\":\"rule-broken\""), json.transcript)
        // Replacing the entry it looks like is no longer alike anything: taken.
        assertSuccess(run(["-q", "replace", "1", "small.png"]))
    }

    func testRulesDistinctRefusesASetHoldingAlikeEntriesUnlessForcedAndCheckReportsThem() throws {
        assertSuccess(run(["-q", "add", "small.png"]))
        let before = try Data(contentsOf: selectionURL)
        let refused = run(["rules", "--distinct"])
        assertFailure(refused, 1)
        XCTAssertEqual(
            refused.stderrLines.first,
            "imgsel: entry 3 (small.png): looks like entry 1 (a.png), distance 0 (--distinct)")
        XCTAssertEqual(try Data(contentsOf: selectionURL), before)
        assertExit(run(["check"]), 0)
        assertSuccess(run(["-q", "rules", "--distinct", "--force"]))
        let check = run(["check"])
        assertFailure(check, 1)
        XCTAssertEqual(
            check.stderrLines,
            [
                "imgsel: entry 3 (small.png): looks like entry 1 (a.png), distance 0 (--distinct)",
                "imgsel: check found 1 problem",
            ])
        assertSuccess(run(["-q", "delete", "3"]))
        assertSuccess(run(["-q", "check"]))
    }
}
