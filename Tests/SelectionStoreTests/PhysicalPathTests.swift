import Foundation
import XCTest

@testable import SelectionStore

/// `..` is walked on disk, so a path through a link to a folder means the file the kernel opens.
final class PhysicalPathTests: XCTestCase {
    var folder: TemporaryFolder!
    /// The test folder with its own links resolved, as getcwd would give it.
    var base: String!

    override func setUpWithError() throws {
        folder = TemporaryFolder(for: self)
        base = try XCTUnwrap(
            realpath(folder.path, nil).map { p in
                defer { free(p) }; return String(cString: p)
            })
        try FileManager.default.createDirectory(atPath: base + "/other/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/dl", withDestinationPath: "other/real")
    }

    func testWithoutDotDotThePathIsOnlyCleanedAndLinksStay() {
        XCTAssertEqual(PhysicalPath.absoluteOnDisk("dl/./x.png", base: base), base + "/dl/x.png")
        XCTAssertEqual(PhysicalPath.absoluteOnDisk("//a//b/", base: base), "/a/b")
    }

    func testDotDotAfterALinkGoesToTheTargetsParent() {
        XCTAssertEqual(PhysicalPath.absoluteOnDisk("dl/../pic.png", base: base), base + "/other/pic.png")
        XCTAssertEqual(PhysicalPath.absoluteOnDisk(base + "/dl/../../x", base: "/nowhere"), base + "/x")
    }

    func testALinkAfterTheLastDotDotKeepsItsName() throws {
        try FileManager.default.createSymbolicLink(atPath: base + "/other/alias.png", withDestinationPath: "real")
        XCTAssertEqual(PhysicalPath.absoluteOnDisk("dl/../alias.png", base: base), base + "/other/alias.png")
        XCTAssertEqual(PhysicalPath.absoluteOnDisk("dl/../../dl/x", base: base), base + "/dl/x")
    }

    func testAMissingFolderIsResolvedAsFarAsItExists() {
        XCTAssertEqual(PhysicalPath.absoluteOnDisk("dl/../new/../album", base: base), base + "/other/album")
        XCTAssertEqual(PhysicalPath.absoluteOnDisk("dl/new/../x", base: base), base + "/other/real/x")
        XCTAssertEqual(PhysicalPath.absoluteOnDisk("/..", base: base), "/")
    }

    func testALinkTargetIsAbsoluteAgainstTheLinksFolder() throws {
        try FileManager.default.createSymbolicLink(atPath: base + "/other/up", withDestinationPath: "../gone/sel.json")
        XCTAssertEqual(PhysicalPath.linkTarget(base + "/other/up"), base + "/gone/sel.json")
        XCTAssertNil(PhysicalPath.linkTarget(base + "/other"))
    }
}
