import Foundation
import XCTest

/// Only `init`, `add`, `toggle` and `pick` make a selection file. Every other command on a
/// missing one exits 4 and creates nothing, so a mistyped `-f` never reads as an
/// empty set that `check` passes; `clear` has nothing to clear and says nothing.
final class MissingSelectionTests: ImgselTestCase {
    private let refused: [[String]] = [
        ["replace", "1", "a.png"], ["delete", "1"], ["move", "1", "2"], ["list"], ["list", "--paths"], ["list", "-0"],
        ["list", "--grid"], ["view"], ["view", "1"], ["view", "next"], ["view", "--index"], ["save"],
        ["save", "--all"],
        ["check"], ["html"], ["rules"], ["rules", "--max-bytes", "5MB"], ["rules", "--clear", "all"],
        ["sheet", "out.png"],
    ]

    func testEveryOtherCommandOnAMissingFileExits4AndCreatesNothing() {
        png("a.png")
        for args in refused {
            let r = run(["-f", "typo.jsn"] + args)
            assertFailure(r, 4)
            XCTAssertEqual(
                r.stderrLines,
                ["imgsel: no selection file at \(url("typo.jsn").path) ('imgsel init' or 'imgsel add' makes one)"],
                r.transcript)
            XCTAssertEqual(listing("."), ["a.png"], "\(args): not even a lock file\n\(r.transcript)")
        }
    }

    func testTheJSONErrorHasItsCode() {
        let r = run(["--json", "check"])
        assertExit(r, 4)
        let error = (parseJSON(r.stderrLines.first ?? "") as? [String: Any])?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "no-selection")
        XCTAssertEqual(error?["exit"] as? Int, 4)
        XCTAssertEqual(listing("."), [])
    }

    func testClearOnAMissingFileIsAQuietNoOp() {
        let r = run(["clear"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "")
        let json = run(["--json", "clear"])
        assertSuccess(json)
        XCTAssertEqual(json.stdout, #"{"cleared":0}"# + "\n")
        XCTAssertEqual(listing("."), [])
    }

    func testInitAddAndToggleStillCreateIt() {
        png("a.png"); png("b.png")
        assertSuccess(run(["-f", "one.json", "init"]))
        assertSuccess(run(["-f", "two.json", "add", "a.png"]))
        assertSuccess(run(["-f", "three.json", "toggle", "b.png"]))
        XCTAssertEqual(storedPaths(url("two.json")), ["a.png"])
        XCTAssertEqual(storedPaths(url("three.json")), ["b.png"])
        XCTAssertEqual(capacity(url("one.json")), 9)
    }
}
