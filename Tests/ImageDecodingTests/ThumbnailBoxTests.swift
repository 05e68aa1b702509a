import Foundation
import ImageDecoding
import ImageEncoding
import ImageHeaders
import XCTest

/// A JPEG decoded at 1/s in the DCT is ceil(W/s) × ceil(H/s), its last row and column only partly
/// image; the shrink must count them by their share, as Pillow's own `Image.thumbnail` does (it hands
/// `draft()`'s box, W/s × H/s, to `resize`). Fixtures/jpeg/thumbnails-pillow.txt holds what Pillow 13
/// makes of odd-sized fixtures at 1/2, 1/4 and 1/8: `python3 bench/make_thumbnail_box_fixture.py`
/// wrote it (`thumbnail(size, Image.BOX, reducing_gap=1.0)`, each line the RGB bytes in hex), and
/// pil-150x103-*.jpg (a gradient, seeded rectangles and a white band on the last three rows, Pillow
/// quality 90, baseline and progressive) were made for it.
final class ThumbnailBoxTests: XCTestCase {
    struct Case {
        let name: String
        let size: Int
        let width: Int
        let height: Int
        let scale: Int
        let rgb: [UInt8]
    }

    static func cases() throws -> [Case] {
        let text = try String(
            contentsOf: JPEGTestFixtures.directory.appendingPathComponent("thumbnails-pillow.txt"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let f = line.split(separator: " ").map(String.init)
            let hex = Array(f[5].utf8)
            let rgb = stride(from: 0, to: hex.count, by: 2).map {
                UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0
            }
            return Case(
                name: f[0], size: try XCTUnwrap(Int(f[1])), width: try XCTUnwrap(Int(f[2])),
                height: try XCTUnwrap(Int(f[3])), scale: try XCTUnwrap(Int(f[4])), rgb: rgb)
        }
    }

    func testEveryDCTScaleShrinksTheImagesOwnAreaAsPillowsThumbnailDoes() throws {
        let cases = try Self.cases()
        XCTAssertEqual(Set(cases.map(\.scale)), [2, 4, 8])
        for c in cases {
            let bytes = try JPEGTestFixtures.bytes(c.name)
            let probed = try ImageProbe.probe(MemoryByteSource(bytes))
            let picture = try Thumbnailer.picture(bytes, facts: probed, within: c.size)
            XCTAssertEqual([picture.width, picture.height], [c.width, c.height], "\(c.name) at \(c.size)")
            let rgb = picture.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
            let worst = zip(rgb, c.rgb).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertEqual(
                worst, 0, "\(c.name) --size \(c.size) (1/\(c.scale)): off from Pillow's thumbnail by \(worst)")
        }
    }

    /// The case: 150×103 at --size 64 is decoded at 1/2 to 75×52, whose last row is half image.
    func testThePaddedLastRowCountsByItsShare() throws {
        let bytes = try JPEGTestFixtures.bytes("pil-150x103-420.jpg")
        let facts = ImageFacts(type: .jpeg, width: 150, height: 103)
        let picture = try Thumbnailer.picture(bytes, facts: facts, within: 64)
        let expected = try XCTUnwrap(try Self.cases().first { $0.name == "pil-150x103-420.jpg" && $0.size == 64 })
        let lastRow = Array(picture.pixels[(43 * 64 * 4)...]).enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        XCTAssertEqual(lastRow, Array(expected.rgb[(43 * 64 * 3)...]))
    }
}
