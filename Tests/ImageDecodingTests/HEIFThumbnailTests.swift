import XCTest

@testable import HEIFPictures
@testable import ImageDecoding

/// The thumbnail item (iref thmb) stands in for the primary only where it can: at least the
/// size wanted, the same shape, turned the same way, with alpha where the primary has it.
final class HEIFThumbnailTests: XCTestCase {
    private typealias F = HEIFTestFile

    /// A 40×30 primary of grey 200 and a thumbnail of `size` of grey 50.
    private func file(thumbnail size: (Int, Int), thumbnailExtra: [[UInt8]] = [], extra: [[UInt8]] = []) -> HEIFTestFile
    {
        var file = HEIFDecoderTests.single(FakeHEVC.picture(40, 30) { _, _ in 200 }, extra: extra)
        file.items.append(
            .init(
                id: 2, type: "hvc1", data: FakeHEVC.coded(FakeHEVC.picture(size.0, size.1) { _, _ in 50 }),
                properties: [F.hvcC(), F.ispe(size.0, size.1)] + thumbnailExtra))
        file.references = [("thmb", 2, [1])]
        return file
    }

    private func grey(_ file: HEIFTestFile, covering: (Int, Int)?) throws -> (UInt8, Int) {
        let raster = try HEIFDecoder.decode(
            file.bytes(), covering: covering.map { (width: $0.0, height: $0.1) }, tiles: FakeHEVC.decode)
        return (raster.pixel(x: 0, y: 0).r, raster.width)
    }

    func testThumbnailIsUsedWhenItCoversTheSizeWanted() throws {
        let file = file(thumbnail: (8, 6))
        XCTAssertEqual(try grey(file, covering: (8, 6)).1, 8)
        XCTAssertEqual(try grey(file, covering: (4, 3)).1, 8)
        // Larger than the thumbnail, or no size given (a full decode): the primary.
        XCTAssertEqual(try grey(file, covering: (9, 7)).1, 40)
        XCTAssertEqual(try grey(file, covering: nil).1, 40)
    }

    func testThumbnailOfAnotherShapeOrTurnIsPassedOver() throws {
        XCTAssertEqual(try grey(file(thumbnail: (8, 8)), covering: (4, 3)).1, 40)
        XCTAssertEqual(try grey(file(thumbnail: (8, 6), thumbnailExtra: [F.irot(1)]), covering: (4, 3)).1, 40)
        XCTAssertEqual(try grey(file(thumbnail: (8, 6), extra: [F.irot(2)]), covering: (4, 3)).1, 40)
        XCTAssertEqual(
            try grey(file(thumbnail: (8, 6), thumbnailExtra: [F.irot(2)], extra: [F.irot(2)]), covering: (4, 3)).1, 8)
        XCTAssertEqual(
            try grey(file(thumbnail: (8, 6), extra: [F.clap(width: 20, height: 15)]), covering: (4, 3)).1, 20)
    }

    func testPrimaryWithAlphaNeedsAThumbnailWithAlpha() throws {
        var f = file(thumbnail: (8, 6))
        f.items.append(
            .init(
                id: 3, type: "hvc1", data: FakeHEVC.coded(FakeHEVC.picture(40, 30) { _, _ in 255 }),
                properties: [F.hvcC(), F.ispe(40, 30), F.auxC("urn:mpeg:hevc:2015:auxid:1")]))
        f.references.append(("auxl", 3, [1]))
        XCTAssertEqual(try grey(f, covering: (4, 3)).1, 40)
        f.items.append(
            .init(
                id: 4, type: "hvc1", data: FakeHEVC.coded(FakeHEVC.picture(8, 6) { _, _ in 255 }),
                properties: [F.hvcC(), F.ispe(8, 6), F.auxC("urn:mpeg:hevc:2015:auxid:1")]))
        f.references.append(("auxl", 4, [2]))
        let raster = try HEIFDecoder.decode(f.bytes(), covering: (4, 3), tiles: FakeHEVC.decode)
        XCTAssertEqual([raster.width, Int(raster.pixel(x: 0, y: 0).a)], [8, 255])
        XCTAssertTrue(raster.hasAlpha)
    }
}
