import Foundation
import XCTest

/// `-` reads paths from stdin; a stdin that cannot be read is an error, not an empty list.
final class UnreadableStdinTests: ImgselTestCase {
    func testAReadErrorOnStdinIsReportedWithExit3() throws {
        png("a.png")
        for command in ["add", "toggle"] {
            let r = run([command, "-"], stdinFile: dir.path)  // a folder: read() fails with EISDIR
            assertFailure(r, 3)
            XCTAssertEqual(r.stderrLines, ["imgsel: standard input: cannot read: Is a directory"], r.transcript)
        }
        XCTAssertNil(selectionData(), "nothing was written")
    }
}
