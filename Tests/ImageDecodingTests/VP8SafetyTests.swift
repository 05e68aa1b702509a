import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// Malformed VP8 frames and ALPH chunks: refused with a DecodeError, never a trap.
final class VP8SafetyTests: XCTestCase {
    private func payload(_ name: String) -> [UInt8] {
        WebPTestSupport.payload(of: "VP8 ", in: WebPTestSupport.fixture(name)) ?? []
    }

    private func decodeVP8(_ payload: [UInt8]) throws(DecodeError) -> Raster {
        try WebPDecoder.decode(WebPTestSupport.riff(WebPTestSupport.chunk("VP8 ", payload)))
    }

    private func firstPartitionSize(_ p: [UInt8]) -> Int { (Int(p[0]) | Int(p[1]) << 8 | Int(p[2]) << 16) >> 5 }

    private func assertRefused(_ p: [UInt8], _ fragment: String, line: UInt = #line) {
        do {
            _ = try decodeVP8(p)
            XCTFail("decoded a frame that should be refused", line: line)
        } catch {
            XCTAssertTrue(error.message.contains(fragment), "\(error.message)", line: line)
        }
    }

    func testFirstPartitionSizePastTheFileIsRefused() {
        var p = payload("lossy-37x23-strong.webp")
        p[0] |= 0xE0
        p[1] = 0xFF
        p[2] = 0xFF
        assertRefused(p, "first partition")
    }

    func testPartitionSizePastTheDataIsRefused() {
        var p = payload("lossy-4partitions-37x23.webp")
        let sizes = 10 + firstPartitionSize(p)
        p[sizes] = 0xFF
        p[sizes + 1] = 0xFF
        p[sizes + 2] = 0xFF
        assertRefused(p, "partition 1")
    }

    /// Four partitions declared, but the data ends inside their size table.
    func testMorePartitionsThanDataIsRefused() {
        let p = payload("lossy-4partitions-37x23.webp")
        let cut = Array(p[0..<(10 + firstPartitionSize(p) + 4)])
        assertRefused(cut, "partition sizes")
    }

    /// The last token partition cut short: its boolean decoder runs past the
    /// end, reads zeros, and the frame is refused after that macroblock.
    func testTokenPartitionEndingEarlyIsRefused() {
        let p = payload("lossy-37x23-strong.webp")
        let cut = Array(p[0..<(10 + firstPartitionSize(p) + 2)])
        assertRefused(cut, "VP8 partition 1")
    }

    /// The first partition claimed shorter than it is: the modes run out.
    func testFirstPartitionEndingEarlyIsRefused() {
        var p = payload("lossy-37x23-strong.webp")
        let shorter = 12
        let tag = (Int(p[0]) | Int(p[1]) << 8 | Int(p[2]) << 16) & 0x1F | shorter << 5
        p[0] = UInt8(tag & 0xFF)
        p[1] = UInt8(tag >> 8 & 0xFF)
        p[2] = UInt8(tag >> 16)
        XCTAssertThrowsError(try decodeVP8(p))
    }

    /// 16383×16383 claimed by a 140-byte frame: a first partition of under a
    /// bit a macroblock cannot hold it, so nothing is allocated.
    func testHugeDimensionsInATinyFileAreRefusedWithoutAllocating() {
        var p = payload("lossy-37x23-strong.webp")
        for at in [6, 8] {
            p[at] = 0xFF
            p[at + 1] = 0x3F
        }
        let before = peakResidentKilobytes()
        assertRefused(p, "too short for 1048576 macroblocks")
        XCTAssertLessThan(peakResidentKilobytes() - before, 64 * 1024)
    }

    func testTruncatedAtEveryByteNeverTraps() {
        for name in ["lossy-37x23-strong.webp", "lossy-4partitions-37x23.webp", "lossy-alpha-29x17.webp"] {
            let file = WebPTestSupport.fixture(name)
            for end in 0..<file.count {
                XCTAssertThrowsError(try WebPDecoder.decode(Array(file[0..<end])), "\(name) cut at \(end)")
                // With the sizes patched to the cut, so the bitstreams themselves end early.
                let cut = Array(file[0..<end])
                if let vp8 = WebPTestSupport.payload(of: "VP8 ", in: cut) { _ = try? decodeVP8(vp8) }
            }
        }
    }

    // MARK: ALPH

    private func withAlpha(_ alph: [UInt8], flags: UInt8 = 0x10) -> [UInt8] {
        let p = payload("lossy-37x23-strong.webp")
        return WebPTestSupport.riff(
            WebPTestSupport.vp8xHeader(flags: flags, width: 37, height: 23)
                + WebPTestSupport.chunk("ALPH", alph) + WebPTestSupport.chunk("VP8 ", p))
    }

    func testRawAlphaSmallerThanTheFrameIsRefused() {
        XCTAssertThrowsError(try WebPDecoder.decode(withAlpha([0] + [UInt8](repeating: 100, count: 37 * 23 - 1)))) {
            XCTAssertEqual($0 as? DecodeError, .truncated(section: "ALPH data"))
        }
    }

    func testRawAlphaLargerThanTheFrameUsesItsStart() throws {
        let raster = try WebPDecoder.decode(withAlpha([0] + [UInt8](repeating: 100, count: 37 * 23 + 50)))
        let opaque = try WebPDecoder.decode(WebPTestSupport.fixture("lossy-37x23-strong.webp"))
        XCTAssertTrue(raster.hasAlpha)
        XCTAssertEqual(raster.pixel(x: 36, y: 22).a, 100)
        XCTAssertEqual(raster.pixel(x: 5, y: 5).r, opaque.pixel(x: 5, y: 5).r)
    }

    /// Horizontal filter (method 1): each row's first value predicts from above, the rest from the left.
    func testAlphaHorizontalFilterIsUndone() throws {
        let raster = try WebPDecoder.decode(withAlpha([0b0000_0100] + [UInt8](repeating: 1, count: 37 * 23)))
        XCTAssertEqual(raster.pixel(x: 0, y: 0).a, 1)
        XCTAssertEqual(raster.pixel(x: 5, y: 3).a, 9)
    }

    func testAlphaWithReservedBitsOrUnknownMethodIsRefused() {
        XCTAssertThrowsError(try WebPDecoder.decode(withAlpha([0x40] + [UInt8](repeating: 1, count: 37 * 23))))
        XCTAssertThrowsError(try WebPDecoder.decode(withAlpha([0x02] + [UInt8](repeating: 1, count: 37 * 23))))
    }

    /// libwebp's demuxer drops ALPH when the VP8X alpha flag is clear; its
    /// feature probe still reports alpha, so Pillow's mode is RGBA.
    func testAlphaWithoutTheVP8XFlagIsIgnored() throws {
        let raster = try WebPDecoder.decode(withAlpha([0] + [UInt8](repeating: 100, count: 37 * 23), flags: 0))
        XCTAssertTrue(raster.hasAlpha)
        XCTAssertEqual(raster.pixel(x: 3, y: 3).a, 255)
    }
}
