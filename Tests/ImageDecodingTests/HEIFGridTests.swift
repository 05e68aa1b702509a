import ImageHeaders
import XCTest

@testable import HEIFPictures
@testable import ImageDecoding

/// Grids of tiles (as iPhones write their photos: 512×512 tiles), with the fake HEVC decoder:
/// each tile's samples land in place and the grid's output size cuts the last row and column;
/// a grid whose tiles cannot make its picture is corrupt, and one too large to decode is
/// refused before a tile is decoded.
final class HEIFGridTests: XCTestCase {
    private typealias F = HEIFTestFile

    /// A rows × columns grid of `tile`×`tile` tiles for a width × height picture; tile i's luma
    /// is 16 + 10·i + x + y (x, y within the tile). Grey (chroma 128), full range: luma is the grey.
    static func grid(rows: Int, columns: Int, tile: Int, width: Int, height: Int) -> HEIFTestFile {
        var file = HEIFTestFile()
        file.items = [
            .init(
                id: 1, type: "grid", data: F.gridData(rows: rows, columns: columns, width: width, height: height),
                properties: [F.ispe(width, height), F.nclx(matrix: 6, fullRange: true)], inIdat: true)
        ]
        for i in 0..<rows * columns {
            let p = FakeHEVC.picture(tile, tile) { x, y in UInt16(16 + 10 * i + x + y) }
            file.items.append(
                .init(id: 10 + i, type: "hvc1", data: FakeHEVC.coded(p), properties: [F.hvcC(), F.ispe(tile, tile)]))
        }
        file.references = [("dimg", 1, (0..<rows * columns).map { 10 + $0 })]
        return file
    }

    func testTilesArePutInPlaceAndCutToTheOutputSize() throws {
        let raster = try HEIFDecoder.decode(
            Self.grid(rows: 2, columns: 3, tile: 4, width: 10, height: 7).bytes(), tiles: FakeHEVC.decode)
        XCTAssertEqual([raster.width, raster.height], [10, 7])
        for y in 0..<7 {
            for x in 0..<10 {
                let i = y / 4 * 3 + x / 4
                XCTAssertEqual(Int(raster.pixel(x: x, y: y).r), 16 + 10 * i + x % 4 + y % 4, "pixel \(x),\(y)")
            }
        }
    }

    func testGridTilesAreDecodedInParallelWithTheirOwnConfiguration() throws {
        let calls = FakeHEVC.Calls()
        _ = try HEIFDecoder.decode(
            Self.grid(rows: 3, columns: 3, tile: 2, width: 6, height: 6).bytes(),
            tiles: calls.recording(FakeHEVC.decode))
        XCTAssertEqual(calls.all.count, 9)
    }

    func testTileCountAndSizesMustMakeTheOutput() throws {
        var file = Self.grid(rows: 2, columns: 2, tile: 4, width: 8, height: 8)
        file.references = [("dimg", 1, [10, 11, 12])]
        assertError(file, "corrupt: HEIF grid of 2×2 tiles refers to 3")
        // Tiles too small for the output, and a row of tiles past it.
        file = Self.grid(rows: 2, columns: 2, tile: 4, width: 9, height: 8)
        assertError(file, "corrupt: HEIF grid of 2×2 tiles of 4×4 for a 9×8 picture")
        file = Self.grid(rows: 2, columns: 2, tile: 4, width: 8, height: 4)
        assertError(file, "corrupt: HEIF grid of 2×2 tiles of 4×4 for a 8×4 picture")
        // A tile that decodes to another size than its ispe.
        file = Self.grid(rows: 1, columns: 2, tile: 4, width: 8, height: 4)
        file.items[2].data = FakeHEVC.coded(FakeHEVC.picture(2, 4) { _, _ in 0 })
        assertError(file, "corrupt: HEIF grid tile 2 decoded as 2×4, not as its size says")
        // Tiles of different sizes.
        file = Self.grid(rows: 1, columns: 2, tile: 4, width: 8, height: 4)
        file.items[2].properties[1] = F.ispe(4, 2)
        assertError(file, "corrupt: HEIF grid tiles of different sizes")
    }

    /// A 16384² grid's output passes the side limit, a 16385-wide one not, and neither
    /// decodes a tile before its size is checked.
    func testGridOutputSizeIsCheckedBeforeAnyTileIsDecoded() throws {
        let calls = FakeHEVC.Calls()
        let file = Self.grid(rows: 1, columns: 2, tile: 4, width: 16385, height: 4)
        XCTAssertThrowsError(try HEIFDecoder.decode(file.bytes(), tiles: calls.recording(FakeHEVC.decode))) {
            XCTAssertEqual($0 as? DecodeError, .tooLarge(width: 16385, height: 4))
        }
        XCTAssertEqual(calls.all.count, 0)
        // A single coded image is checked by its ispe the same way.
        var single = HEIFDecoderTests.single(FakeHEVC.picture(2, 2) { _, _ in 0 })
        single.items[0].properties[1] = F.ispe(20000, 2)
        XCTAssertThrowsError(try HEIFDecoder.decode(single.bytes(), tiles: calls.recording(FakeHEVC.decode))) {
            XCTAssertEqual($0 as? DecodeError, .tooLarge(width: 20000, height: 2))
        }
        XCTAssertEqual(calls.all.count, 0)
    }

    /// The probe reads the grid's ispe as the picture's size: the decode agrees.
    func testProbeAndDecodeAgreeOnTheSize() throws {
        let bytes = Self.grid(rows: 2, columns: 2, tile: 4, width: 7, height: 5).bytes()
        let facts = try ImageProbe.probe(MemoryByteSource(bytes))
        let raster = try HEIFDecoder.decode(bytes, tiles: FakeHEVC.decode)
        XCTAssertEqual([facts.width, facts.height], [raster.width, raster.height])
        XCTAssertEqual(facts.type, .heic)
    }

    private func assertError(_ file: HEIFTestFile, _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode), line: line) {
            XCTAssertEqual(($0 as? DecodeError)?.message, message, line: line)
        }
    }
}
