import Foundation
import XCTest

final class QuietTests: ImgselTestCase {
    func testQuietSuppressesConfirmationLines() {
        let steps: [[String]] = [
            ["init"], ["add", png("a.png"), png("b.png"), png("c.png")], ["move", "1", "2"], ["delete", "1"],
            ["replace", "1", png("r.png")], ["toggle", png("t.png")], ["check"], ["clear"],
        ]
        for args in steps {
            for flag in ["-q", "--quiet"] {
                if flag == "--quiet", args.first != "check" { continue }
                let r = run([flag] + args)
                assertSuccess(r)
                XCTAssertEqual(r.stdout, "", "\(flag) \(args): no confirmation\n\(r.transcript)")
            }
        }
        assertSelection([], current: nil)
    }

    func testQuietAfterTheCommand() {
        let r = run(["add", png("a.png"), "-q"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "")
        assertSelection(["a.png"], current: 1)
    }

    func testQueriesStillPrint() {
        seed(2)
        let table = run(["-q", "list"])
        assertSuccess(table)
        XCTAssertEqual(table.stdoutLines.count, 3, table.transcript)
        XCTAssertEqual(run(["-q", "list", "--paths"]).stdout, "img1.png\nimg2.png\n")
        XCTAssertEqual(run(["--quiet", "list", "-0"]).stdoutData, Data("img1.png\u{0}img2.png\u{0}".utf8))
        XCTAssertTrue(run(["-q", "list", "--grid"]).stdout.contains("img2.png"))
        XCTAssertEqual(run(["-q", "view", "--index"]).stdout, "1 / 2\n")
        XCTAssertTrue(run(["-q", "info", "img1.png"]).stdout.hasPrefix("img1.png: png 4×3"))
        XCTAssertTrue(run(["-q", "help"]).stdout.contains("Usage:"))
        XCTAssertTrue(run(["-q", "help", "add"]).stdout.contains("imgsel add"))
        XCTAssertTrue(run(["-q", "--version"]).stdout.hasPrefix("imgsel "))
    }

    func testQuietStillReportsErrors() {
        seed(1)
        let r = run(["-q", "add", "missing.png"])
        assertFailure(r, 3, stderrContains: ["missing.png"])
        let v = run(["-q", "view", "5"])
        assertFailure(v, 1, stderrContains: ["index 5"])
    }

    func testQuietSilencesOnlyTheEndOfTheWalk() {
        seed(2)
        assertSuccess(run(["-q", "view", "last"]))
        let end = run(["-q", "view", "next"])
        assertExit(end, 1)
        XCTAssertEqual(end.stderr, "", "the end of the set is expected: the exit status says it\n\(end.transcript)")
        XCTAssertEqual(end.stdout, "")
        assertSuccess(run(["-q", "view", "first"]))
        let start = run(["-q", "view", "prev"])
        assertExit(start, 1)
        XCTAssertEqual(start.stderr, "", start.transcript)
        // Without -q the line is said; in JSON the error stays, as data.
        assertFailure(run(["view", "prev"]), 1, stderrContains: ["no previous entry"])
        assertFailure(run(["-q", "--json", "view", "prev"]), 1, stderrContains: [#""code":"no-previous-entry""#])
    }

    func testQuietWithJSONStillPrintsTheJSON() {
        seed(1)
        let r = run(["-q", "--json", "list"])
        assertSuccess(r)
        XCTAssertNotNil(parseJSON(r.stdout) as? [String: Any])
    }
}
