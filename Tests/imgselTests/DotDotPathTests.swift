import Foundation
import XCTest

/// `..` after a symbolic link to a folder leads where the kernel goes (the link
/// target's parent), so what is stored, checked and written is the file opened.
final class DotDotThroughALinkTests: ImgselTestCase {
    /// `dl` → `other/real`, so `dl/..` is `other`, not the test folder.
    private func makeLinkedFolder() throws {
        try FileManager.default.createDirectory(at: url("other/real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url("dl").path, withDestinationPath: "other/real")
    }

    func testAddStoresTheFileTheKernelOpenedAndCheckAgrees() throws {
        try makeLinkedFolder()
        png("other/pic.png")
        png("pic.png")  // other bytes under the name a textual clean-up would give
        assertSuccess(run(["add", "dl/../pic.png"]))
        XCTAssertEqual(storedPaths(), ["other/pic.png"])
        XCTAssertEqual(items().first?["sha256"] as? String, sha256sum(url("other/pic.png")))
        assertSuccess(run(["check"]))
    }

    func testALinkInTheLastComponentKeepsItsName() throws {
        try makeLinkedFolder()
        png("other/pic.png")
        try FileManager.default.createSymbolicLink(atPath: url("other/alias.png").path, withDestinationPath: "pic.png")
        assertSuccess(run(["add", "dl/../alias.png"]))
        XCTAssertEqual(storedPaths(), ["other/alias.png"])
    }

    func testTheSelectionFileOptionGoesWhereTheKernelGoes() throws {
        try makeLinkedFolder()
        assertSuccess(run(["-f", "dl/../sel.json", "init"]))
        XCTAssertTrue(exists("other/sel.json"))
        XCTAssertTrue(exists("other/sel.json.lock"), "the lock beside the file")
        XCTAssertFalse(exists("sel.json"))
        png("other/a.png")
        assertSuccess(run(["-f", "dl/../sel.json", "add", "other/a.png"]))
        XCTAssertEqual(storedPaths(url("other/sel.json")), ["a.png"], "relative to the real file's folder")
    }

    func testANewSelectionInAFolderThatDoesNotExistYetIsNamedWhereItWouldBe() throws {
        try makeLinkedFolder()
        let r = run(["-f", "dl/../new/sel.json", "init"])
        assertFailure(r, 5, stderrContains: [url("other/new/sel.json").path, "does not exist"])
        XCTAssertFalse(exists("new"))
    }

    func testTheAlbumOptionGoesWhereTheKernelGoes() throws {
        try makeLinkedFolder()
        png("a.png")
        assertSuccess(run(["add", "a.png"]))
        assertSuccess(run(["--album", "dl/../album", "save"]))
        XCTAssertEqual(listing("other/album"), ["a.png"])
        XCTAssertFalse(exists("album"))
    }

    func testAnAlbumBelowAFolderStillToBeCreatedIsResolvedAsFarAsItExists() throws {
        try makeLinkedFolder()
        png("a.png")
        assertSuccess(run(["add", "a.png"]))
        // `fresh` does not exist, so `fresh/..` is cleaned as text; `dl/..` before it is walked.
        assertSuccess(run(["--album", "dl/../fresh/../album", "save"]))
        XCTAssertEqual(listing("other/album"), ["a.png"])
        XCTAssertFalse(exists("album"))
    }
}
