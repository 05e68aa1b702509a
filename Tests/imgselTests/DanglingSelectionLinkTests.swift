import Foundation
import XCTest

/// A selection file named by a link whose target does not exist yet is created at
/// the target, as `> link` in a shell would, and the link stays a link.
final class DanglingSelectionLinkTests: ImgselTestCase {
    private func isLink(_ relative: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url(relative).path)) != nil
    }

    func testInitCreatesTheTargetRelativeToTheLinksFolder() throws {
        try FileManager.default.createDirectory(at: url("shared"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: url("sub/link.json").path, withDestinationPath: "../shared/sel.json")
        assertSuccess(run(["-f", "sub/link.json", "init", "--capacity", "3"]))
        XCTAssertTrue(isLink("sub/link.json"), "the link is not replaced by a file")
        XCTAssertEqual(capacity(url("shared/sel.json")), 3)
        XCTAssertTrue(exists("shared/sel.json.lock"))
        XCTAssertFalse(exists("sub/link.json.lock"))

        assertSuccess(run(["-f", "sub/link.json", "init", "--force"]))
        XCTAssertTrue(isLink("sub/link.json"))
        XCTAssertEqual(capacity(url("shared/sel.json")), 9)
    }

    func testAddCreatesTheTargetWithTheAlbumBesideIt() throws {
        try FileManager.default.createDirectory(at: url("shared"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: url("link.json").path, withDestinationPath: "shared/sel.json")
        png("shared/a.png")
        assertSuccess(run(["-f", "link.json", "add", "shared/a.png"]))
        XCTAssertTrue(isLink("link.json"))
        XCTAssertEqual(storedPaths(url("shared/sel.json")), ["a.png"])
        assertSuccess(run(["-f", "link.json", "save"]))
        XCTAssertEqual(listing("shared/saved-album"), ["a.png"])
    }

    func testATargetInAFolderThatDoesNotExistIsRefusedNamingTheTarget() throws {
        try FileManager.default.createSymbolicLink(
            atPath: url("link.json").path, withDestinationPath: "nowhere/sel.json")
        for args in [["init"], ["init", "--force"]] {
            assertFailure(run(["-f", "link.json"] + args), 5, stderrContains: [url("nowhere/sel.json").path])
            XCTAssertTrue(isLink("link.json"))
            XCTAssertFalse(exists("nowhere"))
        }
        png("a.png")
        assertFailure(run(["-f", "link.json", "add", "a.png"]), 5, stderrContains: [url("nowhere/sel.json").path])
        XCTAssertEqual(listing(""), ["a.png", "link.json"])
    }
}
