import Foundation
import XCTest

/// The rules in list's header, and the values and selections the rules command refuses.
extension RulesCommandTests {
    func testListShowsTheRulesInAHeaderLineAboveTheSameTable() {
        seed(2)
        let table = run(["list"]).stdoutLines
        assertSuccess(run(["rules", "--max-bytes", "5MB", "--types", "png"]))
        let r = run(["list"])
        assertSuccess(r)
        XCTAssertEqual(r.stdoutLines, ["rules: --max-bytes 5MB --types png"] + table)
        XCTAssertEqual(run(["list", "--paths"]).stdout, "img1.png\nimg2.png\n", "paths stay paths")
        let json = parseJSON(run(["--json", "list"]).stdout) as? [String: Any]
        XCTAssertEqual((json?["rules"] as? [String: Any])?["types"] as? [String], ["png"])
        assertSuccess(run(["-f", "e.json", "init", "--capacity", "4", "--min-count", "1"]))
        XCTAssertEqual(
            run(["-f", "e.json", "list"]).stdoutLines, ["rules: --min-count 1", "(empty selection, 0 of 4)"])
    }

    func testBadValuesAreUsageErrorsNamingTheOption() {
        seed(1)
        let before = selectionData()
        let cases: [([String], String)] = [
            (
                ["--max-bytes", "-1"],
                "--max-bytes must be a size: bytes, or with KB, MB, GB or K, M, G (500KB, 5.5MB, 2M), not '-1'"
            ),
            (
                ["--max-bytes", "5XB"],
                "--max-bytes must be a size: bytes, or with KB, MB, GB or K, M, G (500KB, 5.5MB, 2M), not '5XB'"
            ),
            (
                ["--max-pixels=1e3"],
                "--max-pixels must be a number of pixels from 1, or millions with M (12M), not '1e3'"
            ),
            (
                ["--min-aspect", "1e3"],
                "--min-aspect must be a width / height ratio above 0: a decimal (0.8, 1.91) or W:H (4:5), not '1e3'"
            ),
            (["--min-width", "0"], "--min-width must be a whole number of pixels from 1, not '0'"),
            (
                ["--types", "jpg,png"],
                "--types: 'jpg' is not a type (did you mean 'jpeg'?); the types are jpeg, png, gif, webp, bmp, tiff,"
                    + " heic, heif, avif"
            ),
            (
                ["--clear", "max-byte"],
                "--clear takes a rule (max-bytes, min-width, min-height, max-width, max-height, max-pixels,"
                    + " min-aspect, max-aspect, sizes, types, no-animation, no-alpha, min-count, as-is, distinct)"
                    + " or all, not 'max-byte'"
            ),
            (["--max-bytes", "5MB", "--clear", "max-bytes"], "--max-bytes and --clear max-bytes cannot be combined"),
            (
                ["--min-width", "500", "--max-width", "400"],
                "--min-width 500 is more than --max-width 400: no image keeps both"
            ),
            (["extra"], "unexpected argument 'extra'"),
            (
                ["--sizes", "12x"],
                "--sizes must be sizes WxH in pixels separated by commas (1320x2868,2868x1320), not '12x'"
            ),
            (
                ["--target", "app-store-iphone-6.7"],
                "--target: no target 'app-store-iphone-6.7' (did you mean 'app-store-iphone-6.9'?);"
                    + " 'imgsel rules --targets' lists them"
            ),
            (["--target", "x", "--clear", "all"], "--target x and --clear all cannot be combined"),
        ]
        for (args, message) in cases {
            let r = run(["rules"] + args)
            assertUsage(r, usageLine: "usage: imgsel rules [rule options] [--clear RULE] [--force]")
            XCTAssertEqual(r.stderrLines.first, "imgsel: rules: " + message, r.transcript)
            assertUnchanged(before)
        }
        assertUsage(run(["init", "--force", "--min-count", "10", "--capacity", "9"]))
        assertUsage(
            run(["init", "--force", "--max-bytes", "5XB"]), stderrContains: ["init: --max-bytes must be a size"])
        assertUnchanged(before)
    }

    func testRulesThatContradictTheSelectionAreRefused() {
        assertSuccess(run(["init", "--capacity", "3", "--max-width", "400"]))
        let before = selectionData()
        for (args, message) in [
            (["--min-width", "500"], "--min-width 500 is more than --max-width 400: no image keeps both"),
            (["--min-count", "4"], "--min-count 4 is more than the capacity of 3"),
        ] {
            let r = run(["rules"] + args)
            assertFailure(r, 1)
            XCTAssertEqual(r.stderr, "imgsel: \(message)\n")
            XCTAssertEqual(jsonErrors(run(["--json", "rules"] + args)).first?["code"] as? String, "rule-conflict")
            assertUnchanged(before)
        }
        assertSuccess(run(["rules", "--clear", "max-width", "--min-width", "500"]))
    }

    func testRulesNeedASelection() {
        assertFailure(run(["rules"]), 4, stderrContains: ["no selection file at"])
        assertFailure(run(["rules", "--max-bytes", "5MB"]), 4, stderrContains: ["no selection file at"])
        XCTAssertEqual(listing("."), [], "rules creates nothing")
    }

    /// Written by hand: this imgsel reads a version 2 file; a newer one it refuses (exit 4).
    func testAHandWrittenVersionTwoFileIsReadAndANewerOneRefused() {
        _ = write(
            Data(
                (#"{"format":"imgsel","version":2,"capacity":3,"rules":{"types":["gif"],"min-aspect":0.5},"#
                    + #""current":null,"items":[]}"#).utf8),
            to: ".imgsel.json")
        assertFailure(
            run(["add", png("a.png")]), 1,
            stderrContains: ["a.png: type png is not one of this selection's gif (--types)"])
        let r = run(["rules"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "--min-aspect 0.5\n--types gif\n")
        _ = write(
            Data(#"{"format":"imgsel","version":3,"capacity":3,"current":null,"items":[]}"#.utf8), to: ".imgsel.json")
        let before = selectionData()
        for args in [["list"], ["rules"], ["rules", "--clear", "all"], ["add", "a.png"], ["check"]] {
            let newer = run(args)
            assertFailure(newer, 4, stderrContains: ["version 3 is newer than this imgsel understands (2)"])
            assertUnchanged(before)
        }
    }
}
