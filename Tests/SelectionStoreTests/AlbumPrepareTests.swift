import ModelTestSupport
import XCTest

@testable import SelectionStore

/// `prepare` then `place`: the split that lets `save --all` make every copy
/// before naming any.
final class AlbumPrepareTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    func testAPreparedCopyThatIsNeverPlacedLeavesNothing() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "a"))
        let album = Album(folder: folder.file("album"))
        var prepared: PreparedSave? = try album.prepare(try entryFromDisk(source), source: source, index: 1)
        XCTAssertNotNil(prepared)
        XCTAssertEqual(folder.list("album"), [], "the copy has no name before it is placed")
        prepared = nil
        XCTAssertEqual(folder.list("album"), [], "nor after it is dropped")
    }

    func testPreparedCopiesAppearOnlyWhenPlacedAndInOrder() throws {
        let a = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "a"))
        let b = folder.write("b.png", pngBytes(width: 3, height: 2, seed: "b"))
        let album = Album(folder: folder.file("album"))
        let first = try album.prepare(try entryFromDisk(a), source: a, index: 1)
        let second = try album.prepare(try entryFromDisk(b), source: b, index: 2)
        XCTAssertEqual(folder.list("album"), [])
        XCTAssertEqual(try album.place(first), Album.Saved(path: folder.file("album/a.png"), alreadyThere: false))
        XCTAssertEqual(folder.list("album"), ["a.png"])
        XCTAssertEqual(try album.place(second), Album.Saved(path: folder.file("album/b.png"), alreadyThere: false))
        album.flush()
        XCTAssertEqual(folder.read("album/a.png"), folder.read("a.png"))
        XCTAssertEqual(folder.read("album/b.png"), folder.read("b.png"))
    }

    func testANameTakenBetweenPrepareAndPlaceGetsTheNextNumber() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "mine"))
        let album = Album(folder: folder.file("album"))
        let prepared = try album.prepare(try entryFromDisk(source), source: source, index: 1)
        let other = pngBytes(width: 2, height: 2, seed: "theirs")
        folder.write("album/a.png", other)
        XCTAssertEqual(try album.place(prepared).path, folder.file("album/a (1).png"))
        XCTAssertEqual(folder.read("album/a.png"), other, "never overwritten")
        XCTAssertEqual(folder.read("album/a (1).png"), folder.read("a.png"))
    }

    func testIdenticalBytesSavedMeanwhileCountAsSavedAndAddNoCopy() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "same"))
        let album = Album(folder: folder.file("album"))
        let prepared = try album.prepare(try entryFromDisk(source), source: source, index: 1)
        folder.write("album/a.png", try XCTUnwrap(folder.read("a.png")))
        XCTAssertEqual(try album.place(prepared), Album.Saved(path: folder.file("album/a.png"), alreadyThere: true))
        XCTAssertEqual(folder.list("album"), ["a.png"])
    }

    func testPlacingTwiceIsRefusedRatherThanLinkingAClosedFile() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "a"))
        let album = Album(folder: folder.file("album"))
        let prepared = try album.prepare(try entryFromDisk(source), source: source, index: 1)
        _ = try album.place(prepared)
        XCTAssertThrowsError(try album.place(prepared))
        XCTAssertEqual(folder.list("album"), ["a.png"])
    }
}

/// `save`: every copy made before any is named, and a failure takes back what the call did.
final class AlbumSaveTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    func testEveryEntryIsSavedInOrderAndReturnedInOrder() throws {
        let a = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "a"))
        let b = folder.write("b.png", pngBytes(width: 3, height: 2, seed: "b"))
        let album = Album(folder: folder.file("album"))
        let saved = try album.save([
            Album.Request(entry: try entryFromDisk(b), source: b, index: 2),
            Album.Request(entry: try entryFromDisk(a), source: a, index: 1),
        ])
        XCTAssertEqual(saved.map(\.path), [folder.file("album/b.png"), folder.file("album/a.png")])
        XCTAssertEqual(folder.list("album"), ["a.png", "b.png"])
    }

    func testOneChangedSourceSavesNoneAndRemovesTheFoldersItMade() throws {
        let a = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "a"))
        let b = folder.write("b.png", pngBytes(width: 3, height: 2, seed: "b"))
        let c = folder.write("c.png", pngBytes(width: 4, height: 2, seed: "c"))
        let entryA = try entryFromDisk(a), entryB = try entryFromDisk(b), entryC = try entryFromDisk(c)
        folder.write("b.png", pngBytes(width: 3, height: 2, seed: "B"))
        folder.write("c.png", pngBytes(width: 4, height: 2, seed: "C"))
        let album = Album(folder: folder.file("new/album"))
        assertThrows(.several([.inputChanged(path: b, entry: 2), .inputChanged(path: c, entry: 3)])) {
            () throws(StoreError) in
            try album.save([
                Album.Request(entry: entryA, source: a, index: 1),
                Album.Request(entry: entryB, source: b, index: 2),
                Album.Request(entry: entryC, source: c, index: 3),
            ])
        }
        XCTAssertEqual(folder.list(), ["a.png", "b.png", "c.png"], "every failure reported, no folder left behind")
    }

    func testAFailedSaveLeavesACopyThatWasAlreadyThere() throws {
        let a = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "a"))
        let b = folder.write("b.png", pngBytes(width: 3, height: 2, seed: "b"))
        let album = Album(folder: folder.file("album"))
        let entryA = try entryFromDisk(a), entryB = try entryFromDisk(b)
        _ = try album.saveOne(entryA, source: a, index: 1)
        try FileManager.default.removeItem(atPath: b)
        assertThrows(.inputMissing(path: b)) { () throws(StoreError) in
            try album.save([
                Album.Request(entry: entryA, source: a, index: 1),
                Album.Request(entry: entryB, source: b, index: 2),
            ])
        }
        XCTAssertEqual(folder.list("album"), ["a.png"], "a copy this call did not make stays")
    }

    /// The rollback of a save that fails while naming its copies takes back only what it
    /// wrote: a copy it found already there (identical bytes, nothing written) stays.
    func testTakingBackASaveRemovesOnlyTheCopiesItWrote() throws {
        let a = folder.write("a.png", pngBytes(width: 2, height: 2, seed: "a"))
        let album = Album(folder: folder.file("album"))
        let first = try album.saveOne(try entryFromDisk(a), source: a, index: 1)
        let again = try album.place(try album.prepare(try entryFromDisk(a), source: a, index: 1))
        XCTAssertEqual(again, Album.Saved(path: first.path, alreadyThere: true))
        album.remove(again)
        XCTAssertEqual(folder.list("album"), ["a.png"], "found there, so kept")
        album.remove(first)
        XCTAssertEqual(folder.list("album"), [], "written by that save, so taken back")
    }
}
