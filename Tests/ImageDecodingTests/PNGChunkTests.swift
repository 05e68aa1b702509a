import XCTest

@testable import ImageDecoding
@testable import PNGCodec

/// The chunk rules PNGChunks documents: what is refused, what is skipped, what is kept.
final class PNGChunkTests: XCTestCase {
    private let grey2x2 = PNGTestFile.plain([[10, 20], [30, 40]])

    private func greyFile(
        before: [[UInt8]] = [], after: [[UInt8]] = [], idatSize: Int = 1 << 20,
        iend: Bool = true
    ) -> [UInt8] {
        PNGTestFile.png(
            width: 2, height: 2, depth: 8, colourType: 0, rows: grey2x2, before: before, after: after,
            idatSize: idatSize, iend: iend)
    }

    private func greys(_ result: Result<Raster, DecodeError>) -> [UInt8]? {
        guard case .success(let raster) = result else { return nil }
        return stride(from: 0, to: raster.pixels.count, by: 4).map { raster.pixels[$0] }
    }

    func testImageDataSplitOverManyIDATsAndEmptyOnes() {
        XCTAssertEqual(greys(PNGTestFile.decode(greyFile(idatSize: 1))), [10, 20, 30, 40])
        var file = greyFile(idatSize: 3)
        let empty = PNGTestFile.chunk("IDAT", [])
        let firstIDAT = 8 + 25
        file.insert(contentsOf: empty, at: firstIDAT)
        XCTAssertEqual(greys(PNGTestFile.decode(file)), [10, 20, 30, 40])
    }

    func testUnknownAncillaryChunksAreSkipped() {
        let file = greyFile(before: [PNGTestFile.chunk("teSt", [1, 2, 3])], after: [PNGTestFile.chunk("zzZZ", [])])
        XCTAssertEqual(greys(PNGTestFile.decode(file)), [10, 20, 30, 40])
    }

    func testAnUnknownCriticalChunkIsRefused() {
        let file = greyFile(before: [PNGTestFile.chunk("CRIT", [1])])
        XCTAssertEqual(PNGTestFile.decode(file), .failure(.unsupported("PNG with the critical chunk CRIT")))
    }

    func testChunksAfterIENDAreNotRead() {
        let file = greyFile() + PNGTestFile.chunk("CRIT", []) + [0xDE, 0xAD]
        XCTAssertEqual(greys(PNGTestFile.decode(file)), [10, 20, 30, 40])
    }

    func testAMissingIENDStillDecodes() {
        XCTAssertEqual(greys(PNGTestFile.decode(greyFile(iend: false))), [10, 20, 30, 40])
    }

    func testIDATsAfterAnotherChunkAreIgnored() {
        // The image data is cut by a tEXt chunk: what follows it does not count, so the image is short.
        var file = PNGChunks.signature + PNGTestFile.ihdr(width: 2, height: 2, depth: 8, colourType: 0)
        let data = PNGTestFile.zlibStored(grey2x2.flatMap { $0 })
        file += PNGTestFile.chunk("IDAT", Array(data[..<10])) + PNGTestFile.chunk("tEXt", [0x61, 0, 0x62])
        file += PNGTestFile.chunk("IDAT", Array(data[10...])) + PNGTestFile.chunk("IEND", [])
        guard case .failure(.truncated) = PNGTestFile.decode(file) else { return XCTFail("should be truncated") }
        // Once the image is whole, a later IDAT (an APNG's, say) is of no concern.
        let extra = greyFile(after: [PNGTestFile.chunk("tEXt", [0x61, 0, 0x62]), PNGTestFile.chunk("IDAT", [1, 2])])
        XCTAssertEqual(greys(PNGTestFile.decode(extra)), [10, 20, 30, 40])
    }

    func testAnAPNGDecodesItsDefaultImage() {
        let acTL = PNGTestFile.chunk("acTL", PNGTestFile.bigEndian(2) + PNGTestFile.bigEndian(0))
        let fcTL = PNGTestFile.chunk("fcTL", [UInt8](repeating: 0, count: 26))
        let fdAT = PNGTestFile.chunk("fdAT", PNGTestFile.bigEndian(1) + PNGTestFile.zlibStored([0, 99, 99, 0, 99, 99]))
        let file = greyFile(before: [acTL, fcTL], after: [fcTL, fdAT])
        XCTAssertEqual(greys(PNGTestFile.decode(file)), [10, 20, 30, 40])
    }

    func testABadCRCInACriticalChunkIsCorruptButIDATCRCsAreNotChecked() {
        var badHeader = greyFile()
        badHeader[8 + 8 + 12] ^= 1  // the IHDR's CRC
        XCTAssertEqual(PNGTestFile.decode(badHeader), .failure(.corrupt("PNG IHDR chunk fails its CRC")))
        var badIDAT = greyFile()
        let iend = badIDAT.count - 12
        badIDAT[iend - 1] ^= 1  // the IDAT's CRC, just before IEND
        XCTAssertEqual(greys(PNGTestFile.decode(badIDAT)), [10, 20, 30, 40])
    }

    func testATRNSWithABadCRCIsDropped() {
        var trns = PNGTestFile.chunk("tRNS", [0, 10])
        trns[trns.count - 1] ^= 1
        guard case .success(let raster) = PNGTestFile.decode(greyFile(before: [trns])) else { return XCTFail() }
        XCTAssertFalse(raster.hasAlpha)
        XCTAssertEqual(raster.pixels[3], 255)
    }

    func testAPaletteImageWithoutPLTEIsCorrupt() {
        let file = PNGTestFile.png(width: 1, height: 1, depth: 8, colourType: 3, rows: [[0, 0]])
        XCTAssertEqual(PNGTestFile.decode(file), .failure(.corrupt("PNG palette image without PLTE")))
    }

    func testHeaderFieldsAreChecked() {
        func header(depth: Int, colourType: Int) -> Result<Raster, DecodeError> {
            PNGTestFile.decode(
                PNGTestFile.png(
                    width: 1, height: 1, depth: depth, colourType: colourType,
                    rows: [[0, 0]]))
        }
        XCTAssertEqual(header(depth: 16, colourType: 3), .failure(.corrupt("PNG bit depth 16 with colour type 3")))
        XCTAssertEqual(header(depth: 4, colourType: 2), .failure(.corrupt("PNG bit depth 4 with colour type 2")))
        XCTAssertEqual(header(depth: 8, colourType: 5), .failure(.corrupt("PNG colour type 5")))
        let notFirst =
            PNGChunks.signature + PNGTestFile.chunk("tEXt", [0x61, 0, 0x62])
            + PNGTestFile.ihdr(width: 1, height: 1, depth: 8, colourType: 0)
        XCTAssertEqual(PNGTestFile.decode(notFirst), .failure(.corrupt("PNG starts with tEXt, not IHDR")))
        XCTAssertEqual(PNGTestFile.decode(Array("GIF89a".utf8)), .failure(.corrupt("not a PNG signature")))
    }

    func testExtraImageDataAfterTheLastRowIsIgnored() {
        // Pillow stops at the last row too; the zlib checksum then goes unread.
        let file = PNGTestFile.png(
            width: 2, height: 2, depth: 8, colourType: 0, rows: grey2x2 + [[0, 1, 2], [0, 3, 4]])
        XCTAssertEqual(greys(PNGTestFile.decode(file)), [10, 20, 30, 40])
    }
}
