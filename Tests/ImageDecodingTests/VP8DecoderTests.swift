import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// Lossy decoding pinned to Pillow's bytes (same VP8 reconstruction, same
/// fancy upsampling, same fixed-point colour conversion).
final class VP8DecoderTests: XCTestCase {
    /// Fixtures made with cwebp 1.2.4 from a 37×23 crop of
    /// /work/scratch/photos/photo.png: `-q 75 -f 60 -strong` (normal loop
    /// filter), `-q 60 -nostrong -sharpness 4` (simple filter); with the
    /// libwebp 1.2.4 encoder API at `partitions = 2, low_memory = 1` (four
    /// token partitions); and `-q 80 -alpha_filter best` of a 29×17 crop with
    /// an alpha gradient (ALPH, lossless, filtered). Digests are FNV-1a of
    /// Pillow 13's `Image.open(f).convert("RGBA").tobytes()`.
    func testFixturesMatchPillowExactly() throws {
        try WebPTestSupport.assertDecodesLikePillow([
            .init(name: "lossy-37x23-strong.webp", width: 37, height: 23, alpha: false, digest: 0xA357_99E5_59EA_2DAE),
            .init(name: "lossy-37x23-simple.webp", width: 37, height: 23, alpha: false, digest: 0x574C_B3CC_1037_BE86),
            .init(
                name: "lossy-4partitions-37x23.webp", width: 37, height: 23, alpha: false, digest: 0xC1A0_C0BD_DDD8_CC72
            ),
            .init(name: "lossy-alpha-29x17.webp", width: 29, height: 17, alpha: true, digest: 0xB3B7_6BB1_CC0B_93E3),
        ])
    }

    func testKnownPixels() throws {
        let strong = try WebPDecoder.decode(WebPTestSupport.fixture("lossy-37x23-strong.webp"))
        XCTAssertTrue(strong.pixel(x: 0, y: 0) == (194, 143, 81, 255))
        XCTAssertTrue(strong.pixel(x: 18, y: 11) == (197, 145, 83, 255))
        XCTAssertTrue(strong.pixel(x: 36, y: 22) == (196, 140, 82, 255))
        let alpha = try WebPDecoder.decode(WebPTestSupport.fixture("lossy-alpha-29x17.webp"))
        XCTAssertTrue(alpha.pixel(x: 0, y: 0) == (146, 155, 43, 7))
        XCTAssertTrue(alpha.pixel(x: 14, y: 8) == (144, 151, 39, 128))
        XCTAssertTrue(alpha.pixel(x: 28, y: 16) == (147, 156, 46, 248))
    }

    /// libwebp's YUV→RGB on grey and on the extremes, as VP8YUVToR/G/B compute them.
    func testColourConversionConstants() {
        let y: [UInt8] = [16, 235, 128, 0]
        let u: [UInt8] = [128, 128, 0, 255]
        let v: [UInt8] = [128, 128, 255, 0]
        var out = [UInt8](repeating: 0, count: 16)
        // Each case as its own 1×1 image, so no chroma is blended.
        for i in 0..<4 {
            var ys = [y[i]], us = [u[i]], vs = [v[i]]
            ys.withUnsafeMutableBufferPointer { yp in
                us.withUnsafeMutableBufferPointer { up in
                    vs.withUnsafeMutableBufferPointer { vp in
                        out.withUnsafeMutableBufferPointer { o in
                            guard let yb = yp.baseAddress, let ub = up.baseAddress, let vb = vp.baseAddress,
                                let ob = o.baseAddress
                            else { return }
                            WebPYUVConverter.convertRow(yb, ub, vb, width: 1, into: ob + 4 * i)
                        }
                    }
                }
            }
        }
        XCTAssertEqual(Array(out[0..<4]), [0, 0, 0, 255])  // video black
        XCTAssertEqual(Array(out[4..<8]), [255, 255, 255, 255])  // video white
        // Y 128, U 0, V 255: R = (9538 + 26047 - 14234) >> 6 clamps to 255,
        // G = (9538 - 0 - 13267 + 8708) >> 6 = 77, B below 0 clamps to 0.
        XCTAssertEqual(Array(out[8..<12]), [255, 77, 0, 255])
        // Y 0, U 255, V 0: G = (-6393 + 8708) >> 6 = 36, B = (32920 - 17685) >> 6 = 238.
        XCTAssertEqual(Array(out[12..<16]), [0, 36, 238, 255])
    }
}
