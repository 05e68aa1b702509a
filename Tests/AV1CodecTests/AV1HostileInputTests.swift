import Foundation
import HEIFPictures
import ImageCore
import XCTest

@testable import AV1Codec

/// Hostile streams (issue 41, stage 6): a frame size claimed in a few bytes is held to
/// DecodeLimits before anything of that size is made, and a stream without the frame's tiles
/// is refused before its planes are allocated. (A tile whose symbols run past its end:
/// AV1TileSyntaxTests.testACutTileIsRefused.)
final class AV1HostileInputTests: XCTestCase {
    /// AV1Samples.flatGrey128 with its reduced still-picture sequence header claiming 65536×65536
    /// (16-bit sizes): the frame OBU is the 128×128 one, unchanged.
    static let claims65536: [UInt8] = [
        0x12, 0x00, 0x0a, 0x09, 0x18, 0x3f, 0xff, 0xff, 0xff, 0xff, 0xd8, 0x00, 0x80, 0x32, 0x0f, 0x10,
        0xa0, 0x00, 0x00, 0x10, 0xb6, 0xc3, 0x5e, 0x2c, 0x9f, 0x4d, 0x30, 0x5b, 0x07, 0xc0,
    ]
    /// The same claiming 16385×64: one past the side limit.
    static let claims16385: [UInt8] = [
        0x12, 0x00, 0x0a, 0x07, 0x18, 0x39, 0x60, 0x00, 0x7e, 0xc0, 0x04, 0x32, 0x0f, 0x10, 0xa0, 0x00,
        0x00, 0x10, 0xb6, 0xc3, 0x5e, 0x2c, 0x9f, 0x4d, 0x30, 0x5b, 0x07, 0xc0,
    ]
    /// The same claiming 16384×16384, within the limits: the 128×128 frame's 15 bytes are read as
    /// the tile groups of a frame of 16384 superblocks in 32 tiles or more, which they cannot be.
    static let claims16384: [UInt8] = [
        0x12, 0x00, 0x0a, 0x08, 0x18, 0x37, 0x7f, 0xff, 0xff, 0xfd, 0x80, 0x08, 0x32, 0x0f, 0x10, 0xa0,
        0x00, 0x00, 0x10, 0xb6, 0xc3, 0x5e, 0x2c, 0x9f, 0x4d, 0x30, 0x5b, 0x07, 0xc0,
    ]

    func testASizeOverTheSideLimitIsRefusedByItsSize() throws {
        XCTAssertEqual(try AV1Decoder.headers(Self.claims65536).width, 65536, "the header was rewritten as meant")
        for (stream, width, height) in [(Self.claims65536, 65536, 65536), (Self.claims16385, 16385, 64)] {
            XCTAssertThrowsError(try AV1Decoder.decodePlanes(stream)) {
                XCTAssertEqual($0 as? DecodeError, .tooLarge(width: width, height: height))
            }
            XCTAssertThrowsError(try AV1Decoder.parseTiles(stream))
        }
    }

    /// A frame within the limits whose tiles are not there is refused before its planes (a
    /// gigabyte at 16384×16384) are made and cleared: it used to take 1.6 s and 900 MB.
    func testAFrameWithoutItsTilesIsRefusedBeforeItsPlanesAreMade() throws {
        let headers = try AV1Decoder.headers(Self.claims16384)
        XCTAssertEqual([headers.width, headers.height], [16384, 16384])
        let stream = try AV1Stream(Self.claims16384)
        XCTAssertThrowsError(try AV1TileGroups.tileRanges(stream), "the tile groups alone refuse it")
        let start = Date()
        XCTAssertThrowsError(try AV1Decoder.decodePlanes(Self.claims16384))
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.3, "refused without making the planes")
    }

    /// Fuzz/seeds-av1/444-32x24.obu (4:4:4) with its sequence header claiming 3000×3000: the
    /// frame's planes at 6 bytes a pixel, its grid and the cropped planes decodePlanes makes of
    /// them are past 8 bytes a pixel and 32 MiB, though the planes and the grid alone are not;
    /// refused by its size, not by its tiles (which are 32×24's).
    func testACroppedCopyPastTheBudgetIsCounted() throws {
        let seed = try [UInt8](
            Data(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .appendingPathComponent("../../Fuzz/seeds-av1/444-32x24.obu")))
        XCTAssertEqual(Array(seed[0..<4]), [0x12, 0x00, 0x0a, 0x05], "a 5-byte sequence header")
        let claim: [UInt8] = [0x12, 0x00, 0x0a, 0x07, 0x38, 0x2e, 0xee, 0xde, 0xed, 0xd8, 0x04]
        let stream = claim + seed.dropFirst(9)
        let headers = try AV1Decoder.headers(stream)
        XCTAssertEqual([headers.width, headers.height], [3000, 3000])
        XCTAssertEqual(headers.sampling, "4:4:4")
        XCTAssertThrowsError(try AV1Decoder.decodePlanes(stream)) {
            XCTAssertEqual($0 as? DecodeError, .tooLarge(width: 3000, height: 3000))
        }
    }

    /// aomenc --tile-columns=1 --tile-rows=1, a flat 128×128 in 64×64 superblocks: four tiles of
    /// seven bytes, each but the last after its one-byte size (7 - 1).
    static let fourTiles: [UInt8] = [
        0x12, 0x00, 0x0a, 0x06, 0x18, 0x19, 0xbf, 0xff, 0x60, 0x02, 0x32, 0x26, 0x1c, 0x28, 0x00, 0x00,
        0x01, 0x00, 0x00, 0x06, 0xb4, 0xdb, 0x7a, 0xfc, 0x23, 0x21, 0xf4, 0x06, 0xb4, 0xdb, 0x7a, 0xfc,
        0x23, 0x21, 0xf4, 0x06, 0xb4, 0xdb, 0x7a, 0xfc, 0x23, 0x21, 0xf4, 0xb4, 0xdb, 0x7a, 0xfc, 0x23,
        0x21, 0xf4,
    ]

    /// The tiles are found in order, back to back, the last to the frame OBU's end; a tile size
    /// past the group's end is refused by the tile it names.
    func testTheTilesOfATiledStreamAreFoundInOrder() throws {
        XCTAssertEqual(
            try AV1TileGroups.tileRanges(try AV1Stream(Self.fourTiles)), [20..<27, 28..<35, 36..<43, 43..<50])
        XCTAssertEqual(
            try AV1Decoder.decodePlanes(Self.fourTiles).planes[0], [UInt16](repeating: 100, count: 128 * 128))
        var oversized = Self.fourTiles
        oversized[27] = 0x20
        XCTAssertThrowsError(try AV1Decoder.decodePlanes(oversized)) {
            XCTAssertEqual($0 as? DecodeError, .truncated(section: "AV1 tile 1"))
        }
    }

    /// An AVIF item whose av1C says 4:4:4 is held to its planes at 6 bytes a pixel, not 4:2:0's
    /// 3, before its codec is called: Pillow's 3×2 with ispe claiming 5000×5000 (25 Mpx: 10 bytes
    /// a pixel with the raster, past 8 and 32 MiB; 7 at 4:2:0, within them).
    func testAnItemsPlanesAreCountedAsItsConfigurationSays() throws {
        var file = AV1Samples.pillow3x2
        let ispe = try XCTUnwrap(AVIFItemTests.offset(of: Array("ispe".utf8), in: file))
        file.replaceSubrange(ispe + 8..<ispe + 16, with: [0, 0, 0x13, 0x88, 0, 0, 0x13, 0x88])
        let codec = HEIFCodec.av1 { (_, _) throws(DecodeError) in throw .unsupported("the codec was called") }
        XCTAssertThrowsError(try HEIFDecoder.decode(file, codecs: [codec])) {
            XCTAssertEqual($0 as? DecodeError, .unsupported("the codec was called"), "4:2:0 is within the budget")
        }
        let av1C = try XCTUnwrap(AVIFItemTests.offset(of: [0x81, 0x00, 0x0C, 0x00], in: file))
        file[av1C + 2] = 0x00  // subsampling 0, 0: 4:4:4
        XCTAssertThrowsError(try HEIFDecoder.decode(file, codecs: [codec])) {
            XCTAssertEqual($0 as? DecodeError, .tooLarge(width: 5000, height: 5000))
        }
    }
}
