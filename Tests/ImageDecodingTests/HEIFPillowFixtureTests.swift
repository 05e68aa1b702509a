import Foundation
import ImageEncoding
import ImageHeaders
import XCTest

@testable import ImageDecoding
@testable import PNGCodec

/// Real HEIC files, decoded through the registry (the HEIF container over imgsel's own HEVC
/// decoder) and held to what pillow-heif 1.8 (libheif 1.23 + libde265) made of the same files:
/// Fixtures/heic/photo.heic (96×64, one coded image, x265 at quality 90) and grid-alpha.heic
/// (150×100 as a grid of 64×64 tiles, irot 1, an alpha plane, a 48×32 thumbnail item; put
/// together by bench/heif_assemble.py). The PNGs beside them are pillow-heif's decodes.
final class HEIFPillowFixtureTests: XCTestCase {
    static func fixture(_ name: String, file: String = #filePath) throws -> [UInt8] {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures/heic/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// PSNR of the RGB of two rasters of one size, and the largest alpha difference.
    static func compare(_ a: Raster, _ b: Raster) -> (psnr: Double, alpha: Int) {
        var squares = 0, alpha = 0
        for i in 0..<a.pixels.count {
            let d = Int(a.pixels[i]) - Int(b.pixels[i])
            if i % 4 == 3 { alpha = max(alpha, abs(d)) } else { squares += d * d }
        }
        let mean = Double(squares) / Double(a.width * a.height * 3)
        return (mean == 0 ? .infinity : 10 * log10(255 * 255 / mean), alpha)
    }

    private func shown(_ name: String) throws -> (facts: ImageFacts, raster: Raster) {
        let bytes = try Self.fixture(name)
        let facts = try ImageProbe.probe(MemoryByteSource(bytes))
        let decode = try XCTUnwrap(PixelDecoders[facts.type]?.decode, "HEIC is decoded")
        return (facts, try decode(bytes, 1).raster.oriented(facts.orientation))
    }

    func testAPhotoDecodesAsPillowHeifDecodesIt() throws {
        let (facts, raster) = try shown("photo.heic")
        let reference = try PNGDecoder.decode(try Self.fixture("photo.png"))
        XCTAssertEqual(facts.type, .heic)
        XCTAssertEqual([raster.width, raster.height], [reference.width, reference.height])
        XCTAssertFalse(raster.hasAlpha)
        let (psnr, _) = Self.compare(raster, reference)
        XCTAssertGreaterThan(psnr, 50, "RGB PSNR against pillow-heif")
    }

    /// The grid, turned by irot, with its alpha plane: the whole path from file to upright picture.
    func testAGridWithAlphaAndARotationDecodesAsPillowHeifDecodesIt() throws {
        let (facts, raster) = try shown("grid-alpha.heic")
        let reference = try PNGDecoder.decode(try Self.fixture("grid-alpha.png"))
        XCTAssertEqual(facts.orientation, 8)
        XCTAssertEqual([raster.width, raster.height], [100, 150])
        XCTAssertEqual([reference.width, reference.height], [100, 150])
        XCTAssertTrue(raster.hasAlpha)
        let (psnr, alpha) = Self.compare(raster, reference)
        XCTAssertGreaterThan(psnr, 50, "RGB PSNR against pillow-heif")
        XCTAssertLessThanOrEqual(alpha, 1)
    }

    /// A thumbnail at most 48×32 (stored) is made from the thumbnail item, larger from the grid;
    /// both show the same picture.
    func testTheThumbnailItemIsUsedWhereItCovers() throws {
        let bytes = try Self.fixture("grid-alpha.heic")
        let facts = try ImageProbe.probe(MemoryByteSource(bytes))
        let covering = try XCTUnwrap(PixelDecoders[.heic]?.decodeCovering)
        XCTAssertEqual(try covering(bytes, (width: 48, height: 32)).width, 48)
        XCTAssertEqual(try covering(bytes, (width: 49, height: 33)).width, 150)
        let small = try Thumbnailer.picture(bytes, facts: facts, within: 40)
        XCTAssertEqual([small.width, small.height], [27, 40])
        let full = try PixelDecoders[.heic]!.decode(bytes, 1).raster
        let fromGrid = full.shrunk(toWidth: 40, height: 27, area: nil).oriented(facts.orientation)
        // Two resamplings of a noisy picture (Pillow's to make the thumbnail item, the box filter
        // here) agree at 27 dB; another picture, or one turned otherwise, comes out near 10.
        XCTAssertGreaterThan(Self.compare(small, fromGrid).psnr, 22, "the thumbnail item shows the same picture")
    }
}
