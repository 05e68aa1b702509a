import XCTest

@testable import ImageHeaders

/// The lexers cut the same spans out of bytes in memory and through the probe's budgeted reader, and
/// leave every judgement (lengths past the end, stray bytes, CRCs) to the reader.
final class ContainerLexerTests: XCTestCase {
    func testPNGChunksAreCutByTheirLengthsWhateverTheyClaim() {
        let file: [UInt8] =
            PNGChunkLexer.signature + [0, 0, 0, 1] + Array("abCd".utf8) + [7, 1, 2, 3, 4]
            + [0xFF, 0, 0, 0] + Array("IEND".utf8)
        var bytes = file
        var chunks = PNGChunkLexer()
        let first = chunks.next(in: &bytes)
        XCTAssertEqual(first, PNGChunk(start: 8, length: 1, type: fourCC("abCd")))
        XCTAssertEqual(first?.isCritical, false)
        let second = chunks.next(in: &bytes)
        XCTAssertEqual(second?.length, 0xFF00_0000, "a length past the end is the reader's to refuse")
        XCTAssertNil(chunks.next(in: &bytes))
        var reader = ByteReader(MemoryByteSource(file), format: "PNG")
        var throughReader = PNGChunkLexer()
        XCTAssertEqual(try throughReader.next(in: &reader), first)
        XCTAssertEqual(try throughReader.next(in: &reader), second)
    }

    func testRIFFChunksArePaddedToEvenLengthsAndStopAtTheirEnd() {
        var bytes: [UInt8] =
            Array("RIFF".utf8) + [21, 0, 0, 0] + Array("WEBP".utf8) + Array("ALPH".utf8) + [1, 0, 0, 0, 9, 0]
            + Array("VP8 ".utf8) + [0, 0, 0, 0] + [1]
        XCTAssertEqual(RIFFChunkLexer.header(in: &bytes)?.size, 21)
        var chunks = RIFFChunkLexer(end: 29)
        XCTAssertEqual(chunks.next(in: &bytes)?.data, 20..<21)
        XCTAssertEqual(chunks.position, 22, "the pad byte after an odd size is skipped")
        XCTAssertNil(chunks.next(in: &bytes), "fewer than 8 bytes before the end")
        XCTAssertEqual(chunks.leftOver, 7)
    }

    func testJPEGMarkersCountStrayAndFillBytesAndEntropyDataEndsAtARealMarker() {
        var bytes: [UInt8] = [
            0xFF, 0xD8, 0x00, 0x01, 0xFF, 0xFF, 0xDA, 0x00, 0x02, 1, 0xFF, 0x00, 0xFF, 0xD3, 2, 0xFF, 0xD9,
        ]
        var lexer = JPEGMarkerLexer()
        XCTAssertEqual(lexer.nextMarker(in: &bytes), JPEGMarker(code: 0xDA, offset: 6, stray: 2, fill: 1))
        XCTAssertEqual(lexer.segment(in: &bytes), JPEGSegment(start: 7, length: 2))
        XCTAssertEqual(JPEGMarkerLexer.endOfEntropyCodedData(in: &bytes, from: lexer.position), 15)
        var limited = JPEGMarkerLexer()
        XCTAssertNil(limited.nextMarker(in: &bytes, skipLimit: 2))
        XCTAssertTrue(limited.gaveUp)
    }

    func testTIFFEntriesInEitherByteOrder() {
        for little in [true, false] {
            let u16: (Int) -> [UInt8] = {
                little ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)]
            }
            let u32: (Int) -> [UInt8] = { little ? u16($0 & 0xFFFF) + u16($0 >> 16) : u16($0 >> 16) + u16($0 & 0xFFFF) }
            var bytes =
                (little ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(1)
                + u16(0x0112) + u16(3) + u32(1) + u16(6) + [0, 0] + u32(0)
            guard let tiff = TIFFLexer.header(in: &bytes) else { return XCTFail("no header") }
            XCTAssertEqual(tiff.version, 42)
            XCTAssertEqual(tiff.firstDirectory(in: &bytes), 8)
            XCTAssertEqual(tiff.entryCount(in: &bytes, directory: 8), 1)
            XCTAssertEqual(
                tiff.entry(in: &bytes, directory: 8, index: 0),
                TIFFEntry(tag: 0x0112, type: 3, count: 1, valueField: 18))
            XCTAssertEqual(tiff.nextDirectory(in: &bytes, directory: 8, count: 1), 0)
            XCTAssertEqual(EXIFOrientation.orientation(bytes), 6)
            XCTAssertEqual(EXIFOrientation.orientation(EmbeddedMetadata.uprighted(bytes)), 1)
        }
    }
}
