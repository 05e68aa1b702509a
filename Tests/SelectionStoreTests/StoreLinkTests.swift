import Foundation
import ModelTestSupport
import XCTest

@testable import SelectionStore

/// A selection file named through a link, and one named on something that is no file.
final class StoreLinkTests: XCTestCase {
    var folder: TemporaryFolder!
    var base: String!

    override func setUpWithError() throws {
        folder = TemporaryFolder(for: self)
        base = try XCTUnwrap(
            realpath(folder.path, nil).map { p in
                defer { free(p) }; return String(cString: p)
            })
        try FileManager.default.createDirectory(atPath: base + "/shared", withIntermediateDirectories: true)
    }

    func testADanglingLinkLeadsToItsTarget() throws {
        try FileManager.default.createSymbolicLink(atPath: base + "/link.json", withDestinationPath: "shared/sel.json")
        XCTAssertEqual(Store.following(base + "/link.json"), base + "/shared/sel.json")
    }

    func testAChainOfDanglingLinksLeadsToTheLastTarget() throws {
        try FileManager.default.createSymbolicLink(atPath: base + "/shared/hop.json", withDestinationPath: "sel.json")
        try FileManager.default.createSymbolicLink(atPath: base + "/link.json", withDestinationPath: "shared/hop.json")
        XCTAssertEqual(Store.following(base + "/link.json"), base + "/shared/sel.json")
    }

    func testATargetInAMissingFolderIsWhereTheWriteFails() throws {
        try FileManager.default.createSymbolicLink(atPath: base + "/link.json", withDestinationPath: "gone/sel.json")
        let store = Store(path: Store.following(base + "/link.json"), lockTimeout: 1)
        XCTAssertEqual(store.path, base + "/gone/sel.json")
        XCTAssertThrowsError(try store.create(capacity: 9, force: true)) { error in
            guard case .writeFailed(store.path, _)? = error as? StoreError else { return XCTFail("\(error)") }
        }
    }

    func testALinkLoopStaysAsNamed() throws {
        try FileManager.default.createSymbolicLink(atPath: base + "/a.json", withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(atPath: base + "/b.json", withDestinationPath: "a.json")
        XCTAssertEqual(Store.following(base + "/a.json"), base + "/a.json")
    }

    func testCreateOnAFolderSaysNotARegularFileEvenWithoutForce() {
        let store = Store(path: base + "/shared", lockTimeout: 1)
        for force in [false, true] {
            assertThrows(.invalidSelectionFile(path: store.path, reason: "not a regular file (a directory)")) {
                () throws(StoreError) in
                try store.create(capacity: 9, force: force)
            }
        }
    }
}
