import ImageHeaders
import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// The WebP row decode (issue 23): lossy frames go through a window of a few macroblock rows
/// and, when large, a second thread reads the tokens; the rows must be Pillow's bytes
/// whichever way they were made, handed over in order, each once.
final class WebPRowDecodeTests: XCTestCase {
    /// Tall pictures, so the window slides many times with the loop filter on (odd sizes: the
    /// last macroblock row and column are partial, the last pixel row uses one chroma row).
    /// Made with Pillow 13 (libwebp) from crops of the bench photo: 61×405 at quality 80, and
    /// 33×203 with a vertical alpha ramp at quality 70 (ALPH, lossless). Digests are FNV-1a of
    /// Pillow's `convert("RGBA").tobytes()`.
    func testTallPicturesMatchPillowExactly() throws {
        try WebPTestSupport.assertDecodesLikePillow([
            .init(name: "lossy-61x405-tall.webp", width: 61, height: 405, alpha: false, digest: 0xBD5E_8676_2C4A_C08D),
            .init(
                name: "lossy-alpha-33x203-tall.webp", width: 33, height: 203, alpha: true,
                digest: 0x6C01_92D0_0992_22EA),
        ])
    }

    static let lossy = [
        "lossy-37x23-strong.webp", "lossy-37x23-simple.webp", "lossy-4partitions-37x23.webp",
        "lossy-alpha-29x17.webp", "lossy-61x405-tall.webp", "lossy-alpha-33x203-tall.webp",
        "animated-3frames-20x12.webp",
    ]

    /// The threaded decode (tokens read on a second thread) gives the same bytes as the
    /// single-threaded one.
    func testThreadedDecodeEqualsSingleThreaded() throws {
        for name in Self.lossy {
            let file = WebPTestSupport.fixture(name)
            let alone = try WebPDecoder.decode(file, threaded: false)
            let threaded = try WebPDecoder.decode(file, threaded: true)
            XCTAssertEqual(alone.pixels, threaded.pixels, name)
            XCTAssertEqual(alone.hasAlpha, threaded.hasAlpha, name)
        }
    }

    /// A file cut anywhere is refused, or decoded, the same way with and without the thread:
    /// the reading thread's failure reaches the caller, and nothing hangs.
    func testCutFilesFailTheSameWayThreaded() {
        let file = WebPTestSupport.fixture("lossy-61x405-tall.webp")
        for end in stride(from: 40, to: file.count, by: 37) {
            let cut = Array(file[0..<end])
            let alone = Result { () throws(DecodeError) in try WebPDecoder.decode(cut, threaded: false) }
            let threaded = Result { () throws(DecodeError) in try WebPDecoder.decode(cut, threaded: true) }
            switch (alone, threaded) {
            case (.success(let a), .success(let b)): XCTAssertEqual(a.pixels, b.pixels, "cut at \(end)")
            case (.failure(let a), .failure(let b)): XCTAssertEqual(a.message, b.message, "cut at \(end)")
            default: XCTFail("cut at \(end): \(alone) against \(threaded)")
            }
        }
    }

    /// A file whose VP8 data is cut but whose chunk sizes say so (the container is whole) fails the
    /// same way with and without the thread, at every cut: the token reader stops at the row where
    /// its partition ends (or the modes' reader at the row where the first partition does), and
    /// the pipeline is torn down without a trap (a semaphore freed below its starting value trapped).
    func testCutVP8DataFailsTheSameWayThreaded() throws {
        let file = WebPTestSupport.fixture("lossy-61x405-tall.webp")
        // The fixture is fixed: a file that is not simple lossy would test nothing here, so it fails.
        XCTAssertEqual(Array(file[12..<16]), Array("VP8 ".utf8), "the fixture is not a simple lossy file")
        for end in stride(from: 40, to: file.count, by: 23) {
            var cut = Array(file[0..<end])
            for (offset, size) in [(4, end - 8), (16, end - 20)] {
                for i in 0..<4 { cut[offset + i] = UInt8(truncatingIfNeeded: size >> (8 * i)) }
            }
            let alone = Result { () throws(DecodeError) in try WebPDecoder.decode(cut, threaded: false) }
            let threaded = Result { () throws(DecodeError) in try WebPDecoder.decode(cut, threaded: true) }
            switch (alone, threaded) {
            case (.success(let a), .success(let b)): XCTAssertEqual(a.pixels, b.pixels, "cut at \(end)")
            case (.failure(let a), .failure(let b)): XCTAssertEqual(a.message, b.message, "cut at \(end)")
            default: XCTFail("cut at \(end): \(alone) against \(threaded)")
            }
        }
    }

    /// Every fixture's rows reach a sink once each, in order, after one `begin` with the
    /// canvas's size, and they are the whole decode's rows.
    func testRowsComeInOrderOnceEach() throws {
        for name in Self.lossy + ["lossless-37x23.webp", "lossless-alpha-29x17.webp"] {
            let file = WebPTestSupport.fixture(name)
            let whole = try WebPDecoder.decode(file)
            let sink = RecordingSink()
            try WebPDecoder.decode(file, into: sink)
            XCTAssertEqual(sink.begins, 1, name)
            XCTAssertEqual(sink.size?.0, whole.width, name)
            XCTAssertEqual(sink.size?.1, whole.height, name)
            XCTAssertEqual(sink.rows, Array(0..<whole.height), name)
            XCTAssertEqual(sink.pixels, whole.pixels, name)
        }
    }

    /// The registry's row decode (`PixelDecoders[.webp]`) decodes WebP through the same path.
    func testRegisteredAsARowDecoder() throws {
        let file = WebPTestSupport.fixture("lossy-61x405-tall.webp")
        let decode = try XCTUnwrap(PixelDecoders[.webp]?.decodeRows)
        let sink = RecordingSink()
        try decode(file, sink)
        XCTAssertEqual(sink.pixels, try WebPDecoder.decode(file).pixels)
    }
}

/// Keeps what a decoder handed it, and the order it came in.
private final class RecordingSink: RowSink {
    var begins = 0
    var size: (Int, Int)?
    var rows: [Int] = []
    var pixels: [UInt8] = []

    func begin(width: Int, height: Int, hasAlpha: Bool) throws(DecodeError) {
        begins += 1
        size = (width, height)
    }

    func row(_ y: Int, _ row: UnsafePointer<UInt8>) {
        rows.append(y)
        pixels += UnsafeBufferPointer(start: row, count: 4 * (size?.0 ?? 0))
    }
}
