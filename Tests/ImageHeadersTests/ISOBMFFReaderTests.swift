import TestImages
import XCTest

@testable import ImageHeaders

/// The one ISOBMFF lexer and the HEIF item model on it: box sizes (64-bit, to the end), boxes
/// bounded by their parent, the byte budget, iloc's versions and construction methods, ipma's
/// essential flags, references.
final class ISOBMFFReaderTests: XCTestCase {
    typealias B = ImageBytes

    private func reader(_ bytes: [UInt8], budget: Int = 1 << 20) -> ISOBMFFReader {
        ISOBMFFReader(MemoryByteSource(bytes), budget: budget)
    }

    func testLargeSizeAndSizeZeroAndCutShort() throws {
        let large = B.be32(1) + B.ascii("free") + B.be32(0) + B.be32(20) + [1, 2, 3, 4]
        let toEnd = B.be32(0) + B.ascii("mdat") + [9, 9, 9]
        var r = reader(large + toEnd)
        let boxes = try r.children(from: 0, to: large.count + toEnd.count)
        XCTAssertEqual(boxes.map(\.name), ["free", "mdat"])
        XCTAssertEqual([boxes[0].payload, boxes[0].end, boxes[1].payload, boxes[1].end], [16, 20, 28, 31])
        // A box claiming more than there is: truncated, or cut to the end when asked.
        let long = B.be32(100) + B.ascii("mdat") + [1, 2]
        var s = reader(long)
        XCTAssertThrowsError(try s.children(from: 0, to: long.count)) {
            XCTAssertEqual($0 as? ISOBMFFError, .truncated("mdat box"))
        }
        XCTAssertEqual(try s.children(from: 0, to: long.count, cutShort: true).map(\.end), [10])
        var t = reader(B.be32(3) + B.ascii("free"))
        XCTAssertThrowsError(try t.children(from: 0, to: 8)) { XCTAssertEqual($0 as? ISOBMFFError, .boxSize(3)) }
    }

    /// A child box larger than its parent is truncated, and reads stop at the box being read.
    func testBoxesAreBoundedByTheirParent() throws {
        let inner = B.be32(40) + B.ascii("ipco")  // claims 40 bytes inside a 16-byte parent
        let parent = B.box("iprp", inner) + B.box("free", [UInt8](repeating: 0, count: 40))
        var r = reader(parent)
        let iprp = try r.children(from: 0, to: parent.count)[0]
        XCTAssertThrowsError(try r.children(of: iprp)) { XCTAssertEqual($0 as? ISOBMFFError, .truncated("ipco box")) }
        var s = reader(B.box("irot", [1]) + B.box("free", [7, 7, 7, 7]))
        try s.enter(try s.children(from: 0, to: 9)[0])
        XCTAssertEqual(try s.u8(), 1)
        XCTAssertThrowsError(try s.u8()) { XCTAssertEqual($0 as? ISOBMFFError, .truncated("irot box")) }
    }

    func testTheBudgetBoundsWhatIsFetched() throws {
        let boxes = (0..<200).flatMap { _ in B.box("free", [UInt8](repeating: 0, count: 100)) }
        var r = reader(boxes, budget: 4096)
        XCTAssertThrowsError(try r.children(from: 0, to: boxes.count)) {
            XCTAssertEqual($0 as? ISOBMFFError, .exhausted(budget: 4096))
        }
    }

    /// iloc versions 0, 1 and 2 (8-byte base offsets, 32-bit item IDs), idat and construction
    /// method 2, which is refused only when the item is read.
    func testItemLocationsOfEveryVersion() throws {
        // Version 0: 16-bit item ID, reference index, an 8-byte base offset (here 6), one extent.
        let entry0 = B.be16(3) + B.be16(0) + B.be32(0) + B.be32(6) + B.be16(1) + B.be32(2) + B.be32(2)
        let iloc0 = B.fullBox("iloc", version: 0, [0x44, 0x80] + B.be16(1) + entry0)
        let entry1 = B.be16(4) + B.be16(1) + B.be16(0) + B.be16(1) + B.be32(1) + B.be32(2)
        let entry2 = B.be32(70_000) + B.be16(2) + B.be16(0) + B.be16(1) + B.be32(0) + B.be32(1)
        let iloc1 = B.fullBox("iloc", version: 1, [0x44, 0x00] + B.be16(1) + entry1)
        let iloc2 = B.fullBox("iloc", version: 2, [0x44, 0x00] + B.be32(1) + entry2)
        for (box, item, expected) in [(iloc0, 3, [8..<10]), (iloc1, 4, [21..<23])] {
            var r = reader(box)
            let locations = try HEIFItemLocations.read(&r, try r.children(from: 0, to: box.count)[0])
            XCTAssertEqual(try locations[item]?.ranges(item: item, fileSize: 100, idat: 20..<30), expected)
        }
        var r = reader(iloc2)
        let locations = try HEIFItemLocations.read(&r, try r.children(from: 0, to: iloc2.count)[0])
        XCTAssertEqual(locations[70_000]?.place, .construction(2))
        XCTAssertThrowsError(try locations[70_000]?.ranges(item: 70_000, fileSize: 100, idat: nil)) {
            XCTAssertEqual($0 as? ISOBMFFError, .unsupported("HEIF item data by construction method 2"))
        }
    }

    /// ipma's top bit marks a property essential; items, references and the primary read whole.
    func testItemModel() throws {
        let bytes = B.heif(primary: [B.ispe(8, 6), B.irot(1)], wide: true, mdatFirst: false)
        let items = try HEIFItems(MemoryByteSource(bytes))
        XCTAssertEqual(items.primary, 1)
        XCTAssertEqual(items.properties.boxes(of: 1).map(\.name), ["ispe", "irot"])
        XCTAssertEqual(items.properties.associations[1]?.map(\.essential), [true, true])
        XCTAssertEqual(items.properties.associations[2]?.map(\.essential), [false])
        XCTAssertNil(items.locations)
        let ref = B.box("thmb", B.be16(2) + B.be16(1) + B.be16(1)) + B.box("auxl", B.be16(5) + B.be16(1) + B.be16(1))
        let iref = B.fullBox("iref", ref)
        var r = reader(iref)
        let references = try HEIFItems.references(&r, try r.children(from: 0, to: iref.count)[0])
        XCTAssertEqual(references.map { ISOBMFFBox.name($0.type) }, ["thmb", "auxl"])
        XCTAssertEqual(references.map(\.from), [2, 5])
    }
}
