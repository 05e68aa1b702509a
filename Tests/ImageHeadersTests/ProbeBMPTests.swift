import TestImages
import XCTest

@testable import ImageHeaders

final class ProbeBMPTests: XCTestCase {
    typealias B = ImageBytes

    func testHeaderVersions() throws {
        for size in [40, 52, 56, 108, 124] {
            XCTAssertEqual(
                try probe(B.bmp(width: 300, height: 200, headerSize: size)),
                ImageFacts(type: .bmp, width: 300, height: 200))
        }
        XCTAssertEqual(
            try probe(B.bmp(width: 65535, height: 2, headerSize: 12)), ImageFacts(type: .bmp, width: 65535, height: 2))
    }

    func testTopDown() throws {
        XCTAssertEqual(try probe(B.bmp(width: 30, height: -20)), ImageFacts(type: .bmp, width: 30, height: 20))
        XCTAssertEqual(try probe(B.bmp(width: 30, height: Int(Int32.min))).height, 2_147_483_648)
    }

    func testBadDimensionsAndCutShortHeadersAreRefusedButTextStartingBMIsText() {
        XCTAssertEqual(probeError(B.bmp(width: -3, height: 20)), "corrupt BMP header (invalid dimensions)")
        XCTAssertEqual(probeError(B.bmp(width: 0, height: 20)), "corrupt BMP header (invalid dimensions)")
        XCTAssertEqual(probeError(Array(B.bmp(width: 3, height: 2).prefix(20))), "truncated BMP header")
        XCTAssertEqual(probeError([0x42, 0x4D, 0x00, 0x01]), "truncated BMP header")
        XCTAssertEqual(probeError(B.ascii("BMW cars are fast.\n")), "text")
    }
}
