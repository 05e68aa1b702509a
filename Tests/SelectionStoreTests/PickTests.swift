import Foundation
import ModelTestSupport
import TestImages
import XCTest

@testable import SelectionStore

/// `pick`'s Enter as a pure operation: the user's toggles onto the selection as it is at Enter.
final class PickTests: XCTestCase {
    private func sha(_ name: String) -> String { makeEntry(name).sha256 }

    private func toggles(unpicked: [String] = [], picked: [String] = []) -> PickToggles {
        PickToggles(unpicked: Set(unpicked.map(sha)), picked: picked.map { makeEntry($0) })
    }

    func testAnEntryNobodyToggledStaysEvenOneAnotherImgselAddedMeanwhile() throws {
        // At pick's start: img05; meanwhile another imgsel added img01 and gray (both shown).
        let s = try makeSelection(["img05", "img01", "gray"])
        let t = try s.picking(toggles(picked: ["img00"]))
        XCTAssertEqual(t.names, ["img05", "img01", "gray", "img00"])
    }

    func testTheUnpickedLeaveWhereverTheyAreNowAndTheNewAreAppendedInOrder() throws {
        let s = try makeSelection(["x", "c", "b", "a"], current: 1)
        let t = try s.picking(toggles(unpicked: ["b"], picked: ["e", "d"]))
        XCTAssertEqual(t.names, ["x", "c", "a", "e", "d"])
        XCTAssertEqual(t.currentPath, "x", "the cursor follows its entry")
    }

    func testAnEntryUnpickedAndPickedAgainMovesToItsNewNumberWithItsRecord() throws {
        var a = makeEntry("a")
        a.added = "2020-01-01T00:00:00Z"
        a.otherFields = .object([("note", .string("keep"))])
        let s = try Selection(capacity: 9, current: 1, items: [a, makeEntry("b")])
        var again = makeEntry("a")
        again.path = "elsewhere/a"
        let t = try s.picking(PickToggles(unpicked: [a.sha256], picked: [makeEntry("c"), again]))
        XCTAssertEqual(t.items.map(\.path), ["b", "c", "a"])
        XCTAssertEqual(t.items[2], a, "the entry as it was recorded")
        XCTAssertEqual(t.currentPath, "a", "the cursor follows its entry")
    }

    func testAPickOfContentAnotherImgselAddedMeanwhileIsThatEntry() throws {
        var theirs = makeEntry("q")
        theirs.path = "their/q"
        let s = try Selection(capacity: 9, current: 1, items: [makeEntry("x"), theirs, makeEntry("y")])
        let t = try s.picking(toggles(picked: ["q"]))
        XCTAssertEqual(t.names, ["x", "y", "their/q"])
    }

    func testAnUnpickOfAnEntryAnotherImgselRemovedMeanwhileIsNothing() throws {
        let s = try makeSelection(["x", "a"], current: 2)
        XCTAssertEqual(try s.picking(toggles(unpicked: ["gone"])), s)
        XCTAssertEqual(try s.picking(toggles()), s, "no toggles, no change")
    }

    func testUnpickingEveryEntry() throws {
        let s = try makeSelection(["a", "x", "b"], current: 3)
        let t = try s.picking(toggles(unpicked: ["a", "b"]))
        XCTAssertEqual(t.names, ["x"])
        XCTAssertEqual(t.current, 1, "the cursor's entry left: the new last")
        XCTAssertNil(try s.picking(toggles(unpicked: ["a", "x", "b"])).current)
    }

    func testTheCursorLandsOnTheEntryTakingItsPlace() throws {
        let s = try makeSelection(["a", "b", "x", "c"], current: 2)
        let t = try s.picking(toggles(unpicked: ["a", "b"]))
        XCTAssertEqual(t.names, ["x", "c"])
        XCTAssertEqual(t.currentPath, "x", "b left; x, after it, takes its place")
        XCTAssertEqual(try Selection().picking(toggles(picked: ["q"])).current, 1)
    }

    func testAnotherProcessFillingTheSelectionRefusesTheWholePick() throws {
        let s = try makeSelection(["x", "y", "a"], capacity: 4)
        assertThrows(.pickDoesNotFit(capacity: 4, count: 5)) { () throws(SelectionError) in
            try s.picking(toggles(picked: ["b", "c"]))
        }
        XCTAssertEqual(try s.picking(toggles(unpicked: ["a"], picked: ["b", "c"])).names, ["x", "y", "b", "c"])
    }

    func testNewImagesAreCheckedAsAddChecksThem() throws {
        let s = try makeSelection(["x", "a"])
        var twin = makeEntry("b")
        twin.path = "twin"
        assertThrows(.duplicateInBatch(path: "twin", sameAs: "b", position: 1, earlier: 0)) {
            () throws(SelectionError) in try s.picking(PickToggles(picked: [makeEntry("b"), twin]))
        }
        var changed = makeEntry("new content")
        changed.path = "x"
        assertThrows(.pathTaken(path: "x", entry: 1)) { () throws(SelectionError) in
            try s.picking(PickToggles(picked: [changed]))
        }
        // New content at an unpicked entry's path too: that entry's file changed.
        assertThrows(.pathTaken(path: "x", entry: 1)) {
            () throws(SelectionError) in try s.picking(PickToggles(unpicked: [self.sha("x")], picked: [changed]))
        }
    }

    func testAnImageBreakingARuleIsRefusedButMovedEntriesAreNot() throws {
        let wide = makeEntry("wide", width: 400, height: 100)
        let old = makeEntry("old", width: 400, height: 100)
        let s = try Selection(capacity: 9, current: 1, items: [old, makeEntry("b")], rules: Rules([.minWidth(500)]))
        XCTAssertEqual(try s.picking(PickToggles(unpicked: [old.sha256], picked: [old])).names, ["b", "old"])
        XCTAssertThrowsError(try s.picking(PickToggles(picked: [wide]))) {
            guard case .ruleBroken(let problem)? = $0 as? SelectionError else { return XCTFail("\($0)") }
            XCTAssertEqual(problem.rule, .minWidth(500))
            XCTAssertEqual(problem.path, "wide")
        }
    }
}

/// What `pick` lists for its PATH arguments.
final class ImageListingTests: XCTestCase {
    func testImagesAmongFilesAndFoldersInNameOrderEachOnce() throws {
        let folder = TemporaryFolder(for: self)
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
        let folder = TemporaryFolder(for: self)
        folder.write("b.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        folder.write("a.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        XCTAssertEqual(try ImageListing.images(in: ["."], cwd: folder.path).map(\.typed), ["a.png", "b.png"])
        XCTAssertEqual(try ImageListing.images(in: ["./"], cwd: folder.path).map(\.typed), ["a.png", "b.png"])
    }

    func testAMissingPathIsAnErrorNamingIt() {
        let folder = TemporaryFolder(for: self)
        folder.write("a.png", ImageBytes.solidPNG(width: 4, height: 3, (10, 20, 30)))
        assertThrows(.several([.inputMissing(path: "nope"), .inputMissing(path: "a.png/x")])) {
            () throws(StoreError) in try ImageListing.images(in: ["nope", "a.png", "a.png/x"], cwd: folder.path)
        }
    }

    func testShownImagesMatchEntriesByContentHashingOnlyTheSameSize() throws {
        let folder = TemporaryFolder(for: self)
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
