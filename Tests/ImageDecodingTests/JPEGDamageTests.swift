import ImageDecoding
import ImageEncoding
import ImageHeaders
import JPEGCodec
import XCTest

/// The JPEG decoder says when the picture it made is not whole: the data ran out before the last
/// MCU, or a progressive (or one-scan-a-component) file ended before its last scan. The picture is
/// still made (terminal views may show it); `Thumbnailer.picture`, which the writers of pixels use,
/// refuses it.
final class JPEGDamageTests: XCTestCase {
    /// No whole file is called damaged, at any scale.
    func testEveryWholeFixtureIsWholeAtEveryScale() throws {
        for (name, _) in JPEGPillowFixtureTests.pillowDigests {
            let bytes = try JPEGTestFixtures.bytes(name + ".jpg")
            for scale in [1, 2, 4, 8] {
                XCTAssertNil(try JPEGDecoder.decodeReportingDamage(bytes, scale: scale).damage, "\(name) 1/\(scale)")
            }
        }
    }

    func testACutInTheScanDataIsDamageAtItsRow() throws {
        let bytes = try JPEGTestFixtures.bytes("pil-61x43-420.jpg")
        let cut = try JPEGDecoder.decodeReportingDamage(Array(bytes[0..<(bytes.count * 9 / 10)]))
        XCTAssertEqual(cut.damage, .truncated(section: "in the scan data at row 32 of 43"))
        XCTAssertEqual([cut.raster.width, cut.raster.height], [61, 43], "what decoded is still there")
    }

    func testAProgressiveCutInAScanOrBetweenScansIsDamage() throws {
        let bytes = try JPEGTestFixtures.bytes("pil-61x43-444-prog.jpg")
        let inScan = try JPEGDecoder.decodeReportingDamage(Array(bytes[0..<(bytes.count - 40)]))
        guard case let .truncated(section)? = inScan.damage else {
            return XCTFail("\(String(describing: inScan.damage))")
        }
        XCTAssertTrue(section.hasPrefix("in scan "), section)
        XCTAssertTrue(section.contains(" of a progressive JPEG at row "), section)
        // Cut just before the last scan's SOS marker: every scan before it is whole, the image is not.
        let lastSOS = try XCTUnwrap((0..<(bytes.count - 1)).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let between = try JPEGDecoder.decodeReportingDamage(Array(bytes[0..<lastSOS]))
        guard case let .truncated(after)? = between.damage else {
            return XCTFail("\(String(describing: between.damage))")
        }
        XCTAssertTrue(after.hasPrefix("after scan "), after)
    }

    /// Only the EOI marker cut: every pixel decoded, so the file is whole (baseline, progressive, one
    /// scan a component).
    func testAMissingEOIAfterCompleteScanDataIsWhole() throws {
        for name in ["pil-61x43-420", "pil-61x43-444-prog", "multiscan-seq-61x43", "prog-restart1-61x43"] {
            let bytes = try JPEGTestFixtures.bytes(name + ".jpg")
            XCTAssertEqual(Array(bytes.suffix(2)), [0xFF, 0xD9])
            for scale in [1, 2, 4, 8] {
                let cut = try JPEGDecoder.decodeReportingDamage(Array(bytes.dropLast(2)), scale: scale)
                XCTAssertNil(cut.damage, "\(name) at 1/\(scale)")
                XCTAssertEqual(cut.raster, try JPEGDecoder.decode(bytes, scale: scale), name)
            }
        }
    }

    func testThePixelWritersPictureRefusesWhatTheTerminalsPictureShows() throws {
        let bytes = Array(try JPEGTestFixtures.bytes("pil-61x43-420.jpg").prefix(1500))
        let facts = ImageFacts(type: .jpeg, width: 61, height: 43)
        let shown = try Thumbnailer.shown(bytes, facts: facts, within: 16)
        XCTAssertEqual([shown.raster.width, shown.raster.height], [16, 11])
        let damage = try XCTUnwrap(shown.damage)
        XCTAssertThrowsError(try Thumbnailer.picture(bytes, facts: facts, within: 16)) { error in
            XCTAssertEqual(error as? DecodeError, damage)
        }
    }
}
