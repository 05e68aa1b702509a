import Foundation
import TestImages
import XCTest

@testable import SelectionStore

/// What `pick` judges at a toggle, as Enter would (issue 20, item 5), and the toggles it
/// hands to Enter.
final class PickSessionTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    private func png(_ name: String, _ colour: (UInt8, UInt8, UInt8)) {
        folder.write(name, ImageBytes.solidPNG(width: 4, height: 3, colour))
    }

    private func session(_ entries: [String] = []) throws -> PickSession {
        let items = try entries.map { try entryFromDisk(folder.file($0)) }
        let selection = try Selection(capacity: 9, current: items.isEmpty ? nil : 1, items: items)
        return PickSession(
            images: try ImageListing.images(in: ["."], cwd: folder.path), selection: selection,
            entryPath: { $0.path })
    }

    func testACopyOrALinkOfAPickedImageIsRefusedNamingIt() throws {
        png("a.png", (10, 20, 30))
        png("a (1).png", (10, 20, 30))
        XCTAssertEqual(symlink("a.png", folder.file("a-link.png")), 0)
        let s = try session()
        XCTAssertEqual(s.images.map(\.typed), ["a (1).png", "a-link.png", "a.png"])
        XCTAssertNil(s.refusal(toPick: 2, picked: []))
        XCTAssertEqual(s.refusal(toPick: 0, picked: [2]), .pickedAlready(path: "a (1).png", sameAs: "a.png", number: 1))
        XCTAssertEqual(
            s.refusal(toPick: 1, picked: [2]), .pickedAlready(path: "a-link.png", sameAs: "a.png", number: 1))
        XCTAssertNil(s.refusal(toPick: 1, picked: []), "once a.png is unpicked, its link may be picked")
    }

    func testAnEntryStartsPickedAndItsCopyIsRefusedWhileItIs() throws {
        png("a.png", (10, 20, 30))
        png("b.png", (10, 20, 30))
        let s = try session(["b.png"])
        XCTAssertEqual(s.startPicked, [1])
        XCTAssertEqual(s.notShownCount, 0)
        XCTAssertEqual(s.refusal(toPick: 0, picked: [1]), .pickedAlready(path: "a.png", sameAs: "b.png", number: 1))
    }

    func testAnEntryWhoseFileChangedStartsPickedAndIsRefusedAsNewContent() throws {
        png("a.png", (10, 20, 30))
        png("b.png", (40, 50, 60))
        let s0 = try session(["a.png", "b.png"])
        XCTAssertEqual(s0.startPicked, [0, 1])
        png("a.png", (70, 80, 90))
        let s = PickSession(
            images: try ImageListing.images(in: ["."], cwd: folder.path), selection: s0.start, entryPath: { $0.path })
        XCTAssertEqual(s.startPicked, [0, 1], "shown picked, as the status line counts it")
        XCTAssertEqual(s.notShownCount, 0)
        XCTAssertEqual(s.refusal(toPick: 0, picked: [1]), .selection(.pathTaken(path: "a.png", entry: 1)))
        let (unpicked, appended) = s.toggles(picked: [1])
        XCTAssertEqual(unpicked, [s.start.items[0].sha256], "unpicking it removes the entry")
        XCTAssertEqual(appended, [])
    }

    func testAVanishedOrDuplicateFileIsRefused() throws {
        png("a.png", (10, 20, 30))
        png("b.png", (40, 50, 60))
        try FileManager.default.createDirectory(atPath: folder.file("other"), withIntermediateDirectories: true)
        png("other/x.png", (40, 50, 60))
        let items = [try entryFromDisk(folder.file("other/x.png"))]
        let s = PickSession(
            images: try ImageListing.images(in: ["a.png", "b.png"], cwd: folder.path),
            selection: try Selection(capacity: 9, current: 1, items: items), entryPath: { $0.path })
        XCTAssertEqual(s.startPicked, [1], "b.png has x's content: it is that entry")
        XCTAssertEqual(s.notShownCount, 0)
        unlink(folder.file("a.png"))
        let path = s.images[0].path
        XCTAssertEqual(s.refusal(toPick: 0, picked: [1]), .file(.inputMissing(path: path), path: path, typed: "a.png"))
    }

    func testADuplicateOfAnEntryNotShownIsRefused() throws {
        png("a.png", (10, 20, 30))
        try FileManager.default.createDirectory(atPath: folder.file("other"), withIntermediateDirectories: true)
        png("other/x.png", (40, 50, 60))
        let x = try entryFromDisk(folder.file("other/x.png"))
        let s = PickSession(
            images: try ImageListing.images(in: ["a.png"], cwd: folder.path),
            selection: try Selection(capacity: 9, current: 1, items: [x]), entryPath: { $0.path })
        XCTAssertEqual(s.notShownCount, 1)
        png("a.png", (40, 50, 60))
        XCTAssertEqual(s.refusal(toPick: 0, picked: []), .selection(.duplicate(path: "a.png", entry: 1)))
    }

    func testTogglesAreTheUnpickedAndThePickedDuringTheSession() throws {
        png("a.png", (10, 20, 30))
        png("b.png", (40, 50, 60))
        png("c.png", (70, 80, 90))
        let s = try session(["a.png", "b.png"])
        let a = s.start.items[0].sha256, b = s.start.items[1].sha256
        XCTAssertEqual(s.toggles(picked: [0, 1]).unpicked, [], "untouched")
        XCTAssertEqual(s.toggles(picked: [0, 1]).appended, [])
        XCTAssertEqual(s.toggles(picked: [1]).unpicked, [a])
        // a unpicked and picked again, c picked: a moves after c.
        XCTAssertNil(s.refusal(toPick: 2, picked: [1]))
        XCTAssertNil(s.refusal(toPick: 0, picked: [1, 2]))
        let (unpicked, appended) = s.toggles(picked: [1, 2, 0])
        XCTAssertEqual(unpicked, [a])
        XCTAssertEqual(appended, [2, 0])
        XCTAssertFalse(unpicked.contains(b))
    }
}
