import Foundation
import XCTest

/// `rules` and `init`'s rule options: showing, setting, clearing, the refusal existing entries
/// cause and `--force`, `check` and `--min-count`, `list`'s header line, and the file's version.
final class RulesCommandTests: ImgselTestCase {
    private var text: String { String(decoding: selectionData() ?? Data(), as: UTF8.self) }

    func testNoRulesPrintNothing() {
        seed(1)
        let r = run(["rules"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(run(["--json", "rules"]).stdout, "{}\n")
    }

    func testRulesArePrintedAsTheOptionsThatSetThemAndCopyToAnotherSelection() throws {
        seed(1)
        let set = run([
            "rules", "--types", "png,jpeg", "--max-bytes", "5.5MB", "--min-aspect", "4:5", "--max-pixels", "12000000",
            "--no-animation",
        ])
        assertSuccess(set)
        XCTAssertEqual(
            set.stdoutLines,
            [
                "set --max-bytes 5.5MB", "set --max-pixels 12M", "set --min-aspect 4:5", "set --types jpeg,png",
                "set --no-animation",
            ])
        let shown = run(["rules"])
        assertSuccess(shown)
        XCTAssertEqual(
            shown.stdoutLines,
            ["--max-bytes 5.5MB", "--max-pixels 12M", "--min-aspect 4:5", "--types jpeg,png", "--no-animation"])
        let json = try XCTUnwrap(parseJSON(run(["--json", "rules"]).stdout) as? [String: Any])
        XCTAssertEqual(json["max-bytes"] as? Int, 5_767_168)
        XCTAssertEqual(json["max-pixels"] as? Int, 12_000_000)
        XCTAssertEqual(json["min-aspect"] as? String, "4:5")
        XCTAssertEqual(json["types"] as? [String], ["jpeg", "png"])
        XCTAssertEqual(json["no-animation"] as? Bool, true)
        // `imgsel -f b.json rules $(imgsel rules)`: the words are the options.
        png("b.png")
        assertSuccess(run(["-f", "b.json", "add", "b.png"]))
        let words = shown.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        assertSuccess(run(["-q", "-f", "b.json", "rules"] + words))
        XCTAssertEqual(run(["-f", "b.json", "rules"]).stdout, shown.stdout)
        XCTAssertEqual(
            (selectionJSON(url("b.json"))["rules"] as? [String: Any]).map(NSDictionary.init),
            NSDictionary(dictionary: json))
    }

    /// Adding the first rule writes version 2; clearing the last writes version 1 again, byte for byte.
    func testTheVersionFollowsTheRulesBothWays() {
        seed(2)
        let v1 = selectionData()
        XCTAssertEqual(selectionJSON()["version"] as? Int, 1)
        assertSuccess(run(["rules", "--max-bytes", "5MB", "--min-count", "2"]))
        XCTAssertEqual(selectionJSON()["version"] as? Int, 2)
        XCTAssertTrue(
            text.contains(
                "  \"capacity\": 9,\n  \"rules\": {\n    \"max-bytes\": 5242880,\n    \"min-count\": 2\n  },\n"),
            text)
        let cleared = run(["rules", "--clear", "max-bytes"])
        assertSuccess(cleared)
        XCTAssertEqual(cleared.stdout, "cleared --max-bytes\n")
        XCTAssertEqual(selectionJSON()["version"] as? Int, 2, "one rule is left")
        assertSuccess(run(["rules", "--clear", "min-count"]))
        assertUnchanged(v1)
        // --clear all, and a comma list, do the same.
        assertSuccess(run(["rules", "--max-width", "9", "--types", "png"]))
        assertSuccess(run(["rules", "--clear", "all"]))
        assertUnchanged(v1)
        assertSuccess(run(["rules", "--max-width", "9", "--types", "png"]))
        assertSuccess(run(["rules", "--clear", "max-width,types"]))
        assertUnchanged(v1)
        // Clearing what is not there changes nothing and writes nothing.
        let quiet = run(["rules", "--clear", "all"])
        assertSuccess(quiet)
        XCTAssertEqual(quiet.stdout, "")
        assertUnchanged(v1)
    }

    func testEveryCommandLeavesAVersionOneFileByteIdentical() {
        let names = seed(3)
        let v1 = selectionData()
        for args in [["list"], ["rules"], ["check"], ["view", "1"], ["--json", "list"], ["rules", "--clear", "all"]] {
            assertSuccess(run(args))
            assertUnchanged(v1)
        }
        assertSuccess(run(["html"]))
        assertUnchanged(v1)
        assertSuccess(run(["delete", "3"]))
        assertSuccess(run(["add", names[2]]))
        XCTAssertEqual(selectionJSON()["version"] as? Int, 1)
        XCTAssertFalse(text.contains("rules"))
    }

    /// Under `--as-is`, a rule entries break is refused, naming each; `--force` sets it and `check` then fails.
    func testARuleEntriesBreakIsRefusedUntilForcedAndThenCheckReportsThem() throws {
        png("small.png", width: 4, height: 3)
        png("wide.png", width: 9, height: 3)
        png("wider.png", width: 12, height: 3)
        assertSuccess(run(["add", "small.png", "wide.png", "wider.png"]))
        // Uploaded as they are: no export shrinks them (RulesCommandTests+Mending has the default).
        assertSuccess(run(["rules", "--as-is"]))
        let before = selectionData()
        let refused = run(["rules", "--max-width", "8", "--min-count", "2"])
        assertFailure(refused, 1)
        XCTAssertEqual(
            refused.stderrLines,
            [
                "imgsel: entry 2 (wide.png): 9 px wide is over this selection's 8 px (--max-width)",
                "imgsel: entry 3 (wider.png): 12 px wide is over this selection's 8 px (--max-width)",
                "imgsel: 2 entries break the rules given, so none was set (--force sets them anyway, and check"
                    + " reports those entries)",
            ])
        assertUnchanged(before)
        let json = run(["--json", "rules", "--max-width", "8"])
        XCTAssertEqual(
            jsonErrors(json).compactMap { $0["code"] as? String }, ["rule-broken", "rule-broken", "rule-broken"])
        assertSuccess(run(["check"]))

        let forced = run(["rules", "--max-width", "8", "--min-count", "2", "--force"])
        assertSuccess(forced)
        XCTAssertEqual(forced.stdout, "set --max-width 8; 2 entries break it, check reports them\nset --min-count 2\n")
        XCTAssertEqual(selectionJSON()["version"] as? Int, 2)
        XCTAssertEqual(storedPaths(), ["small.png", "wide.png", "wider.png"], "the entries are kept")
        let afterForce = selectionData()
        let check = run(["check"])
        assertFailure(check, 1)
        XCTAssertEqual(
            check.stderrLines,
            [
                "imgsel: entry 2 (wide.png): 9 px wide is over this selection's 8 px (--max-width)",
                "imgsel: entry 3 (wider.png): 12 px wide is over this selection's 8 px (--max-width)",
                "imgsel: check found 2 problems",
            ])
        assertUnchanged(afterForce)
        let checkJSON = run(["--json", "check"])
        assertExit(checkJSON, 1)
        let object = try XCTUnwrap(parseJSON(checkJSON.stdout) as? [String: Any])
        XCTAssertEqual(object["ok"] as? Bool, false)
        let problems = object["problems"] as? [[String: Any]] ?? []
        XCTAssertEqual(problems.compactMap { $0["index"] as? Int }, [2, 3])
        XCTAssertEqual(problems.compactMap { $0["code"] as? String }, ["rule-broken", "rule-broken"])
        XCTAssertEqual(problems.compactMap { $0["rule"] as? String }, ["max-width", "max-width"])
        XCTAssertEqual(problems.first?["problem"] as? String, "9 px wide is over this selection's 8 px (--max-width)")
        // Entries that break a rule do not stop an image that keeps it; deleting them makes check pass.
        assertSuccess(run(["add", png("fine.png", width: 8, height: 3)]))
        assertSuccess(run(["delete", "2", "3"]))
        let ok = run(["check"])
        assertSuccess(ok)
        XCTAssertEqual(ok.stdout, "ok: 2 entries checked against 2 rules\n")
    }

    func testMinCountIsEnforcedByCheckAlone() throws {
        assertSuccess(run(["init", "--capacity", "4", "--min-count", "2"]))
        let empty = run(["check"])
        assertFailure(empty, 1)
        XCTAssertEqual(
            empty.stderrLines,
            [
                "imgsel: the selection holds 0 entries, fewer than the 2 it needs (--min-count)",
                "imgsel: check found 1 problem",
            ])
        assertSuccess(run(["add", png("one.png")]))  // add never enforces it
        let one = run(["--json", "check"])
        assertExit(one, 1)
        let object = try XCTUnwrap(parseJSON(one.stdout) as? [String: Any])
        let problems = object["problems"] as? [[String: Any]] ?? []
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?["code"] as? String, "too-few-entries")
        XCTAssertEqual(problems.first?["rule"] as? String, "min-count")
        XCTAssertNil(problems.first?["index"])
        XCTAssertEqual(jsonErrors(one).first?["code"] as? String, "check-failed")
        assertSuccess(run(["add", png("two.png")]))
        XCTAssertEqual(run(["check"]).stdout, "ok: 2 entries checked against 1 rule\n")
        assertSuccess(run(["delete", "1"]))  // nor does delete
        assertFailure(run(["check"]), 1, stderrContains: ["holds 1 entry, fewer than the 2 it needs (--min-count)"])
    }

    func testInitTakesTheRuleOptions() throws {
        let r = run(["init", "--capacity", "4", "--max-bytes", "5MB", "--types", "jpeg,png,webp", "--min-width", "320"])
        assertSuccess(r)
        XCTAssertEqual(
            r.stdout,
            "created .imgsel.json (capacity 4; rules: --max-bytes 5MB --min-width 320 --types jpeg,png,webp)\n")
        XCTAssertEqual(
            text,
            """
            {
              "format": "imgsel",
              "version": 2,
              "capacity": 4,
              "rules": {
                "max-bytes": 5242880,
                "min-width": 320,
                "types": [
                  "jpeg",
                  "png",
                  "webp"
                ]
              },
              "current": null,
              "items": []
            }

            """)
        let json = try XCTUnwrap(
            parseJSON(run(["--json", "-f", "j.json", "init", "--no-animation"]).stdout) as? [String: Any])
        XCTAssertEqual(json["rules"] as? [String: Bool], ["no-animation": true])
        // --force replaces the selection with the rules it is given, and no others.
        assertSuccess(run(["init", "--force", "--capacity", "4"]))
        XCTAssertEqual(selectionJSON()["version"] as? Int, 1)
        XCTAssertNil(selectionJSON()["rules"])
        assertSuccess(run(["init", "--force", "--max-height", "100"]))
        XCTAssertEqual(run(["rules"]).stdout, "--max-height 100\n")
    }
}
