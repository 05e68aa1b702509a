import Foundation
import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// The VP8L safety classes: each malformed stream is refused with a
/// DecodeError, never a trap, and never after a proportional allocation.
final class WebPLosslessSafetyTests: XCTestCase {
    private func decode(_ w: VP8LBitWriter) throws(DecodeError) -> Raster {
        try WebPDecoder.decode(WebPTestSupport.riff(WebPTestSupport.chunk("VP8L", w.bytes)))
    }

    private func assertRefused(_ w: VP8LBitWriter, _ fragment: String, line: UInt = #line) {
        do {
            _ = try decode(w)
            XCTFail("decoded a stream that should be refused", line: line)
        } catch {
            XCTAssertTrue(error.message.contains(fragment), "\(error.message)", line: line)
        }
    }

    /// CVE-2023-4863 class: code lengths that over-subscribe the code space
    /// (here the code-length code: three symbols of length 1) build no table.
    func testOverSubscribedPrefixCodeIsRefused() {
        var w = VP8LBitWriter()
        w.header(width: 2, height: 2)
        w.bits(0, 3)
        w.bits(0, 1)  // green: a normal code
        w.bits(0, 4)  // four code-length code lengths: for 17, 18, 0, 1
        for length in [1, 1, 1, 0] { w.bits(length, 3) }
        w.bits(0, 64)
        assertRefused(w, "over-subscribes")
    }

    /// CVE-2023-4863 class: an incomplete code (lengths 1 and 2 only) builds no table either.
    func testIncompletePrefixCodeIsRefused() {
        var w = VP8LBitWriter()
        w.header(width: 2, height: 2)
        w.bits(0, 3)
        w.bits(0, 1)  // green: a normal code
        w.bits(1, 4)  // five code-length code lengths: for 17, 18, 0, 1, 2
        for length in [0, 0, 1, 2, 2] { w.bits(length, 3) }  // code-length symbols 0: "0", 1: "10", 2: "11"
        w.bits(0, 1)  // lengths for the whole alphabet
        w.code(0b10, length: 2)  // symbol 0 has length 1
        w.code(0b11, length: 2)  // symbol 1 has length 2
        for _ in 0..<(280 - 2) { w.code(0, length: 1) }
        w.bits(0, 64)
        assertRefused(w, "incomplete")
    }

    func testColourCacheBitsOutOfRangeAreRefused() {
        for bits in [0, 12, 15] {
            var w = VP8LBitWriter()
            w.header(width: 2, height: 2)
            w.solidImage(argb: (a: 255, r: 1, g: 2, b: 3), cacheBits: bits)
            assertRefused(w, "colour cache")
        }
        var valid = VP8LBitWriter()
        valid.header(width: 2, height: 2)
        valid.solidImage(argb: (a: 255, r: 1, g: 2, b: 3), cacheBits: 11)
        XCTAssertNoThrow(try decode(valid))
    }

    func testTransformAppliedTwiceIsRefused() {
        var w = VP8LBitWriter()
        w.header(width: 2, height: 2)
        w.bits(1, 1)
        w.bits(2, 2)  // subtract green
        w.bits(1, 1)
        w.bits(2, 2)  // subtract green again
        w.bits(0, 64)
        assertRefused(w, "twice")
    }

    private func copyStream(width: Int, lengthPrefix: Int, distanceSymbol: Int) -> VP8LBitWriter {
        var w = VP8LBitWriter()
        w.header(width: width, height: 1)
        w.bits(0, 3)
        w.normalTwoSymbols(0x40, 256 + lengthPrefix)
        for _ in 0..<3 { w.singleSymbol(0) }
        w.singleSymbol(distanceSymbol)
        w.bits(0, 1)  // one literal
        w.bits(1, 1)  // then the copy
        w.bits(0, 16)
        return w
    }

    func testBackwardReferenceBeforeTheStartIsRefused() {
        // Distance code 1 is the pixel above: a whole row (5) back, from pixel 1.
        assertRefused(copyStream(width: 5, lengthPrefix: 0, distanceSymbol: 0), "before the image start")
    }

    func testBackwardReferencePastTheEndIsRefused() {
        // Length 4 (prefix 3) at distance 1 from pixel 1 of a 3-pixel image.
        assertRefused(copyStream(width: 3, lengthPrefix: 3, distanceSymbol: 1), "past the image end")
    }

    /// The colour-indexing table holds at most 256 colours by construction
    /// (8 bits); indices past it read transparent black (see WebPLosslessTests).
    func testPaletteOfTheLargestSizeDecodes() throws {
        var w = VP8LBitWriter()
        w.header(width: 2, height: 1)
        w.bits(1, 1)
        w.bits(3, 2)
        w.bits(255, 8)  // 256 colours, one index a pixel
        w.bits(0, 1)
        for symbol in [1, 1, 1, 1, 0] { w.singleSymbol(symbol) }
        w.bits(0, 3)
        for symbol in [254, 0, 0, 0, 0] { w.singleSymbol(symbol) }  // index 254
        let raster = try decode(w)
        // Colour i is (i + 1)·(1, 1, 1, 1): index 254 is (255, 255, 255, 255).
        XCTAssertTrue(raster.pixel(x: 1, y: 0) == (255, 255, 255, 255))
    }

    /// 16384×16384 claimed, the stream cut after its prefix codes: refused as
    /// truncated at the first row, with the output's pages never touched.
    func testHugeDimensionsInATinyFileAreRefusedWithoutAllocating() {
        var w = VP8LBitWriter()
        w.header(width: 16384, height: 16384)
        w.bits(0, 3)
        w.twoSymbols(1, 2)  // green: one bit a pixel, so the data runs out at once
        for _ in 0..<4 { w.singleSymbol(0) }
        let before = peakResidentKilobytes()
        XCTAssertThrowsError(try decode(w)) { error in
            XCTAssertEqual(error as? DecodeError, .truncated(section: "VP8L image data"))
        }
        let grown = peakResidentKilobytes() - before
        XCTAssertLessThan(grown, 64 * 1024, "peak memory grew by \(grown) KB for a 40-byte file")
    }

    func testTruncatedAtEveryByteNeverTraps() {
        for name in ["lossless-37x23.webp", "lossless-alpha-29x17.webp", "lossless-palette4-41x13.webp"] {
            let file = WebPTestSupport.fixture(name)
            for end in 0..<file.count {
                // The RIFF size then claims more than there is: refused; also try
                // with the sizes patched to the cut, so the VP8L stream itself ends early.
                XCTAssertThrowsError(try WebPDecoder.decode(Array(file[0..<end])), "\(name) cut at \(end)")
                if end > 20, let payload = WebPTestSupport.payload(of: "VP8L", in: Array(file[0..<end])) {
                    _ = try? WebPDecoder.decode(WebPTestSupport.riff(WebPTestSupport.chunk("VP8L", payload)))
                }
            }
        }
    }
}

/// The process's peak resident memory (VmHWM), in kilobytes.
func peakResidentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}
