import Foundation
import XCTest

/// A full disk behind `>`: what a command printed did not arrive, so it must not exit 0.
final class OutputFailureTests: ImgselTestCase {
    /// Runs imgsel with stdout on /dev/full (every write fails with ENOSPC).
    func runIntoFullDevice(_ args: [String]) -> RunResult { run(args, stdoutFile: "/dev/full") }

    func testAQueryWhoseOutputCannotBeWrittenExitsFiveSayingSo() throws {
        seed(2)
        for args in [["list", "--paths"], ["list"], ["completion", "bash"], ["view", "--index"]] {
            let result = runIntoFullDevice(args)
            XCTAssertEqual(result.status, 5, "\(args)")
            XCTAssertEqual(
                result.stderr,
                "imgsel: standard output: cannot write: No space left on device"
                    + "; the output is incomplete (the command itself ran)\n",
                "\(args)")
        }
    }

    func testTheJSONErrorHasItsOwnCode() throws {
        seed(1)
        let result = runIntoFullDevice(["--json", "list"])
        XCTAssertEqual(result.status, 5)
        XCTAssertTrue(result.stderr.contains(#""code":"output-failed","exit":5"#), result.stderr)
    }

    func testAWritingCommandStillDoesItsWorkAndSaysItsOutputFailed() throws {
        let names = seed(2)
        let result = runIntoFullDevice(["view", "2"])
        XCTAssertEqual(result.status, 5)
        XCTAssertTrue(result.stderr.contains("standard output"), result.stderr)
        assertSelection(names, current: 2)
    }

    func testQuietOutputHasNothingToLose() throws {
        seed(2)
        let result = runIntoFullDevice(["-q", "view", "2"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
