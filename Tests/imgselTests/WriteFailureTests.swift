import Foundation
import XCTest

/// Exit 5. The tests run as root, so permission bits would not stop a write:
/// a path below a regular file does, for everyone.
final class WriteFailureTests: ImgselTestCase {
    private let blocker = Data("I am a regular file, not a folder\n".utf8)

    func testASelectionFolderBelowARegularFile() {
        _ = write(blocker, to: "afile")
        png("a.png")
        let r = run(["-f", "afile/sel.json", "add", "a.png"])
        assertFailure(r, 5, stderrContains: ["afile/sel.json"])
        XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        XCTAssertEqual(bytes("afile"), blocker)
        XCTAssertEqual(listing("."), ["a.png", "afile"])
    }

    func testInitBelowARegularFile() {
        _ = write(blocker, to: "afile")
        let r = run(["init", "-f", "afile/sel.json"])
        assertFailure(r, 5, stderrContains: ["afile/sel.json"])
        XCTAssertEqual(bytes("afile"), blocker)
        XCTAssertEqual(listing("."), ["afile"])
    }

    func testOtherWritingCommandsBelowARegularFile() {
        _ = write(blocker, to: "afile")
        png("a.png")
        // toggle would create the selection there and cannot; the others find none to change.
        assertFailure(run(["-f", "afile/sel.json", "toggle", "a.png"]), 5, stderrContains: ["afile/sel.json"])
        assertFailure(run(["-f", "afile/sel.json", "view", "first"]), 4, stderrContains: ["no selection file at"])
        assertSuccess(run(["-f", "afile/sel.json", "clear"]))
        XCTAssertEqual(bytes("afile"), blocker)
        XCTAssertEqual(listing("."), ["a.png", "afile"])
    }

    func testAnAlbumFolderBelowARegularFile() {
        seed(2)
        _ = write(blocker, to: "afile")
        let before = selectionData()
        let r = run(["--album", "afile/album", "save"])
        assertFailure(r, 5, stderrContains: ["afile"])
        XCTAssertEqual(bytes("afile"), blocker)
        assertUnchanged(before)
        XCTAssertFalse(exists("saved-album"))
        let all = run(["--album", "afile/album", "save", "--all"])
        assertExit(all, 5)
        XCTAssertEqual(bytes("afile"), blocker)
        assertUnchanged(before)
    }

    func testAnAlbumThatIsARegularFile() {
        seed(1)
        _ = write(blocker, to: "afile")
        let before = selectionData()
        assertFailure(run(["--album", "afile", "save"]), 5, stderrContains: ["afile"])
        XCTAssertEqual(bytes("afile"), blocker)
        assertUnchanged(before)
    }

    func testWriteFailureInJSON() {
        _ = write(blocker, to: "afile")
        png("a.png")
        let r = run(["--json", "-f", "afile/sel.json", "add", "a.png"])
        assertExit(r, 5)
        XCTAssertEqual(r.stdout, "")
        let object = parseJSON(r.stderrLines.first ?? "") as? [String: Any]
        let error = object?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "write-failed")
        XCTAssertEqual(error?["exit"] as? Int, 5)
    }

    func testASelectionFolderThatDoesNotExist() {
        png("a.png")
        let r = run(["-f", "nofolder/sel.json", "add", "a.png"])
        assertFailure(r, 5, stderrContains: ["nofolder/sel.json"])
        XCTAssertEqual(listing("."), ["a.png"], "no folder is created")
    }
}
