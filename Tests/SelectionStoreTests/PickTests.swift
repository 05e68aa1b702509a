import Foundation
import TestImages
import XCTest

@testable import SelectionStore

/// `pick`'s Enter as a pure operation, and what it finds to show.
final class PickTests: XCTestCase {
    /// The shown images are those whose names are in `shown`.
    private func shown(_ names: Set<String>) -> (Entry) -> Bool { { names.contains($0.path) } }

    func testEntriesNotShownStayFirstThenThePickedInTheirOrder() throws {
        let s = try makeSelection(["x", "a", "y", "b"], current: 1)
        let t = try s.picking([makeEntry("c"), makeEntry("a")], isShown: shown(["a", "b", "c", "d"]))
        XCTAssertEqual(t.names, ["x", "y", "c", "a"])
        XCTAssertEqual(t.currentPath, "x", "the cursor follows its entry")
    }

    func testAPickedEntryKeepsItsRecordAndNotes() throws {
        var a = makeEntry("a")
        a.added = "2020-01-01T00:00:00Z"
        a.otherFields = .object([("note", .string("keep"))])
        let s = try Selection(capacity: 9, current: 1, items: [a])
        var again = makeEntry("a")
        again.path = "elsewhere/a"
        let t = try s.picking([makeEntry("b"), again], isShown: shown(["a"]))
        XCTAssertEqual(t.items.map(\.path), ["b", "a"])
        XCTAssertEqual(t.items[1], a, "the entry as it was recorded")
    }

    func testUnpickingEveryShownEntryLeavesTheOthers() throws {
        let s = try makeSelection(["a", "x", "b"], current: 3)
        let t = try s.picking([], isShown: shown(["a", "b"]))
        XCTAssertEqual(t.names, ["x"])
        XCTAssertEqual(t.current, 1, "the cursor's entry left: the new last")
        XCTAssertNil(try s.picking([], isShown: shown(["a", "x", "b"])).current)
    }

    func testTheCursorLandsOnTheEntryTakingItsPlace() throws {
        let s = try makeSelection(["a", "b", "x", "c"], current: 2)
        let t = try s.picking([makeEntry("c")], isShown: shown(["a", "b", "c"]))
        XCTAssertEqual(t.names, ["x", "c"])
        XCTAssertEqual(t.currentPath, "x", "b left; x, after it, takes its place")
        let empty = Selection()
        XCTAssertEqual(try empty.picking([makeEntry("q")], isShown: shown([])).current, 1)
    }

    func testNothingChangesWhenThePickIsTheSelectionAsItWas() throws {
        let s = try makeSelection(["x", "a", "b"], current: 2)
        XCTAssertEqual(try s.picking([makeEntry("a"), makeEntry("b")], isShown: shown(["a", "b"])), s)
    }

    func testAnotherProcessFillingTheSelectionRefusesTheWholePick() throws {
        let s = try makeSelection(["x", "y", "a"], capacity: 4)
        assertThrows(.pickDoesNotFit(capacity: 4, notShown: 2, picked: 3)) { () throws(ImgselError) in
            try s.picking(["a", "b", "c"].map { makeEntry($0) }, isShown: shown(["a", "b", "c"]))
        }
        let message = ImgselError.pickDoesNotFit(capacity: 4, notShown: 2, picked: 3).message
        XCTAssertTrue(message.contains("another imgsel changed the selection"), message)
        XCTAssertEqual(ImgselError.pickDoesNotFit(capacity: 4, notShown: 2, picked: 3).exitCode, 1)
    }

    func testNewImagesAreCheckedAsAddChecksThem() throws {
        let s = try makeSelection(["x", "a"])
        assertThrows(.duplicate(path: "copy-of-x", entry: 1)) { () throws(ImgselError) in
            var copy = makeEntry("x")
            copy.path = "copy-of-x"
            return try s.picking([copy], isShown: shown(["a"]))
        }
        var twin = makeEntry("b")
        twin.path = "twin"
        assertThrows(.duplicateInBatch(path: "twin", sameAs: "b", position: 1, earlier: 0)) {
            () throws(ImgselError) in try s.picking([makeEntry("b"), twin], isShown: shown(["a"]))
        }
        var changed = makeEntry("new content")
        changed.path = "x"
        assertThrows(.pathTaken(path: "x", entry: 1)) { () throws(ImgselError) in
            try s.picking([changed], isShown: shown(["a"]))
        }
    }

    func testAnImageBreakingARuleIsRefusedButKeptEntriesAreNot() throws {
        let wide = makeEntry("wide", width: 400, height: 100)
        let old = makeEntry("old", width: 400, height: 100)
        let rules = Rules([.maxWidth(300)])
        let s = try Selection(capacity: 9, current: 1, items: [old], rules: rules)
        XCTAssertEqual(try s.picking([makeEntry("ok")], isShown: shown([])).names, ["old", "ok"])
        XCTAssertThrowsError(try s.picking([wide], isShown: shown([]))) {
            XCTAssertEqual(($0 as? ImgselError)?.code, "rule-broken")
        }
    }
}

/// What `pick` lists for its PATH arguments.
final class ImageListingTests: XCTestCase {
    func testImagesAmongFilesAndFoldersInNameOrderEachOnce() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("shots/deeper"), withIntermediateDirectories: true)
        folder.write("shots/b.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        folder.write("shots/a.png", ImageBytes.solidPNG(width: 5, height: 3, (10, 20, 30)))
        folder.write("shots/notes.txt", Array("not an image".utf8))
        folder.write("shots/.hidden.png", ImageBytes.solidPNG(width: 2, height: 2, (10, 20, 30)))
        folder.write("shots/deeper/c.png", ImageBytes.solidPNG(width: 2, height: 2, (10, 20, 30)))
        folder.write("z.png", ImageBytes.solidPNG(width: 6, height: 3, (10, 20, 30)))
        let found = try ImageListing.images(in: ["z.png", "shots", "shots/a.png"], cwd: folder.path)
        XCTAssertEqual(found.map(\.typed), ["shots/a.png", "shots/b.png", "z.png"])
        XCTAssertEqual(found.map(\.name), ["a.png", "b.png", "z.png"])
        XCTAssertEqual(found[0].path, folder.file("shots/a.png"))
        XCTAssertEqual(found[0].facts.width, 5)
        XCTAssertEqual(found[0].bytes, folder.read("shots/a.png")?.count)
    }

    func testTheCurrentFolderGivesBareNames() throws {
        let folder = TemporaryFolder()
        folder.write("b.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        folder.write("a.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        XCTAssertEqual(try ImageListing.images(in: ["."], cwd: folder.path).map(\.typed), ["a.png", "b.png"])
        XCTAssertEqual(try ImageListing.images(in: ["./"], cwd: folder.path).map(\.typed), ["a.png", "b.png"])
    }

    func testAMissingPathIsAnErrorNamingIt() {
        let folder = TemporaryFolder()
        folder.write("a.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        assertThrows(.several([.inputMissing(path: "nope"), .inputMissing(path: "a.png/x")])) {
            () throws(ImgselError) in try ImageListing.images(in: ["nope", "a.png", "a.png/x"], cwd: folder.path)
        }
    }

    func testShownImagesMatchEntriesByContentHashingOnlyTheSameSize() throws {
        let folder = TemporaryFolder()
        let a = folder.write("a.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        folder.write("copy.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        folder.write("big.png", ImageBytes.truecolourPNG(width: 30, height: 20))
        let shown = ShownImages(try ImageListing.images(in: ["."], cwd: folder.path))
        var entry = try entryFromDisk(a)
        XCTAssertEqual(shown.item(matching: entry, entryPath: a), 0, "its own path first")
        XCTAssertEqual(shown.item(matching: entry, entryPath: "/elsewhere/a.png"), 0, "a.png sorts before copy.png")
        entry.sha256 = String(repeating: "0", count: 64)
        XCTAssertNil(shown.item(matching: entry, entryPath: a))
    }
}
