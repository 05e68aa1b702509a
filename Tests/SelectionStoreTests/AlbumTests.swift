import ModelTestSupport
import XCTest

@testable import SelectionStore

final class AlbumTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    func testSavingTwiceWritesOneCopy() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "a"))
        let album = Album(folder: folder.file("album/deep"))
        let e = try entryFromDisk(source)
        let first = try album.saveOne(e, source: source, index: 1)
        XCTAssertFalse(first.alreadyThere)
        XCTAssertEqual(first.path, folder.file("album/deep/a.png"))
        let second = try album.saveOne(e, source: source, index: 1)
        XCTAssertTrue(second.alreadyThere)
        XCTAssertEqual(folder.list("album/deep"), ["a.png"])
        XCTAssertEqual(folder.read("album/deep/a.png"), folder.read("a.png"))
    }

    func testATakenNameGetsANumberAndIsNeverOverwritten() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "new"))
        folder.write("album-placeholder", [])
        let album = Album(folder: folder.file("album"))
        _ = try? FileManager.default.createDirectory(atPath: folder.file("album"), withIntermediateDirectories: true)
        let other = pngBytes(width: 2, height: 2, seed: "other")
        folder.write("album/a.png", other)
        let saved = try album.saveOne(try entryFromDisk(source), source: source, index: 1)
        XCTAssertEqual(saved.path, folder.file("album/a (1).png"))
        XCTAssertEqual(folder.read("album/a.png"), other)
        XCTAssertEqual(folder.read("album/a (1).png"), folder.read("a.png"))
    }

    func testASourceChangedSinceAddingIsRefusedAndLeavesNothing() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "before"))
        let e = try entryFromDisk(source)
        folder.write("a.png", pngBytes(width: 2, height: 2, seed: "after!"))
        let album = Album(folder: folder.file("album"))
        assertThrows(.inputChanged(path: source, entry: 4)) { () throws(StoreError) in
            try album.saveOne(e, source: source, index: 4)
        }
        XCTAssertEqual(folder.list("album"), [], "no partial or hidden file is left")
    }

    func testAVanishedSourceIsReportedAsMissing() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2))
        let e = try entryFromDisk(source)
        try FileManager.default.removeItem(atPath: source)
        assertThrows(.inputMissing(path: source)) { () throws(StoreError) in
            try Album(folder: folder.file("album")).saveOne(e, source: source, index: 1)
        }
    }

    func testAnAlbumBelowAFileFailsWithExitFive() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2))
        folder.write("plain", [1])
        XCTAssertThrowsError(
            try Album(folder: folder.file("plain/album")).saveOne(try entryFromDisk(source), source: source, index: 1)
        ) {
            guard case .writeFailed? = $0 as? StoreError else { return XCTFail("\($0)") }
        }
    }
}
