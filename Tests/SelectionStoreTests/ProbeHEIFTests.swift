import XCTest
@testable import SelectionStore

final class ProbeHEIFTests: XCTestCase {
    typealias B = ImageBytes

    func testHEICPrimaryItemSize() throws {
        let bytes = B.heif(primary: [B.box("hvcC", [1, 2, 3]), B.ispe(4032, 3024)])
        XCTAssertEqual(try probe(bytes), ImageFacts(type: .heic, width: 4032, height: 3024))
    }

    func testWideIPMAAndMetaFirst() throws {
        let bytes = B.heif(primary: [B.ispe(800, 600), B.irot(3)], wide: true, mdatFirst: false)
        XCTAssertEqual(try probe(bytes), ImageFacts(type: .heic, width: 800, height: 600, orientation: 6))
    }

    func testBrands() throws {
        let primary = [B.ispe(10, 20)]
        XCTAssertEqual(try probe(B.heif(major: "avif", compatible: ["avif", "mif1", "miaf"], primary: primary)).type, .avif)
        XCTAssertEqual(try probe(B.heif(major: "mif1", compatible: ["mif1", "avif"], primary: primary)).type, .avif)
        XCTAssertEqual(try probe(B.heif(major: "mif1", compatible: ["mif1", "heic"], primary: primary)).type, .heic)
        XCTAssertEqual(try probe(B.heif(major: "mif1", compatible: ["mif1", "miaf"], primary: primary)).type, .heif)
        XCTAssertEqual(try probe(B.heif(major: "heix", compatible: [], primary: primary)).type, .heic)
        XCTAssertEqual(probeError(B.box("ftyp", B.ascii("isom") + B.be32(0) + B.ascii("isomiso2mp41"))), "MPEG-4/QuickTime video")
        XCTAssertEqual(probeError(B.box("ftyp", B.ascii("crx ") + B.be32(0) + B.ascii("crx isom"))), "Canon CR3 raw image (not supported)")
    }

    func testRotationAndMirrorToOrientation() throws {
        let cases: [([[UInt8]], Int)] = [
            ([], 1), ([B.irot(1)], 8), ([B.irot(2)], 3), ([B.irot(3)], 6),
            ([B.imir(1)], 2), ([B.imir(0)], 4),
            ([B.irot(1), B.imir(0)], 5), ([B.irot(3), B.imir(0)], 7),
            ([B.irot(1), B.imir(1)], 7), ([B.irot(2), B.imir(1)], 4),
        ]
        for (props, expected) in cases {
            XCTAssertEqual(try probe(B.heif(primary: [B.ispe(30, 20)] + props)).orientation, expected, "\(props)")
        }
    }

    func testCleanApertureCrops() throws {
        XCTAssertEqual(try probe(B.heif(primary: [B.ispe(4096, 3072), B.clap(width: 4032, height: 3024), B.irot(3)])),
                       ImageFacts(type: .heic, width: 4032, height: 3024, orientation: 6))
    }

    func testErrors() {
        XCTAssertEqual(probeError(B.heif(primary: [B.irot(1)])), "corrupt HEIC header (no image size)")
        let bytes = B.heif(primary: [B.ispe(30, 20)])
        XCTAssertEqual(probeError(Array(bytes.prefix(40))), "truncated HEIC header")
        XCTAssertEqual(probeError(B.box("ftyp", B.ascii("avif") + B.be32(0))), "truncated AVIF header")
    }
}
