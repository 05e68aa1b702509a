import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// An animation's canvas that its first frame barely covers (found by the thumbnail fuzzer, issue 20):
/// 1.6 KB drew a 16384² transparent canvas, a gigabyte to allocate and shrink.
final class WebPCanvasTests: XCTestCase {
    func testAHugeCanvasHardlyCoveredIsRefusedAsGIFsScreenIs() {
        let bytes = WebPTestSupport.fixture("fuzz-small-frame-on-16384-canvas.webp")
        XCTAssertThrowsError(try WebPDecoder.decode(bytes)) { error in
            XCTAssertEqual(
                error as? DecodeError, .corrupt("WebP first frame covers too little of its 16384×16384 canvas"))
        }
    }

    /// Pillow's three-frame animation, whose frames fill the canvas, still decodes.
    func testAnAnimationItsFrameCoversDecodes() throws {
        let raster = try WebPDecoder.decode(WebPTestSupport.fixture("animated-3frames-20x12.webp"))
        XCTAssertEqual([raster.width, raster.height], [20, 12])
    }
}
