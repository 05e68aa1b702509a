import ImageHeaders
import TestImages
import XCTest

/// Each container's colour description found where its format keeps it, and the broken ones
/// (missing, duplicated or disagreeing pieces) told apart from none.
final class ColourDescriptionTests: XCTestCase {
    private let profile = Array(0..<200).map { UInt8(truncatingIfNeeded: $0 * 7) }

    private func iccChunk(_ place: Int, of count: Int, _ part: ArraySlice<UInt8>) -> [UInt8] {
        ImageBytes.segment(0xE2, ImageBytes.ascii("ICC_PROFILE") + [0, UInt8(place), UInt8(count)] + part)
    }

    func testJPEGJoinsItsChunksInTheOrderTheySayNotTheOrderTheyCome() {
        let chunks = [
            iccChunk(2, of: 3, profile[70..<140]), iccChunk(3, of: 3, profile[140...]),
            iccChunk(1, of: 3, profile[..<70]),
        ]
        let jpeg = ImageBytes.jpeg(width: 4, height: 4, before: chunks)
        XCTAssertEqual(ColourDescription.read(jpeg, type: .jpeg), .icc(.raw(profile)))
    }

    func testJPEGProfileSplitOver200ChunksComesBackWhole() {
        let long = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let chunks = (0..<200).reversed().map { i in iccChunk(i + 1, of: 200, long[(i * 100)..<(i * 100 + 100)]) }
        let jpeg = ImageBytes.jpeg(width: 4, height: 4, before: chunks)
        XCTAssertEqual(ColourDescription.read(jpeg, type: .jpeg), .icc(.raw(long)))
    }

    func testJPEGWithAChunkMissingDuplicatedOrMiscountedIsBroken() {
        let missing = [iccChunk(1, of: 3, profile[..<70]), iccChunk(3, of: 3, profile[140...])]
        let duplicated = [
            iccChunk(1, of: 2, profile[..<70]), iccChunk(1, of: 2, profile[..<70]),
            iccChunk(2, of: 2, profile[70...]),
        ]
        let miscounted = [iccChunk(1, of: 2, profile[..<70]), iccChunk(2, of: 3, profile[70...])]
        let placeZero = [iccChunk(0, of: 1, profile[...])]
        for chunks in [missing, duplicated, miscounted, placeZero] {
            XCTAssertEqual(
                ColourDescription.read(ImageBytes.jpeg(width: 4, height: 4, before: chunks), type: .jpeg),
                .brokenProfile)
        }
    }

    func testJPEGWithoutAProfileIsNone() {
        XCTAssertEqual(
            ColourDescription.read(ImageBytes.jpeg(width: 4, height: 4), type: .jpeg), ColourDescription.none)
    }

    func testPNGPrefersCICPOverICCOverTheSRGBChunk() {
        let iccp = ImageBytes.pngChunk("iCCP", ImageBytes.ascii("P3") + [0, 0] + [0x78, 0x9C, 1, 2])
        let srgb = ImageBytes.pngChunk("sRGB", [0])
        let cicp = ImageBytes.pngChunk("cICP", [12, 13, 0, 1])
        XCTAssertEqual(
            ColourDescription.read(ImageBytes.png(width: 2, height: 2, beforeIDAT: [srgb, iccp, cicp]), type: .png),
            .codePoints(.cicp, primaries: 12, transfer: 13, matrix: 0, fullRange: true))
        XCTAssertEqual(
            ColourDescription.read(ImageBytes.png(width: 2, height: 2, beforeIDAT: [srgb, iccp]), type: .png),
            .icc(.zlib([0x78, 0x9C, 1, 2])))
        XCTAssertEqual(
            ColourDescription.read(ImageBytes.png(width: 2, height: 2, beforeIDAT: [srgb]), type: .png), .srgbChunk)
        XCTAssertEqual(ColourDescription.read(ImageBytes.png(width: 2, height: 2), type: .png), ColourDescription.none)
    }

    func testPNGChunksAfterTheFirstIDATAreNotRead() {
        let cicp = ImageBytes.pngChunk("cICP", [12, 13, 0, 1])
        XCTAssertEqual(
            ColourDescription.read(ImageBytes.png(width: 2, height: 2, afterIDAT: [cicp]), type: .png),
            ColourDescription.none)
    }

    func testWebPProfileIsItsICCPChunk() {
        let webp = ImageBytes.webpExtended(width: 2, height: 2, padding: 40)
        XCTAssertEqual(
            ColourDescription.read(webp, type: .webp), .icc(.raw([UInt8](repeating: 0x41, count: 40))))
    }

    func testTIFFProfileIsTag34675OfTheFirstDirectory() {
        for le in [true, false] {
            let entries = [ImageBytes.Entry(256, 3, 2), ImageBytes.Entry(257, 3, 2)]
            // One more entry whose count is the profile's length: built by hand, as `tiff` writes count 1.
            var file = ImageBytes.tiff(littleEndian: le, ifds: [entries + [ImageBytes.Entry(34675, 7, 0)]])
            let u32 = le ? ImageBytes.le32 : ImageBytes.be32
            let entryAt = 8 + 2 + 12 * 2
            let offset = file.count
            file.replaceSubrange((entryAt + 4)..<(entryAt + 12), with: u32(profile.count) + u32(offset))
            file += profile
            XCTAssertEqual(ColourDescription.read(file, type: .tiff), .icc(.raw(profile)), "little endian \(le)")
            file.replaceSubrange((entryAt + 8)..<(entryAt + 12), with: u32(offset + 1))
            XCTAssertEqual(ColourDescription.read(file, type: .tiff), .brokenProfile, "past the end")
        }
    }

    func testHEIFPrefersAProfileToNCLXAndReadsNCLXCodePoints() {
        let nclx = ImageBytes.box(
            "colr",
            ImageBytes.ascii("nclx") + ImageBytes.be16(9) + ImageBytes.be16(16)
                + ImageBytes.be16(9) + [0x80])
        let prof = ImageBytes.box("colr", ImageBytes.ascii("prof") + profile)
        let both = ImageBytes.heif(primary: [ImageBytes.ispe(64, 48), nclx, prof])
        XCTAssertEqual(ColourDescription.read(both, type: .heic), .icc(.raw(profile)))
        let alone = ImageBytes.heif(primary: [ImageBytes.ispe(64, 48), nclx])
        XCTAssertEqual(
            ColourDescription.read(alone, type: .heic),
            .codePoints(.nclx, primaries: 9, transfer: 16, matrix: 9, fullRange: true))
        XCTAssertEqual(
            ColourDescription.read(ImageBytes.heif(primary: [ImageBytes.ispe(64, 48)]), type: .heic),
            ColourDescription.none)
    }

    func testTypesWithoutADescriptionAndBytesThatDoNotWalkAreNone() {
        XCTAssertEqual(
            ColourDescription.read(ImageBytes.smallGIF(width: 2, height: 2), type: .gif), ColourDescription.none)
        for type in [ImageType.jpeg, .png, .webp, .tiff, .heic] {
            XCTAssertEqual(ColourDescription.read([0xFF, 0xD8, 0xFF], type: type), ColourDescription.none, "\(type)")
            XCTAssertEqual(ColourDescription.read([], type: type), ColourDescription.none, "\(type)")
        }
    }
}
