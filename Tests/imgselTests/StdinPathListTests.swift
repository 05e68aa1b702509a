import Foundation
import XCTest

/// `-` reads a list of paths from stdin. What arrives there is not always one: a
/// NUL-separated list without `-0`, an image piped by mistake, an endless stream.
/// Each is refused in one line before anything is written, and never by running out of memory.
final class StdinPathListTests: ImgselTestCase {
    /// Runs `script` under /bin/sh in the test's folder with $IMGSEL naming the binary.
    private func shell(_ script: String) -> RunResult {
        run(["-c", script], env: ["IMGSEL": Binary.url!.path], program: URL(fileURLWithPath: "/bin/sh"))
    }

    func testNULSeparatedPathsWithoutDashZeroAreRefusedNamingIt() {
        seed(1)
        png("a.png"); png("b.png")
        let before = selectionData()
        for command in ["add", "toggle"] {
            let r = run([command, "-"], stdin: Data("a.png\u{0}b.png\u{0}".utf8))
            assertFailure(r, 3, stderrContains: ["standard input", "NUL", "-0"])
            XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        }
        assertUnchanged(before)
        // With -0 the same list is read as meant.
        assertSuccess(run(["add", "-0", "-"], stdin: Data("a.png\u{0}b.png\u{0}".utf8)))
        assertSelection(["img1.png", "a.png", "b.png"], current: 1)
    }

    func testASelectionFileWhosePathHoldsNULSaysSo() {
        seed(1)
        let text = String(decoding: selectionData() ?? Data(), as: UTF8.self)
            .replacingOccurrences(of: #""path": "img1.png""#, with: #""path": "img1.png\u0000""#)
        _ = write(Data(text.utf8), to: ".imgsel.json")
        let r = run(["list"])
        assertFailure(r, 4, stderrContains: [selectionURL.path, "item 1", "NUL"])
        XCTAssertFalse(r.stderr.contains("is empty"), r.transcript)
    }

    func testAnImagePipedInsteadOfPathsIsNotAListOfPaths() {
        png("sunset.png", width: 40, height: 30)
        for dashZero in [false, true] {
            let r = shell(#"cat sunset.png | "$IMGSEL" add \#(dashZero ? "-0 " : "")-"#)
            assertFailure(r, 3, stderrContains: ["standard input", "not a list of paths"])
            XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        }
        XCTAssertNil(selectionData(), "nothing was written")
    }

    func testAnEndlessListIsRefusedAsSoonAsItPassesTheCapacity() {
        // Under a memory limit that reading everything first would exhaust.
        for (command, limit) in [("add", 99), ("toggle", 198)] {
            let r = shell(#"ulimit -v 1000000; yes | "$IMGSEL" \#(command) -"#)
            assertFailure(r, 1, stderrContains: ["standard input", "more than \(limit) paths"])
            XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        }
        let json = shell(#"ulimit -v 1000000; yes | "$IMGSEL" --json add -"#)
        assertExit(json, 1)
        XCTAssertTrue(json.stderr.contains(#""code":"selection-full""#), json.transcript)
        XCTAssertNil(selectionData(), "nothing was written")
    }

    func testEndlessEmptyInputEnds() {
        // Empty lines and empty NUL-separated names are skipped, but not forever.
        for script in [
            #"ulimit -v 1000000; "$IMGSEL" add -0 - < /dev/zero"#,
            #"ulimit -v 1000000; yes '' | "$IMGSEL" add -"#,
        ] {
            let r = shell(script)
            assertFailure(r, 3, stderrContains: ["standard input", "not a list of paths"])
            XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        }
        XCTAssertNil(selectionData(), "nothing was written")
    }

    func testALineLongerThanAnyPathIsRefused() {
        let r = run(["add", "-"], stdin: Data((String(repeating: "a", count: 5000) + "\n").utf8))
        assertFailure(r, 3, stderrContains: ["standard input", "line 1", "4095 bytes"])
        XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        XCTAssertLessThan(r.stderr.count, 300, "the line is not echoed back")
        XCTAssertNil(selectionData(), "nothing was written")
    }

    func testAFullListStillWorks() {
        assertSuccess(run(["init", "--capacity", "99"]))
        let names = pngs(99)
        let r = run(["-q", "add", "-"], stdin: Data(names.joined(separator: "\n").utf8))
        assertSuccess(r)
        XCTAssertEqual(storedPaths().count, 99)
    }
}
