import Foundation
import XCTest

@testable import SelectionStore

/// `Store.writeProblem`: why a write would fail, found without writing (pick asks at its start).
final class StoreWritableTests: XCTestCase {
    func testAWritableFolderHasNoProblemAndWritesNothing() throws {
        let folder = TemporaryFolder(for: self)
        let store = Store(path: folder.file(".imgsel.json"))
        XCTAssertNil(store.writeProblem())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing created")
    }

    func testAMissingFolderIsAWriteFailureNamingIt() {
        let store = Store(path: "/nonexistent-imgsel-folder/.imgsel.json")
        XCTAssertEqual(
            store.writeProblem(),
            .writeFailed(
                path: "/nonexistent-imgsel-folder/.imgsel.json",
                reason: "its folder /nonexistent-imgsel-folder does not exist"))
    }

    func testAFolderThatIsNoFolderIsAWriteFailure() {
        let folder = TemporaryFolder(for: self)
        folder.write("file", [1])
        let store = Store(path: folder.file("file") + "/.imgsel.json")
        guard case .writeFailed(store.path, _)? = store.writeProblem() else {
            return XCTFail("\(String(describing: store.writeProblem()))")
        }
    }
}
