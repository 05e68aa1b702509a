import XCTest

@testable import HEIFPictures
@testable import ImageDecoding

/// Damaged HEIF containers are refused with a DecodeError naming what is wrong, never a
/// crash: every prefix of a grid file with alpha, chroma formats the decoder does not take,
/// items larger than their file, data elsewhere.
final class HEIFSafetyTests: XCTestCase {
    private typealias F = HEIFTestFile

    func testEveryPrefixIsRefusedCleanly() throws {
        var file = HEIFGridTests.grid(rows: 2, columns: 2, tile: 4, width: 7, height: 7)
        file.items.append(
            .init(
                id: 5, type: "hvc1", data: FakeHEVC.coded(FakeHEVC.picture(7, 7) { _, _ in 9 }),
                properties: [F.hvcC(), F.ispe(7, 7), F.auxC("urn:mpeg:hevc:2015:auxid:1")]))
        file.references.append(("auxl", 5, [1]))
        let bytes = file.bytes()
        XCTAssertTrue(try HEIFDecoder.decode(bytes, tiles: FakeHEVC.decode).hasAlpha)
        for count in 0..<bytes.count {
            XCTAssertThrowsError(try HEIFDecoder.decode(Array(bytes[0..<count]), tiles: FakeHEVC.decode), "\(count)")
        }
    }

    /// 4:2:2 and 4:4:4 are refused by name before anything is decoded.
    func testRangeExtensionChromaIsRefusedByName() throws {
        for (chroma, name) in [(2, "4:2:2"), (3, "4:4:4")] {
            let calls = FakeHEVC.Calls()
            let file = HEIFDecoderTests.single(FakeHEVC.picture(2, 2) { _, _ in 0 }, hvcC: F.hvcC(chroma: chroma))
            XCTAssertThrowsError(try HEIFDecoder.decode(file.bytes(), tiles: calls.recording(FakeHEVC.decode))) {
                XCTAssertEqual(($0 as? DecodeError)?.message, "cannot decode HEVC \(name) (range extensions)")
            }
            XCTAssertEqual(calls.all.count, 0)
        }
    }

    func testItemPastTheEndOfItsFileIsTruncated() throws {
        var bytes = HEIFDecoderTests.single(FakeHEVC.picture(2, 2) { _, _ in 0 }).bytes()
        bytes.removeLast(3)
        XCTAssertThrowsError(try HEIFDecoder.decode(bytes, tiles: FakeHEVC.decode)) {
            XCTAssertEqual($0 as? DecodeError, .truncated(section: "HEIF item 1 data"))
        }
    }

    /// Decoded planes that do not match the size they claim are corrupt, not read out of bounds.
    func testDecoderPlanesOfTheWrongSizeAreCorrupt() throws {
        let file = HEIFDecoderTests.single(FakeHEVC.picture(2, 2) { _, _ in 0 })
        let liar: HEVCTileDecoder = { _, _, _, _ in
            HEVCPicture(
                width: 4, height: 4, bitDepthLuma: 8, bitDepthChroma: 8, chroma: .yuv420, luma: [1], cb: [], cr: [])
        }
        XCTAssertThrowsError(try HEIFDecoder.decode(file.bytes(), tiles: liar)) {
            XCTAssertEqual(($0 as? DecodeError)?.message, "corrupt: HEIF item 1 decoded as an invalid picture")
        }
    }

    func testOtherItemTypesAndMissingPiecesAreNamed() throws {
        var file = HEIFDecoderTests.single(FakeHEVC.picture(2, 2) { _, _ in 0 })
        file.items[0].type = "av01"
        assertMessage(file.bytes(), "cannot decode HEIF item of type 'av01'")
        file.items[0].type = "hvc1"
        file.items[0].properties.removeFirst()  // no hvcC
        assertMessage(file.bytes(), "corrupt: HEIF item 1 without an HEVC configuration (hvcC)")
        file.primary = 7
        assertMessage(file.bytes(), "corrupt: HEIF item 7 is not in the item list")
        assertMessage(Array("not a heif file at all".utf8), "corrupt: HEIF file without a meta box")
    }

    private func assertMessage(_ bytes: [UInt8], _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try HEIFDecoder.decode(bytes, tiles: FakeHEVC.decode), line: line) {
            XCTAssertEqual(($0 as? DecodeError)?.message, message, line: line)
        }
    }
}
