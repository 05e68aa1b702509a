import Foundation
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
}
