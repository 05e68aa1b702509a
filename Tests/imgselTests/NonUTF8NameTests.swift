import Foundation
import XCTest

/// A file name whose bytes are not UTF-8 cannot be recorded in the (JSON) selection file,
/// and Swift would repair it into another name: it is refused by name, with its bad bytes shown.
final class NonUTF8NameTests: ImgselTestCase {
    /// Runs `script` under /bin/sh in the test's folder with $IMGSEL naming the binary;
    /// the shell's printf makes the raw bytes that a Swift String cannot hold.
    func shell(_ script: String) -> RunResult {
        run(["-c", script], env: ["IMGSEL": Binary.url!.path], program: URL(fileURLWithPath: "/bin/sh"))
    }

    func testANonUTF8NameOnTheCommandLineIsRefusedByName() throws {
        seed(1)
        let before = selectionData()
        let r = shell(#"cp img1.png "$(printf 'bad\377.png')" && "$IMGSEL" add "$(printf 'bad\377.png')""#)
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(
            r.stderr, "imgsel: bad\\xff.png: the name is not valid UTF-8, which the selection file cannot record\n")
        XCTAssertEqual(r.stdout, "")
        assertUnchanged(before)
    }

    func testEveryBadNameIsReportedAndJSONHasItsCode() throws {
        let r = shell(#""$IMGSEL" --json info "$(printf 'a\303.png')" ok.png "$(printf '\200b.gif')""#)
        XCTAssertEqual(r.status, 3)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, r.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.contains(#""code":"name-not-utf8","exit":3"#) }, r.stderr)
        XCTAssertTrue(r.stderr.contains(#"a\\xc3.png"#) && r.stderr.contains(#"\\x80b.gif"#), r.stderr)
    }

    func testANonUTF8NameOnStdinIsRefusedAndNothingIsAdded() throws {
        seed(1)
        let before = selectionData()
        let r = shell(#"printf 'img1.png\nbad\377.png\n' | "$IMGSEL" add -"#)
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(
            r.stderr, "imgsel: bad\\xff.png: the name is not valid UTF-8, which the selection file cannot record\n")
        assertUnchanged(before)
    }
}
