import Foundation
import ModelTestSupport
import TestImages
import XCTest

@testable import SelectionStore

/// `save` of files larger than one copy piece: the kernel copy on its thread,
/// the copy verified as read back, and nothing left behind when it is refused.
final class AlbumCopyTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    /// A PNG header followed by `count` random bytes: an image to the probe, large to the copy.
    private func bigImage(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        return pngBytes(width: 8, height: 8, seed: "big") + rng.bytes(count)
    }

    func testAFileOfManyPiecesIsCopiedExactly() throws {
        let bytes = bigImage(3 * FileCopy.pieceSize + 4321, seed: 1)
        let source = folder.write("big.png", bytes)
        let saved = try Album(folder: folder.file("album")).saveOne(try entryFromDisk(source), source: source, index: 1)
        XCTAssertFalse(saved.alreadyThere)
        XCTAssertEqual(folder.list("album"), ["big.png"])
        XCTAssertEqual(folder.read("album/big.png"), bytes)
    }

    func testABigSourceChangedInTheMiddleIsRefusedAndLeavesNothing() throws {
        var bytes = bigImage(2 * FileCopy.pieceSize + 99, seed: 2)
        let source = folder.write("big.png", bytes)
        let e = try entryFromDisk(source)
        bytes[FileCopy.pieceSize + 17] ^= 0xFF  // same length, one byte differs, past the first piece
        folder.write("big.png", bytes)
        assertThrows(.inputChanged(path: source, entry: 2)) { () throws(StoreError) in
            try Album(folder: folder.file("album")).saveOne(e, source: source, index: 2)
        }
        XCTAssertEqual(folder.list("album"), [], "no partial or hidden file is left")
    }

    func testASourceThatGrewIsRefusedWithoutCopyingItAll() throws {
        let bytes = bigImage(FileCopy.pieceSize / 2, seed: 3)
        let source = folder.write("big.png", bytes)
        let e = try entryFromDisk(source)
        folder.write("big.png", bytes + [UInt8](repeating: 7, count: 5 * FileCopy.pieceSize))
        assertThrows(.inputChanged(path: source, entry: 1)) { () throws(StoreError) in
            try Album(folder: folder.file("album")).saveOne(e, source: source, index: 1)
        }
        XCTAssertEqual(folder.list("album"), [])
    }

    func testTheSameBigFileAlreadyInTheAlbumCountsAsSaved() throws {
        let bytes = bigImage(FileCopy.pieceSize + 1, seed: 4)
        let source = folder.write("big.png", bytes)
        let e = try entryFromDisk(source)
        let album = Album(folder: folder.file("album"))
        XCTAssertFalse(try album.saveOne(e, source: source, index: 1).alreadyThere)
        XCTAssertTrue(try album.saveOne(e, source: source, index: 1).alreadyThere)
        XCTAssertEqual(folder.list("album"), ["big.png"])
    }
}
