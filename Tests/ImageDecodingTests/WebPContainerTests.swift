import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// The RIFF/VP8X container and animations, each case checked against what
/// Pillow 13 (libwebp 1.6 demuxer and animation decoder) does with the same bytes.
final class WebPContainerTests: XCTestCase {
    private typealias T = WebPTestSupport

    /// A 3×2 opaque VP8L frame of (10, 200, 30).
    private func frame3x2() -> [UInt8] {
        var w = VP8LBitWriter()
        w.header(width: 3, height: 2)
        w.solidImage(argb: (a: 255, r: 10, g: 200, b: 30))
        return w.bytes
    }

    /// A 9×7 canvas, background opaque red, one 3×2 frame at (2, 4).
    private func animation(flags: UInt8) -> [UInt8] {
        let anim = T.chunk("ANIM", [0, 0, 255, 255, 0, 0])
        let anmf = T.chunk(
            "ANMF",
            T.le24(1) + T.le24(2) + T.le24(2) + T.le24(1) + T.le24(100) + [0]
                + T.chunk("VP8L", frame3x2()))
        return T.riff(T.vp8xHeader(flags: flags, width: 9, height: 7) + anim + anmf)
    }

    /// Pillow shows the first frame on transparent black at twice the stored
    /// offset; the ANIM background colour is not used.
    func testAnimationFirstFrameLiesOnTransparentCanvasAtItsOffset() throws {
        let raster = try WebPDecoder.decode(animation(flags: 0x12))
        XCTAssertEqual(raster.width, 9)
        XCTAssertEqual(raster.height, 7)
        XCTAssertTrue(raster.hasAlpha)
        XCTAssertTrue(raster.pixel(x: 0, y: 0) == (0, 0, 0, 0))
        XCTAssertTrue(raster.pixel(x: 1, y: 4) == (0, 0, 0, 0))
        XCTAssertTrue(raster.pixel(x: 2, y: 4) == (10, 200, 30, 255))
        XCTAssertTrue(raster.pixel(x: 4, y: 5) == (10, 200, 30, 255))
        XCTAssertTrue(raster.pixel(x: 5, y: 5) == (0, 0, 0, 0))
        XCTAssertTrue(raster.pixel(x: 4, y: 6) == (0, 0, 0, 0))
    }

    /// Without the VP8X alpha flag Pillow's mode is RGB: the canvas is opaque black.
    func testAnimationWithoutAlphaFlagHasOpaqueBlackCanvas() throws {
        let raster = try WebPDecoder.decode(animation(flags: 0x02))
        XCTAssertFalse(raster.hasAlpha)
        XCTAssertTrue(raster.pixel(x: 0, y: 0) == (0, 0, 0, 255))
        XCTAssertTrue(raster.pixel(x: 3, y: 5) == (10, 200, 30, 255))
    }

    /// Pillow's own animated file (`save_all`, lossless, three 20×12 frames):
    /// the first frame, solid red.
    func testPillowAnimationDecodesItsFirstFrame() throws {
        let raster = try WebPDecoder.decode(T.fixture("animated-3frames-20x12.webp"))
        XCTAssertEqual(raster.width, 20)
        XCTAssertEqual(WebPTestSupport.digest(raster.pixels), 0xE482_21E4_1858_2745)
        XCTAssertTrue(raster.pixel(x: 19, y: 11) == (255, 0, 0, 255))
    }

    func testAnimationFrameOutsideTheCanvasIsRefused() {
        let anim = T.chunk("ANIM", [0, 0, 0, 0, 0, 0])
        let anmf = T.chunk(
            "ANMF",
            T.le24(4) + T.le24(0) + T.le24(2) + T.le24(1) + T.le24(100) + [0]
                + T.chunk("VP8L", frame3x2()))
        let file = T.riff(T.vp8xHeader(flags: 0x12, width: 9, height: 7) + anim + anmf)
        XCTAssertThrowsError(try WebPDecoder.decode(file)) {
            XCTAssertEqual($0 as? DecodeError, .corrupt("animation frame outside the canvas"))
        }
    }

    func testStillImageMustMatchTheCanvas() {
        let file = T.riff(T.vp8xHeader(flags: 0, width: 4, height: 2) + T.chunk("VP8L", frame3x2()))
        XCTAssertThrowsError(try WebPDecoder.decode(file))
    }

    /// Metadata and unknown chunks, odd-sized and padded, are skipped.
    func testMetadataAndOddChunksAreSkipped() throws {
        let file = T.riff(
            T.vp8xHeader(flags: 0x28, width: 3, height: 2) + T.chunk("ICCP", [1, 2, 3])
                + T.chunk("ZZZZ", [9]) + T.chunk("VP8L", frame3x2()) + T.chunk("EXIF", [1, 2, 3, 4, 5]))
        let raster = try WebPDecoder.decode(file)
        XCTAssertTrue(raster.pixel(x: 2, y: 1) == (10, 200, 30, 255))
    }

    /// A RIFF size past the file is a truncated file (libwebp's demuxer refuses
    /// it); bytes after the RIFF's end are ignored.
    func testRIFFSizeAgainstTheFileLength() throws {
        let file = T.riff(T.chunk("VP8L", frame3x2()))
        XCTAssertNoThrow(try WebPDecoder.decode(file + [1, 2, 3, 4, 5, 6, 7, 8, 9]))
        var claimsMore = file
        claimsMore[4] &+= 8
        XCTAssertThrowsError(try WebPDecoder.decode(claimsMore)) {
            XCTAssertEqual(($0 as? DecodeError).map { if case .truncated = $0 { true } else { false } }, true)
        }
    }

    /// A chunk whose pad byte would pass the RIFF end is refused, as libwebp does.
    func testOddChunkWithoutItsPadByteIsRefused() {
        let payload = frame3x2()
        let odd = payload.count & 1 == 1 ? payload : payload + [0]
        let chunk = Array("VP8L".utf8) + T.le32(odd.count) + odd
        XCTAssertThrowsError(try WebPDecoder.decode(T.riff(chunk)))
        XCTAssertNoThrow(try WebPDecoder.decode(T.riff(chunk + [0])))
    }

    func testNotWebPIsRefused() {
        XCTAssertThrowsError(try WebPDecoder.decode(Array("RIFF\u{4}\0\0\0WAVE".utf8)))
        XCTAssertThrowsError(try WebPDecoder.decode([]))
    }
}
