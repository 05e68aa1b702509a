import TestImages
import XCTest

@testable import ImageHeaders

/// Finding a gain map in HEIF's item model (Apple's auxiliary URN) and the Ultra HDR writer's index
/// and directory, which exiftool and Pillow read in the end-to-end tests (GainMapExportTests).
final class GainMapTests: XCTestCase {
    private func auxC(_ urn: String) -> [UInt8] { ImageBytes.fullBox("auxC", Array(urn.utf8) + [0]) }

    func testAppleGainMapAuxiliaryIsFoundAndAlphaIsNot() {
        let apple = ImageBytes.heif(primary: [ImageBytes.ispe(640, 480), auxC(GainMap.appleURN)])
        XCTAssertEqual(GainMap.find(apple, type: .heic)?.kind, .apple)
        XCTAssertEqual(GainMap.find(apple, type: .heic)?.words, "hdr gain map (Apple)")
        let alpha = ImageBytes.heif(primary: [ImageBytes.ispe(640, 480), auxC("urn:mpeg:hevc:2015:auxid:1")])
        XCTAssertNil(GainMap.find(alpha, type: .heic))
        XCTAssertNil(GainMap.find(Array(apple.prefix(40)), type: .heic), "a cut file has none, and no crash")
    }

    func testAToneMapItemIsAnISOGainMap() {
        func infe(_ id: Int, _ type: String) -> [UInt8] {
            ImageBytes.fullBox(
                "infe", version: 2, ImageBytes.be16(id) + ImageBytes.be16(0) + ImageBytes.ascii(type) + [0])
        }
        let meta = ImageBytes.fullBox(
            "meta",
            ImageBytes.fullBox("hdlr", ImageBytes.be32(0) + ImageBytes.ascii("pict") + [UInt8](repeating: 0, count: 13))
                + ImageBytes.fullBox("pitm", ImageBytes.be16(1))
                + ImageBytes.fullBox("iinf", ImageBytes.be16(2) + infe(1, "hvc1") + infe(2, "tmap"))
                + ImageBytes.box("iprp", ImageBytes.box("ipco", ImageBytes.ispe(64, 48))))
        let file =
            ImageBytes.box("ftyp", ImageBytes.ascii("heic") + ImageBytes.be32(0) + ImageBytes.ascii("mif1")) + meta
        XCTAssertEqual(GainMap.find(file, type: .heic)?.words, "hdr gain map (ISO 21496-1)")
    }

    func testTheIndexPointsFromItsTIFFHeaderToTheGainMapAndTheDirectoryGivesItsLength() throws {
        // The smallest JPEGs the walker accepts: SOI, a JFIF APP0, EOI.
        let jfif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let primary = jfif + [0xFF, 0xD9]
        let xmp = EmbeddedMetadata.xmpHeader + Array(#"<x hdrgm:Version="1.0"/>"#.utf8)
        let gain = [0xFF, 0xD8] + UltraHDR.segment(0xE1, xmp) + [0xFF, 0xD9]
        let file = UltraHDR.assemble(primary: primary, gainMap: gain)
        XCTAssertEqual(Array(file.suffix(gain.count)), gain)
        let found = try XCTUnwrap(GainMap.find(file, type: .jpeg))
        XCTAssertEqual(found.kind, .ultraHDR)
        XCTAssertEqual(found.image, (file.count - gain.count)..<file.count)
        XCTAssertEqual(found.primaryEnd, file.count - gain.count)
        XCTAssertTrue(String(decoding: file, as: UTF8.self).contains(#"Item:Length="\#(gain.count)""#))
        XCTAssertEqual(Array(file.prefix(jfif.count)), jfif, "JFIF stays first")
        // Cut anywhere, nothing is found past the end.
        for cut in stride(from: 0, to: file.count, by: 7) {
            let part = Array(file.prefix(cut))
            if let image = GainMap.find(part, type: .jpeg)?.image { XCTAssertLessThanOrEqual(image.upperBound, cut) }
        }
    }
}
