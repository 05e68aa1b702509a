import TestImages
import XCTest

@testable import ImageHeaders

final class ProbeWebPTests: XCTestCase {
    typealias B = ImageBytes

    func testLossy() throws {
        XCTAssertEqual(
            try probe(B.webpLossy(width: 550, height: 368)), ImageFacts(type: .webp, width: 550, height: 368))
        XCTAssertEqual(try probe(B.webpLossy(width: 16383, height: 1)).width, 16383)
    }

    func testLossyScaleBitsAreMasked() throws {
        XCTAssertEqual(
            try probe(B.webpLossy(width: 0xC000 | 100, height: 0x4000 | 50)),
            ImageFacts(type: .webp, width: 100, height: 50))
    }

    func testLossless() throws {
        // The test VP8L header sets its alpha_is_used bit.
        XCTAssertEqual(
            try probe(B.webpLossless(width: 1, height: 1)), ImageFacts(type: .webp, width: 1, height: 1, alpha: true))
        XCTAssertEqual(
            try probe(B.webpLossless(width: 16384, height: 9999)),
            ImageFacts(type: .webp, width: 16384, height: 9999, alpha: true))
    }

    func testExtendedStill() throws {
        XCTAssertEqual(
            try probe(B.webpExtended(width: 70_000, height: 3)), ImageFacts(type: .webp, width: 70_000, height: 3))
    }

    func testAnimated() throws {
        XCTAssertEqual(
            try probe(B.webpExtended(width: 40, height: 30, frames: 7)),
            ImageFacts(type: .webp, width: 40, height: 30, frames: 7))
        XCTAssertEqual(try probe(B.webpExtended(width: 40, height: 30, frames: 0)).frames, 1)
    }

    func testExifWithAndWithoutPrefix() throws {
        XCTAssertEqual(try probe(B.webpExtended(width: 4, height: 3, exif: B.exif(orientation: 6))).orientation, 6)
        XCTAssertEqual(
            try probe(
                B.webpExtended(width: 4, height: 3, exif: B.exifPrefix + B.exif(orientation: 3, littleEndian: false))
            ).orientation, 3)
        XCTAssertEqual(
            try probe(B.webpExtended(width: 4, height: 3, frames: 2, exif: B.exif(orientation: 9))),
            ImageFacts(type: .webp, width: 4, height: 3, orientation: 1, frames: 2))
    }

    func testOddChunkPadding() throws {
        // A 5-byte EXIF-less odd chunk before the frames must be padded over.
        var chunks = [
            B.webpChunk("VP8X", [0x02, 0, 0, 0] + B.le24(9) + B.le24(9)), B.webpChunk("XYZW", [1, 2, 3, 4, 5]),
        ]
        chunks.append(B.webpChunk("ANMF", [UInt8](repeating: 0, count: 16)))
        chunks.append(B.webpChunk("ANMF", [UInt8](repeating: 0, count: 16)))
        XCTAssertEqual(try probe(B.riff(chunks)).frames, 2)
    }

    func testLargeChunkSkipped() throws {
        let bytes = B.webpExtended(width: 4, height: 3, frames: 3, exif: B.exif(orientation: 5), padding: 3_000_001)
        let source = CountingSource(MemoryByteSource(bytes))
        XCTAssertEqual(
            try ImageProbe.probe(source), ImageFacts(type: .webp, width: 4, height: 3, orientation: 5, frames: 3))
        XCTAssertLessThan(source.bytesRead, 1_100_000)
    }

    func testOtherRIFFDataAndDamagedChunksAreRefusedByName() {
        XCTAssertEqual(probeError(B.ascii("RIFF") + [0, 0]), "truncated RIFF header")
        XCTAssertEqual(probeError(B.ascii("RIFF") + B.le32(4) + B.ascii("WAVE")), "WAV audio")
        XCTAssertEqual(probeError(B.ascii("RIFF") + B.le32(4) + B.ascii("WEBP")), "truncated WebP header")
        XCTAssertEqual(probeError(B.riff([B.webpChunk("ABCD", [1, 2])])), "corrupt WebP header (unknown first chunk)")
        XCTAssertEqual(
            probeError(B.riff([B.webpChunk("VP8L", [0x2E, 0, 0, 0, 0])])), "corrupt WebP header (bad VP8L signature)")
        XCTAssertEqual(
            probeError(B.riff([B.webpChunk("VP8 ", [0x50, 0x05, 0x00, 1, 2, 3, 1, 0, 1, 0])])),
            "corrupt WebP header (bad VP8 start code)")
        XCTAssertEqual(probeError(Array(B.webpLossy(width: 9, height: 9).prefix(25))), "truncated WebP header")
    }
}
