import XCTest

@testable import SelectionStore

final class AlbumTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    func testCandidateNamesPutTheNumberBeforeTheExtension() {
        XCTAssertEqual(Album.candidateName("IMG.jpg", 0), "IMG.jpg")
        XCTAssertEqual(Album.candidateName("IMG.jpg", 1), "IMG (1).jpg")
        XCTAssertEqual(Album.candidateName("a.tar.gz", 2), "a.tar (2).gz")
        XCTAssertEqual(Album.candidateName("noext", 1), "noext (1)")
        XCTAssertEqual(Album.candidateName(".hidden", 1), ".hidden (1)")
    }

    func testALongNameLosesTheEndOfItsStemToFitTheSuffix() {
        let name = String(repeating: "a", count: 251) + ".jpg"  // 255 bytes, the most a name may have
        XCTAssertEqual(Album.candidateName(name, 0), name)
        XCTAssertEqual(Album.candidateName(name, 1), String(repeating: "a", count: 247) + " (1).jpg")
        XCTAssertEqual(Album.candidateName(name, 9999), String(repeating: "a", count: 244) + " (9999).jpg")
        let short = String(repeating: "b", count: 240) + ".png"  // 244 bytes: " (12)" still fits
        XCTAssertEqual(Album.candidateName(short, 12), String(repeating: "b", count: 240) + " (12).png")
        let noExtension = String(repeating: "c", count: 255)
        XCTAssertEqual(Album.candidateName(noExtension, 3), String(repeating: "c", count: 251) + " (3)")
    }

    func testShorteningNeverSplitsACharacter() {
        // 2-byte é, 4-byte emoji, and é written as e + combining accent (3 bytes, one character).
        for (character, count) in [("é", 125), ("📷", 62), ("e\u{301}", 83)] {
            let name = String(repeating: character, count: count) + ".jpg"
            for attempt in [1, 42, 9999] {
                let candidate = Album.candidateName(name, attempt)
                let suffix = " (\(attempt)).jpg"
                XCTAssertLessThanOrEqual(candidate.utf8.count, 255, "\(character) \(attempt)")
                XCTAssertTrue(candidate.hasSuffix(suffix), candidate)
                let stem = String(candidate.dropLast(suffix.count))
                XCTAssertEqual(stem, String(repeating: character, count: stem.count), "whole characters only")
                XCTAssertGreaterThan(candidate.utf8.count, 255 - character.utf8.count, "no more cut than needed")
            }
        }
    }

    func testAnAbsurdExtensionIsShortenedWithTheRest() {
        let name = "a." + String(repeating: "b", count: 252)  // the "extension" is 253 bytes
        XCTAssertEqual(Album.candidateName(name, 1), "a." + String(repeating: "b", count: 249) + " (1)")
        let sixteen = ".abcdefghijklmno"  // an extension of 16 bytes is still kept whole
        let kept = String(repeating: "x", count: 239) + sixteen
        XCTAssertEqual(Album.candidateName(kept, 12), String(repeating: "x", count: 234) + " (12)" + sixteen)
    }

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
        assertThrows(.inputChanged(path: source, entry: 4)) { () throws(ImgselError) in
            try album.saveOne(e, source: source, index: 4)
        }
        XCTAssertEqual(folder.list("album"), [], "no partial or hidden file is left")
    }

    func testAVanishedSourceIsReportedAsMissing() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2))
        let e = try entryFromDisk(source)
        try FileManager.default.removeItem(atPath: source)
        assertThrows(.inputMissing(path: source)) { () throws(ImgselError) in
            try Album(folder: folder.file("album")).saveOne(e, source: source, index: 1)
        }
    }

    func testAnAlbumBelowAFileFailsWithExitFive() throws {
        let source = folder.write("a.png", pngBytes(width: 2, height: 2))
        folder.write("plain", [1])
        XCTAssertThrowsError(
            try Album(folder: folder.file("plain/album")).saveOne(try entryFromDisk(source), source: source, index: 1)
        ) {
            XCTAssertEqual(($0 as? ImgselError)?.exitCode, 5)
        }
    }
}
