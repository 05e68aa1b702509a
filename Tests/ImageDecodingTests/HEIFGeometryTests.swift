import ImageEncoding
import ImageHeaders
import XCTest

@testable import HEIFPictures
@testable import ImageDecoding

/// clap, irot and imir in ipma order: the decoder cuts the clean aperture from the stored
/// picture (worked out in the frame the turns before it made), the probe reports the turns as
/// the orientation, and the two together give the upright picture the textbook says.
final class HEIFGeometryTests: XCTestCase {
    private typealias F = HEIFTestFile

    /// A 6×4 stored picture whose grey at (x, y) is 16 + 8x + 40y, full range, and properties.
    private func file(_ properties: [[UInt8]]) -> [UInt8] {
        let p = FakeHEVC.picture(6, 4) { x, y in UInt16(16 + 8 * x + 40 * y) }
        return HEIFDecoderTests.single(p, extra: [F.nclx(matrix: 6, fullRange: true)] + properties).bytes()
    }

    private func stored(_ x: Int, _ y: Int) -> UInt8 { UInt8(16 + 8 * x + 40 * y) }

    /// What imgsel shows: decoded, then turned by the probe's orientation.
    private func shown(_ bytes: [UInt8]) throws -> (facts: ImageFacts, raster: Raster) {
        let facts = try ImageProbe.probe(MemoryByteSource(bytes))
        let raster = try HEIFDecoder.decode(bytes, tiles: FakeHEVC.decode)
        XCTAssertEqual([raster.width, raster.height], [facts.width, facts.height], "probe and decode sizes")
        return (facts, raster.oriented(facts.orientation))
    }

    private func greys(_ r: Raster) -> [[UInt8]] {
        (0..<r.height).map { y in (0..<r.width).map { r.pixel(x: $0, y: y).r } }
    }

    func testCentredClapCutsTheMiddle() throws {
        let (_, raster) = try shown(file([F.clap(width: 2, height: 2)]))
        XCTAssertEqual(greys(raster), [[stored(2, 1), stored(3, 1)], [stored(2, 2), stored(3, 2)]])
    }

    /// An offset moves the centre (halves here: 3×1 at -1.5, +1.5); the edges round down (libheif's rule).
    func testClapOffsetMovesTheWindow() throws {
        let (_, raster) = try shown(file([F.clap(width: 6, height: 2, horizontal: -3, vertical: 3, d: 2)]))
        // Centre x = (6-1)/2 - 1.5 = 1, left = 1 - 1 = 0; centre y = 1.5 + 1.5 = 3, top = 3.
        XCTAssertEqual(greys(raster), [[stored(0, 3), stored(1, 3), stored(2, 3)]])
    }

    /// irot 1 then clap: the clap crops the turned (4×6) picture, here its top 4×2.
    func testClapAfterARotationCropsTheTurnedPicture() throws {
        let (facts, raster) = try shown(file([F.irot(1), F.clap(width: 4, height: 2, vertical: -2)]))
        XCTAssertEqual(facts.orientation, 8)
        // Turned anticlockwise: shown (x', y') is stored (W-1-y', x').
        let want = (0..<2).map { y in (0..<4).map { x in stored(5 - y, x) } }
        XCTAssertEqual(greys(raster), want)
    }

    /// clap then irot: the clap crops the stored picture, and the crop is turned.
    func testRotationAfterClapTurnsTheCrop() throws {
        let (_, raster) = try shown(file([F.clap(width: 4, height: 2, vertical: -1), F.irot(1)]))
        // The crop is stored x 1..4, y 0..1; turned anticlockwise it is 2×4.
        let want = (0..<4).map { y in (0..<2).map { x in stored(4 - y, x) } }
        XCTAssertEqual(greys(raster), want)
    }

    /// imir 1 (left and right exchanged) then clap of the shown left third: stored right third.
    func testClapAfterAMirror() throws {
        let (_, raster) = try shown(file([F.imir(1), F.clap(width: 2, height: 4, horizontal: -2)]))
        XCTAssertEqual(greys(raster), (0..<4).map { y in [stored(5, y), stored(4, y)] })
        let (_, flipped) = try shown(file([F.imir(0), F.clap(width: 12, height: 2, vertical: -3, d: 2)]))
        // Top and bottom exchanged, then the top row: the stored bottom row.
        XCTAssertEqual(greys(flipped), [(0..<6).map { stored($0, 3) }])
    }

    /// A clap larger than the picture, or with a zero denominator, is skipped (as the probe does).
    func testVoidClapIsSkipped() throws {
        for clap in [F.clap(width: 7, height: 2), F.clap(width: 2, height: 2, d: 0)] {
            let (_, raster) = try shown(file([clap]))
            XCTAssertEqual([raster.width, raster.height], [6, 4])
        }
    }
}
