import TestImages
import XCTest

@testable import ImageHeaders

final class ProbePNGTests: XCTestCase {
    typealias B = ImageBytes

    func testPlainPNG() throws {
        // The test PNG is RGBA (colour type 6): an alpha channel.
        XCTAssertEqual(
            try probe(B.png(width: 800, height: 600)), ImageFacts(type: .png, width: 800, height: 600, alpha: true))
    }

    func testAPNGFrameCount() throws {
        XCTAssertEqual(try probe(B.png(width: 8, height: 9, beforeIDAT: [B.acTL(frames: 12)])).frames, 12)
        XCTAssertEqual(try probe(B.png(width: 8, height: 9, beforeIDAT: [B.acTL(frames: 0)])).frames, 1)
    }

    func testAcTLAfterIDATIsIgnored() throws {
        XCTAssertEqual(try probe(B.png(width: 8, height: 9, afterIDAT: [B.acTL(frames: 5)])).frames, 1)
    }

    func testExifBeforeAndAfterIDAT() throws {
        for le in [true, false] {
            let chunk = B.pngChunk("eXIf", B.exif(orientation: 6, littleEndian: le))
            XCTAssertEqual(try probe(B.png(width: 8, height: 9, beforeIDAT: [chunk])).orientation, 6)
            XCTAssertEqual(try probe(B.png(width: 8, height: 9, afterIDAT: [chunk], idatCount: 20)).orientation, 6)
        }
    }

    func testExifWithPrefixIsTolerated() throws {
        let chunk = B.pngChunk("eXIf", B.exifPrefix + B.exif(orientation: 8))
        XCTAssertEqual(try probe(B.png(width: 8, height: 9, beforeIDAT: [chunk])).orientation, 8)
    }

    func testTextFramesAndOrientationChunksTogetherBeforeIDAT() throws {
        let facts = try probe(
            B.png(
                width: 3, height: 4,
                beforeIDAT: [
                    B.pngChunk("tEXt", B.ascii("a\0b")), B.acTL(frames: 3),
                    B.pngChunk("eXIf", B.exif(orientation: 2)),
                ]))
        XCTAssertEqual(facts, ImageFacts(type: .png, width: 3, height: 4, orientation: 2, frames: 3, alpha: true))
    }

    func testIHDRMustBeFirst() {
        var bytes = B.pngSignature + B.pngChunk("tEXt", B.ascii("x"))
        bytes += B.pngChunk("IHDR", B.be32(1) + B.be32(1) + [8, 6, 0, 0, 0])
        XCTAssertEqual(probeError(bytes), "corrupt PNG header (first chunk is not IHDR)")
    }

    func testInvalidDimensions() {
        XCTAssertEqual(probeError(B.png(width: 0, height: 5)), "corrupt PNG header (invalid dimensions)")
        XCTAssertEqual(probeError(B.png(width: 5, height: 0x8000_0000)), "corrupt PNG header (invalid dimensions)")
    }

    func testTruncated() {
        let full = B.png(width: 8, height: 9)
        XCTAssertEqual(probeError(Array(full.prefix(4))), "truncated PNG header")
        XCTAssertEqual(probeError(Array(full.prefix(12))), "truncated PNG header")
        XCTAssertEqual(probeError(Array(full.prefix(20))), "truncated PNG header")
        XCTAssertEqual(probeError(Array(full.prefix(32))), "truncated PNG header")  // checksum cut
        XCTAssertEqual(try probe(Array(full.prefix(33))).width, 8)  // IHDR chunk complete
    }

    func testIHDRChecksumAndLengthAreChecked() {
        // libpng, and so every browser, refuses these; Pillow refuses the bad checksum too.
        var bytes = B.png(width: 8, height: 9)
        bytes[29] ^= 0xFF
        XCTAssertEqual(probeError(bytes), "corrupt PNG header (IHDR checksum mismatch)")
        let short = B.pngSignature + B.pngChunk("IHDR", B.be32(8) + B.be32(9) + [8, 6, 0, 0])
        XCTAssertEqual(probeError(short), "corrupt PNG header (IHDR length is not 13)")
        let long = B.pngSignature + B.pngChunk("IHDR", B.be32(8) + B.be32(9) + [8, 6, 0, 0, 0, 0])
        XCTAssertEqual(probeError(long), "corrupt PNG header (IHDR length is not 13)")
    }

    func testEveryColourTypeAndDepthAndInterlace() throws {
        // The probe reads only the size from IHDR, whatever the pixel layout declared there.
        for (colour, depths): (UInt8, [UInt8]) in [
            (0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16]),
        ] {
            for depth in depths {
                for interlace: UInt8 in [0, 1] {
                    let bytes =
                        B.pngSignature + B.pngChunk("IHDR", B.be32(37) + B.be32(23) + [depth, colour, 0, 0, interlace])
                        + B.pngChunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + B.pngChunk("IEND", [])
                    XCTAssertEqual(
                        try probe(bytes),
                        ImageFacts(type: .png, width: 37, height: 23, alpha: colour == 4 || colour == 6),
                        "\(colour)/\(depth)/\(interlace)")
                }
            }
        }
    }

    func testChunksBeforeIDATStopAtTheByteBudget() throws {
        // 80 MB of text chunks before the pixels: the size is known from IHDR, the walk gives up.
        let head = B.pngSignature + B.pngChunk("IHDR", B.be32(5) + B.be32(6) + [8, 2, 0, 0, 0])
        let source = CountingSource(RepeatingSource(head: head, unit: B.pngChunk("tEXt", B.zeros(8000)), count: 10_000))
        XCTAssertEqual(try ImageProbe.probe(source), ImageFacts(type: .png, width: 5, height: 6))
        XCTAssertLessThanOrEqual(source.bytesRead, ImageProbe.sniffLength + ByteReader.defaultBudget)
    }

    func testHugeChunkBeforeExifIsSeekedOver() throws {
        let padding = B.pngChunk("zTXt", [UInt8](repeating: 0, count: 3_000_000))
        let bytes = B.png(width: 5, height: 6, beforeIDAT: [padding, B.pngChunk("eXIf", B.exif(orientation: 4))])
        let source = CountingSource(MemoryByteSource(bytes))
        XCTAssertEqual(try ImageProbe.probe(source).orientation, 4)
        XCTAssertLessThan(source.bytesRead, 1_100_000)
    }

    func testManyIDATChunksStayWithinBudget() throws {
        let bytes = B.png(width: 5, height: 6, idatCount: 30_000)
        let source = CountingSource(MemoryByteSource(bytes))
        XCTAssertEqual(try ImageProbe.probe(source).width, 5)
        XCTAssertLessThan(source.bytesRead, 1_100_000)
    }

    func testAbsurdChunkLengthInHugeSparseFile() throws {
        // A 4 GiB-ish IDAT declared in a 5 GB file: seek past it, find eXIf after it.
        let head = B.pngSignature + B.pngChunk("IHDR", B.be32(7) + B.be32(7) + [8, 2, 0, 0, 0])
        let idatLength = 0x7FFF_FFF0
        let idat = B.be32(idatLength) + B.ascii("IDAT")
        let after = head.count + 8 + idatLength + 4
        let exif = B.pngChunk("eXIf", B.exif(orientation: 7)) + B.pngChunk("IEND", [])
        let source = CountingSource(
            SparseSource(
                size: after + exif.count,
                pieces: [(0, head + idat), (after, exif)]))
        XCTAssertEqual(try ImageProbe.probe(source).orientation, 7)
        XCTAssertLessThan(source.bytesRead, 1_100_000)
        // Chunk lengths beyond 2^31-1 just end the walk.
        let bogus = head + B.be32(-1) + B.ascii("eXIf")
        XCTAssertEqual(try probe(bogus).orientation, 1)
    }
}
