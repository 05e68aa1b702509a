import ImageDecoding
import ImageHeaders
import TestImages
import XCTest

/// Every type the probe knows has a decoder: a format added to ImageHeaders without one would be
/// recorded by `add` and then fail every picture as damaged.
final class PixelDecodersTests: XCTestCase {
    func testEveryTypeHasADecoder() {
        for type in ImageType.allCases {
            XCTAssertNotNil(PixelDecoders[type], "\(type)")
        }
    }

    /// AVIF is the HEIF decoder's, through the AV1 codec: a real file decodes to its four colours.
    func testAnAVIFDecodesThroughTheRegistry() throws {
        let decode = try XCTUnwrap(PixelDecoders[.avif]?.decode)
        let raster = try decode(ImageBytes.avifQuadrants, 1).raster
        XCTAssertEqual([raster.width, raster.height], [64, 32])
        let expected: [(x: Int, y: Int, rgb: [Int])] = [
            (8, 8, [221, 30, 30]), (40, 8, [28, 61, 219]), (8, 24, [40, 180, 59]), (40, 24, [240, 221, 40]),
        ]
        for e in expected {
            let p = raster.pixel(x: e.x, y: e.y)
            let got = [Int(p.0), Int(p.1), Int(p.2)]
            XCTAssertTrue(zip(got, e.rgb).allSatisfy { abs($0 - $1) <= 4 }, "(\(e.x), \(e.y)): \(got) for \(e.rgb)")
        }
    }
}
