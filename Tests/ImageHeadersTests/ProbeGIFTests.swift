import TestImages
import XCTest

@testable import ImageHeaders

final class ProbeGIFTests: XCTestCase {
    typealias B = ImageBytes

    func testSingleFrame() throws {
        XCTAssertEqual(
            try probe(B.gif(width: 320, height: 200, frames: 1)), ImageFacts(type: .gif, width: 320, height: 200))
    }

    func testFrameCounts() throws {
        for n in [2, 3, 17, 100] {
            XCTAssertEqual(try probe(B.gif(width: 10, height: 10, frames: n)).frames, n)
            XCTAssertEqual(
                try probe(B.gif(width: 10, height: 10, frames: n, globalTable: false, localTables: true)).frames, n)
        }
    }

    func testGIF87a() throws {
        var bytes = B.gif(width: 5, height: 6, frames: 1)
        bytes.replaceSubrange(0..<6, with: B.ascii("GIF87a"))
        XCTAssertEqual(try probe(bytes), ImageFacts(type: .gif, width: 5, height: 6))
    }

    func testAGIFWithoutAnyImageIsRefused() {
        // Extensions and a trailer but no image: nothing to show (Pillow refuses it too).
        XCTAssertEqual(probeError(B.gif(width: 5, height: 6, frames: 0)), "corrupt GIF header (no image)")
        // Cut off after the logical screen, before any image.
        XCTAssertEqual(probeError(B.ascii("GIF87a") + B.le16(40) + B.le16(24) + [0xF3, 0, 0]), "truncated GIF header")
        XCTAssertEqual(probeError(Array(B.gif(width: 5, height: 6, frames: 1).prefix(60))), "truncated GIF header")
    }

    func testMissingTrailerAndTruncatedTailKeepCount() throws {
        XCTAssertEqual(try probe(B.gif(width: 5, height: 6, frames: 4, trailer: false)).frames, 4)
        let full = B.gif(width: 5, height: 6, frames: 4)
        XCTAssertEqual(try probe(Array(full.prefix(full.count - 100))).frames, 3)
    }

    func testZeroLogicalScreenUsesFirstFrame() throws {
        XCTAssertEqual(
            try probe(B.gif(width: 0, height: 0, frames: 2, frameSize: (30, 40))),
            ImageFacts(type: .gif, width: 30, height: 40, frames: 2))
        XCTAssertEqual(probeError(B.gif(width: 0, height: 0, frames: 0)), "corrupt GIF header (zero width or height)")
    }

    func testTruncatedHeader() {
        XCTAssertEqual(probeError(B.ascii("GIF8")), "truncated GIF header")
        XCTAssertEqual(probeError(B.ascii("GIF89a") + [1, 0, 1]), "truncated GIF header")
    }

    func testLargeAnimationReadsInFewCalls() throws {
        let bytes = B.gif(width: 64, height: 64, frames: 5000)
        let source = CountingSource(MemoryByteSource(bytes))
        XCTAssertEqual(try ImageProbe.probe(source).frames, 5000)
        XCTAssertLessThan(source.reads, bytes.count / 16_384 + 10)
    }
}
