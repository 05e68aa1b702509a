import ImageHeaders
import XCTest

@testable import SelectionStore

/// Lossless metadata removal, byte for byte: what stays is the file's own bytes, in order.
final class MetadataStripTests: XCTestCase {
    private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    private let jfif = Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    private let icc = Array("ICC_PROFILE".utf8) + [0, 1, 1] + Array(repeating: 7, count: 20)
    private let exif =
        Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]
    private let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array("<x:xmpmeta/>".utf8)

    func testJPEGKeepsJFIFICCAdobeAndEveryScanByteForByte() throws {
        let dqt = segment(0xDB, [0] + Array(repeating: 1, count: 64))
        let sof = segment(0xC2, [8, 0, 16, 0, 16, 1, 1, 0x11, 0])
        let adobe = segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1])
        let sos = segment(0xDA, [1, 1, 0, 0, 63, 0])
        // Entropy-coded data with a stuffed 0xFF00 and a restart marker in it.
        let scan1: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xD1, 0x78]
        let dht = segment(0xC4, [0x10] + Array(repeating: 0, count: 16))
        let scan2: [UInt8] = [0x9A, 0xFF, 0x00, 0xBC]
        let kept1 = [0xFF, 0xD8] + segment(0xE0, jfif) + segment(0xE2, icc) + adobe + dqt + sof
        let file =
            [0xFF, 0xD8] + segment(0xE0, jfif) + segment(0xE1, exif) + segment(0xE2, icc) + segment(0xE1, xmp)
            + segment(0xED, Array("Photoshop 3.0".utf8)) + adobe + segment(0xFE, Array("a comment".utf8)) + dqt + sof
            + sos + scan1 + segment(0xFE, Array("between scans".utf8)) + dht + sos + scan2 + [0xFF, 0xD9]
            + Array("trailing MPF picture".utf8)
        let expected = kept1 + sos + scan1 + dht + sos + scan2 + [0xFF, 0xD9]
        XCTAssertEqual(try MetadataStrip.stripped(file, type: .jpeg).get(), expected)
        // The metadata export may carry over: EXIF and XMP as read, the ICC profile joined.
        let found = ExportMetadata.read(file, type: .jpeg)
        XCTAssertEqual(found.exif, exif)
        XCTAssertEqual(found.xmp, Array("<x:xmpmeta/>".utf8))
        XCTAssertEqual(found.icc, .raw(Array(repeating: 7, count: 20)))
        // A file cut short in its scan is refused, never copied half.
        XCTAssertThrowsError(
            try MetadataStrip.stripped(Array(file.prefix(kept1.count + sos.count + 4)), type: .jpeg).get())
    }

    func testTheOrientationIsSetToOneInTheStructuresOwnByteOrder() {
        let upright = ExportMetadata.uprighted(exif)
        XCTAssertEqual(upright.count, exif.count)
        XCTAssertEqual(Array(upright[24..<26]), [0, 1], "big-endian SHORT 1")
        var little =
            Array("Exif".utf8) + [0, 0] + [
                0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0,
            ]
        little = ExportMetadata.uprighted(little)
        XCTAssertEqual(Array(little[24..<26]), [1, 0], "little-endian SHORT 1")
        XCTAssertEqual(ExportMetadata.uprighted([1, 2, 3]), [1, 2, 3], "what does not parse is left alone")
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = data.count
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + data
            + [1, 2, 3, 4]  // the CRC is copied as it is, never recomputed
    }

    func testPNGKeepsEveryChunkButTextEXIFAndTime() throws {
        let ihdr = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
        let iccp = chunk("iCCP", Array("icc".utf8) + [0, 0, 0x78, 0x9C])
        let idat = chunk("IDAT", [0x78, 0x9C, 1, 2, 3])
        let file =
            PNGChunkLexer.signature + ihdr + chunk("tEXt", Array("Comment\0x".utf8)) + iccp
            + chunk("eXIf", [0x4D, 0x4D])
            + chunk("tIME", [7, 0xEA, 12, 1, 0, 0, 0]) + chunk("zTXt", [1]) + idat
            + chunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array("<x/>".utf8)) + chunk("IEND", [])
            + [9, 9]
        XCTAssertEqual(
            try MetadataStrip.stripped(file, type: .png).get(),
            PNGChunkLexer.signature + ihdr + iccp + idat + chunk("IEND", []))
        let found = ExportMetadata.read(file, type: .png)
        XCTAssertEqual(found.icc, .zlib([0x78, 0x9C]))
        XCTAssertEqual(found.exif, Array("Exif".utf8) + [0, 0, 0x4D, 0x4D])
        XCTAssertEqual(found.xmp, Array("<x/>".utf8))
    }

    private func riff(_ chunks: [UInt8]) -> [UInt8] {
        let n = chunks.count + 4
        return Array("RIFF".utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)]
            + Array("WEBP".utf8) + chunks
    }

    private func webpChunk(_ fourCC: String, _ data: [UInt8]) -> [UInt8] {
        let n = data.count
        return Array(fourCC.utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), 0, 0] + data + (n % 2 == 1 ? [0] : [])
    }

    func testWebPDropsEXIFAndXMPAndTheirFlagsAndSetsTheRIFFSizeAgain() throws {
        let vp8 = webpChunk("VP8 ", [1, 2, 3, 4, 5])
        let iccp = webpChunk("ICCP", [7, 7, 7])
        func vp8x(_ flags: UInt8) -> [UInt8] { webpChunk("VP8X", [flags, 0, 0, 0, 9, 0, 0, 9, 0, 0]) }
        let file = riff(
            vp8x(0x20 | 0x08 | 0x04) + iccp + vp8 + webpChunk("EXIF", [0x4D, 0x4D, 0]) + webpChunk("XMP ", [1]))
        XCTAssertEqual(try MetadataStrip.stripped(file, type: .webp).get(), riff(vp8x(0x20) + iccp + vp8))
        XCTAssertTrue(ExportMetadata.isLossyWebP(file))
        XCTAssertFalse(ExportMetadata.isLossyWebP(riff(webpChunk("VP8L", [0x2F, 0, 0, 0]))))
        XCTAssertEqual(ExportMetadata.read(file, type: .webp).icc, .raw([7, 7, 7]))
    }
}
