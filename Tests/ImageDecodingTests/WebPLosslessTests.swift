import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// VP8L decoding: fixtures pinned to Pillow's bytes, and small streams built
/// bit by bit for behaviour the fixtures do not isolate.
final class WebPLosslessTests: XCTestCase {
    /// Fixtures made with cwebp 1.2.4 from crops of /work/scratch/photos/photo.png:
    /// `cwebp -z 9` (37×23), `cwebp -z 6` of a 29×17 crop given a left-to-right
    /// alpha gradient, `cwebp -lossless` of a 41×13 four-colour drawing (palette
    /// with bundled indices). Digests are FNV-1a of Pillow 13's
    /// `Image.open(f).convert("RGBA").tobytes()`.
    func testFixturesMatchPillowExactly() throws {
        try WebPTestSupport.assertDecodesLikePillow([
            .init(name: "lossless-37x23.webp", width: 37, height: 23, alpha: false, digest: 0xBDB7_500C_07A0_2331),
            .init(name: "lossless-alpha-29x17.webp", width: 29, height: 17, alpha: true, digest: 0x96A4_FA68_03D3_FCB4),
            .init(
                name: "lossless-palette4-41x13.webp", width: 41, height: 13, alpha: false, digest: 0x2B3C_DEE7_4F48_BE9A
            ),
        ])
    }

    func testKnownPixelsOfTheAlphaFixture() throws {
        let raster = try WebPDecoder.decode(WebPTestSupport.fixture("lossless-alpha-29x17.webp"))
        // From Pillow: the gradient runs from nearly transparent to nearly opaque.
        XCTAssertTrue(raster.pixel(x: 0, y: 0) == (145, 157, 40, 7))
        XCTAssertTrue(raster.pixel(x: 14, y: 8) == (149, 151, 52, 128))
        XCTAssertTrue(raster.pixel(x: 28, y: 16) == (152, 153, 47, 248))
    }

    private func decode(_ w: VP8LBitWriter) throws(DecodeError) -> Raster {
        try WebPDecoder.decode(WebPTestSupport.riff(WebPTestSupport.chunk("VP8L", w.bytes)))
    }

    func testSolidImageFromOneSymbolCodesSpendsNoPixelBits() throws {
        var w = VP8LBitWriter()
        w.header(width: 3, height: 2)
        w.solidImage(argb: (a: 200, r: 10, g: 20, b: 30))
        let raster = try decode(w)
        XCTAssertEqual(raster.width, 3)
        XCTAssertEqual(raster.height, 2)
        for y in 0..<2 { for x in 0..<3 { XCTAssertTrue(raster.pixel(x: x, y: y) == (10, 20, 30, 200)) } }
    }

    /// Pillow opens a VP8L without the alpha hint as RGB: alpha reads 255.
    func testAlphaIgnoredWithoutTheHeaderHint() throws {
        var w = VP8LBitWriter()
        w.header(width: 2, height: 2, alpha: false)
        w.solidImage(argb: (a: 7, r: 1, g: 2, b: 3))
        let raster = try decode(w)
        XCTAssertFalse(raster.hasAlpha)
        XCTAssertTrue(raster.pixel(x: 1, y: 1) == (1, 2, 3, 255))
    }

    /// One literal, then a copy of length 3 at distance 1 fills the row.
    func testBackwardReferenceRepeatsThePixel() throws {
        var w = VP8LBitWriter()
        w.header(width: 4, height: 1)
        w.bits(0, 3)  // no transform, no cache, no entropy image
        w.normalTwoSymbols(0x40, 256 + 2)  // green: literal 0x40 (bit 0) or length prefix 2 = length 3 (bit 1)
        w.singleSymbol(0x11)
        w.singleSymbol(0x22)
        w.singleSymbol(0xFF)
        w.singleSymbol(1)  // distance prefix 1: code 2, the pixel to the left
        w.bits(0, 1)  // literal
        w.bits(1, 1)  // copy
        let raster = try decode(w)
        for x in 0..<4 { XCTAssertTrue(raster.pixel(x: x, y: 0) == (0x11, 0x40, 0x22, 0xFF)) }
    }

    /// Indices past the palette read transparent black (RFC 9649 section 4.4, libwebp).
    func testPaletteIndexPastTheTableIsTransparentBlack() throws {
        var w = VP8LBitWriter()
        w.header(width: 4, height: 1)
        w.bits(1, 1)
        w.bits(3, 2)  // colour indexing
        w.bits(2, 8)  // three colours: 2-bit indices, four to a pixel
        w.bits(0, 1)  // palette sub-image: no cache
        w.singleSymbol(20)
        w.singleSymbol(10)
        w.singleSymbol(30)
        w.singleSymbol(255)
        w.singleSymbol(0)  // every palette delta is (255, 10, 20, 30)
        w.bits(0, 3)  // no more transforms, no cache, no entropy image
        w.singleSymbol(0b10_01_00_11)  // indices 3, 0, 1, 2 in the green byte
        w.singleSymbol(0)
        w.singleSymbol(0)
        w.singleSymbol(0)
        w.singleSymbol(0)
        let raster = try decode(w)
        XCTAssertTrue(raster.pixel(x: 0, y: 0) == (0, 0, 0, 0))
        XCTAssertTrue(raster.pixel(x: 1, y: 0) == (10, 20, 30, 255))
        XCTAssertTrue(raster.pixel(x: 2, y: 0) == (20, 40, 60, 254))
        XCTAssertTrue(raster.pixel(x: 3, y: 0) == (30, 60, 90, 253))
    }

    /// The table builder against a long code: every symbol decodes from its
    /// own bit pattern through second-level tables sized from the code.
    func testLongCodesDecodeThroughSecondLevelTables() throws {
        // Lengths 1, 2, ..., 14, 15, 15: complete (Kraft sum exactly one).
        var lengths = [UInt8](repeating: 0, count: 20)
        for i in 0..<15 { lengths[i] = UInt8(i + 1) }
        lengths[15] = 15
        var store: [UInt32] = []
        let code = try lengths.withUnsafeBufferPointer { b throws(DecodeError) in
            try VP8LHuffmanBuilder.build(b, into: &store, limit: 1 << 20)
        }
        XCTAssertEqual(code.rootBits, 8)
        // 256 root entries, and one second-level table of 2^(15-8) for the prefix 11111111.
        XCTAssertEqual(store.count, 256 + 128)
        var w = VP8LBitWriter()
        for symbol in 0..<16 {
            let length = Int(lengths[symbol])
            let value = symbol < 15 ? (1 << length) - 2 : (1 << 15) - 1  // canonical: 0, 10, 110, ...
            w.code(value, length: length)
        }
        let bytes = w.bytes + [0, 0, 0, 0]
        try bytes.withUnsafeBufferPointer { data throws(DecodeError) in
            var reader = VP8LBitReader(data)
            try store.withUnsafeBufferPointer { table throws(DecodeError) in
                guard let base = table.baseAddress else { throw .corrupt("empty") }
                for symbol in 0..<16 { XCTAssertEqual(VP8LPrefixCodeReader.decode(base, code, &reader), symbol) }
            }
        }
    }
}
