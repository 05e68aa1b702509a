import Foundation
import XCTest

/// What a new user types and is told (issue 38, "Words and numbers"): a size takes `1M` as
/// `--max-pixels` takes `12M`, an option of another command is pointed to, and `imgsel version`
/// is offered `--version`.
final class WordsTests: ImgselTestCase {
    func testASizeTakesKMAndGAsKBMBAndGB() throws {
        seed(1)
        assertSuccess(run(["rules", "--max-bytes", "1M"]))
        XCTAssertEqual(run(["rules"]).stdout, "--max-bytes 1MB\n")
        assertSuccess(run(["rules", "--max-bytes", "500k"]))
        XCTAssertEqual(run(["rules"]).stdout, "--max-bytes 500KB\n")
        assertSuccess(run(["-f", "g.json", "init", "--max-bytes", "2G"]))
        XCTAssertEqual(run(["-f", "g.json", "rules"]).stdout, "--max-bytes 2GB\n")
        // export reads its own --max-bytes the same way.
        assertSuccess(run(["-q", "export", "out", "--max-bytes", "1M"]))
        XCTAssertEqual(listing("out").count, 1)
        assertUsage(run(["rules", "--max-bytes", "1MM"]))
    }

    func testAnOptionOfAnotherCommandIsPointedTo() {
        seed(1)
        let before = selectionData()
        let cases: [([String], String)] = [
            (
                ["add", "--max-byte", "5MB", "x"],
                "imgsel: unknown option --max-byte for 'add' (did you mean '--max-bytes', an option of 'init', 'rules'"
                    + " and 'export'?)"
            ),
            (
                ["add", "--max-bytes", "5MB", "x"],
                "imgsel: unknown option --max-bytes for 'add' (an option of 'init', 'rules' and 'export')"
            ),
            (["list", "--capacity", "4"], "imgsel: unknown option --capacity for 'list' (an option of 'init')"),
            (
                ["--max-bytes", "5MB", "rules"],
                "imgsel: unknown option --max-bytes (an option of 'init', 'rules' and 'export')"
            ),
            // The command's own options come first: --grid is close to list's --grid, not elsewhere.
            (["list", "--gird"], "imgsel: unknown option --gird for 'list' (did you mean '--grid'?)"),
            (["list", "--frobnicate"], "imgsel: unknown option --frobnicate for 'list'"),
        ]
        for (args, message) in cases {
            let r = run(args)
            assertUsage(r)
            XCTAssertEqual(r.stderrLines.first, message, r.transcript)
        }
        assertUnchanged(before)
    }

    func testVersionAsACommandIsOfferedTheOption() throws {
        let r = run(["version"])
        assertUsage(r)
        XCTAssertEqual(r.stderrLines.first, "imgsel: unknown command 'version' (did you mean '--version'?)")
        XCTAssertEqual(
            run(["verison"]).stderrLines.first, "imgsel: unknown command 'verison' (did you mean '--version'?)")
        XCTAssertEqual(run(["hlep"]).stderrLines.first, "imgsel: unknown command 'hlep' (did you mean 'help'?)")
        let json = run(["--json", "version"])
        let error = try XCTUnwrap((parseJSON(json.stderr) as? [String: Any])?["error"] as? [String: Any])
        XCTAssertEqual(error["message"] as? String, "unknown command 'version' (did you mean '--version'?)")
        XCTAssertEqual(listing("."), [])
    }
}
