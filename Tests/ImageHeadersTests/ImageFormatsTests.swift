import Foundation
import TestImages
import XCTest

@testable import ImageHeaders

/// The registry: one descriptor a format, one list, and everything that names formats reads it.
final class ImageFormatsTests: XCTestCase {
    typealias B = ImageBytes

    func testEveryRegisteredNameIsATypeAndNothingElseIs() {
        let names = ImageFormats.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "one descriptor a name")
        for format in ImageFormats.all {
            XCTAssertEqual(ImageType(rawValue: format.name), format.type)
            XCTAssertEqual(format.type.rawValue, format.name)
        }
        for unknown in ["", "JPEG", "jpg", "jxl", "svg"] { XCTAssertNil(ImageType(rawValue: unknown), unknown) }
        XCTAssertEqual(ImageType.allCases, ImageFormats.all.map(\.type))
    }

    /// A sample of each format is claimed by its own descriptor and by no other, so the order of
    /// the list decides nothing for a good file.
    func testEachSampleIsClaimedByItsOwnFormatAlone() throws {
        let samples: [(ImageType, [UInt8])] = [
            (.jpeg, B.jpeg(width: 4, height: 3)),
            (.png, B.png(width: 4, height: 3)),
            (.gif, B.gif(width: 4, height: 3, frames: 1)),
            (.webp, B.webpLossy(width: 4, height: 3)),
            (.bmp, B.bmp(width: 4, height: 3)),
            (.tiff, B.tiff(littleEndian: true, ifds: [[B.Entry(0x100, 3, 4), B.Entry(0x101, 3, 3)]])),
            (.heic, B.heif(primary: [B.ispe(4, 3)])),
            (.heif, B.heif(major: "mif1", compatible: ["mif1"], primary: [B.ispe(4, 3)])),
            (.avif, B.heif(major: "avif", compatible: ["mif1", "avif"], primary: [B.ispe(4, 3)])),
        ]
        XCTAssertEqual(samples.map(\.0), ImageType.allCases, "a sample for every format")
        for (type, bytes) in samples {
            let sniff = Sniff(bytes, wholeFile: true)
            let claims = try ImageFormats.all.filter { try $0.sniff(sniff) }.map(\.type)
            XCTAssertEqual(claims, [type], "\(type)")
            XCTAssertEqual(try ImageProbe.probe(MemoryByteSource(bytes)).type, type)
        }
    }

    func testEachFormatKnowsItsNamesAndMediaType() {
        for format in ImageFormats.all {
            XCTAssertFalse(format.displayName.isEmpty)
            XCTAssertTrue(format.mimeType.hasPrefix("image/"), format.name)
            XCTAssertFalse(format.extensions.isEmpty, format.name)
            XCTAssertTrue(format.extensions.allSatisfy { $0 == $0.lowercased() && !$0.hasPrefix(".") }, format.name)
        }
    }

    /// The manual lists the formats in prose; it must name every one the registry has.
    func testTheManualNamesEveryFormat() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../man/imgsel.1").standardized
        let text = try String(contentsOf: manual, encoding: .utf8)
        guard let start = text.range(of: "Accepted images are recognised by their content") else {
            return XCTFail("the manual's sentence about accepted images is gone")
        }
        let passage = String(text[start.lowerBound...].prefix(160))
        for format in ImageFormats.all {
            XCTAssertTrue(
                passage.contains(format.displayName), "the manual's list lacks \(format.displayName): \(passage)")
        }
    }
}
