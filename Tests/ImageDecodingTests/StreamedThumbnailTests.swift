import Foundation
import ImageDecoding
import ImageEncoding
import ImageHeaders
import TestImages
import XCTest

/// A thumbnail of a type that streams (PNG, BMP, TIFF) is shrunk while it decodes; it must be the bytes
/// of the whole decode shrunk afterwards, as every thumbnail was made before, whatever the orientation.
final class StreamedThumbnailTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func files() throws -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        for folder in ["png", "bmp", "tiff"] {
            let directory = Self.fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
                let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
                files.append((name, [UInt8](bytes)))
            }
        }
        files.append(("muted 301×187", ImageBytes.mutedPhotoPNG(width: 301, height: 187)))
        files.append(("muted 120×410", ImageBytes.mutedPhotoPNG(width: 120, height: 410)))
        return files
    }

    /// The way every thumbnail was made before the rows streamed: decode whole, fit, shrink, turn.
    func wholeThenShrunk(_ bytes: [UInt8], facts: ImageFacts, box: Int) throws -> Raster {
        let stored = try XCTUnwrap(PixelDecoders[facts.type]?.decode)(bytes, 1).raster
        let wanted = ThumbnailSize.fitting(width: stored.width, height: stored.height, within: box)
        return stored.shrunk(toWidth: wanted.width, height: wanted.height).oriented(facts.orientation)
    }

    func testEveryStreamingFixtureGivesTheThumbnailItGaveWhole() throws {
        var streamedTypes = Set<String>()
        for (name, bytes) in try files() {
            var facts = try ImageProbe.probe(MemoryByteSource(bytes))
            XCTAssertNotNil(PixelDecoders[facts.type]?.decodeRows, "\(name) streams")
            streamedTypes.insert(facts.type.rawValue)
            for orientation in [1, 6, 3, 8] {
                facts.orientation = orientation
                for box in [1, 7, 16, 40, 256] {
                    let shown = try Thumbnailer.shown(bytes, facts: facts, within: box)
                    XCTAssertNil(shown.damage)
                    XCTAssertEqual(
                        shown.raster, try wholeThenShrunk(bytes, facts: facts, box: box),
                        "\(name) in \(box), orientation \(orientation)")
                }
            }
        }
        XCTAssertEqual(streamedTypes.count, 3, "PNG, BMP and TIFF are all covered")
    }

    /// A row decode hands on exactly the rows of the whole decode, and stops with the same error.
    func testTheRowsAreTheWholeDecodesRows() throws {
        for (name, bytes) in try files() {
            let facts = try ImageProbe.probe(MemoryByteSource(bytes))
            let sink = RasterRows()
            try XCTUnwrap(PixelDecoders[facts.type]?.decodeRows)(bytes, sink)
            XCTAssertEqual(sink.raster(), try XCTUnwrap(PixelDecoders[facts.type]?.decode)(bytes, 1).raster, name)
        }
    }
}
