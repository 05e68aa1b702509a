import XCTest

@testable import ImageHeaders

/// HEIF's metadata items, read from files built box by box: EXIF found through iinf and iloc, XMP from
/// idat, the profile from the primary item's colr; cut and bent files never trap.
final class HEIFMetadataTests: XCTestCase {
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = body.count + 8
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + body
    }
    private func full(_ type: String, version: UInt8, _ body: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, 0] + body)
    }
    private func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    private func u32(_ v: Int) -> [UInt8] { [0, 0] + u16(v) }
    private func infe(_ id: Int, _ type: String, _ extra: [UInt8] = []) -> [UInt8] {
        full("infe", version: 2, u16(id) + u16(0) + Array(type.utf8) + extra)
    }

    /// Big-endian TIFF with IFD0 holding Make ("Ph") and an orientation of 6.
    private let tiff: [UInt8] =
        [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 2, 0x01, 0x0F, 0, 2, 0, 0, 0, 3, 0x50, 0x68, 0, 0]
        + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
    private let xmp = Array("<x:xmpmeta>here</x:xmpmeta>".utf8)
    private let profileBytes = Array(repeating: UInt8(0x5A), count: 40)

    /// A file whose primary item 1 is described by EXIF item 2 (in the file, after `mdat`'s header)
    /// and XMP item 3 (in idat); a stray EXIF item 4 describes nothing and must not be chosen.
    private func file(exifPrefix: [UInt8] = Array("Exif".utf8) + [0, 0]) -> [UInt8] {
        let exifBlock = u32(exifPrefix.count) + exifPrefix + tiff
        let stray = u32(0) + [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0, 0]
        let ftyp = box("ftyp", Array("heic".utf8) + u32(0) + Array("mif1heic".utf8))
        func meta(exifAt: Int, strayAt: Int) -> [UInt8] {
            let iinf = full(
                "iinf", version: 0,
                u16(4) + infe(1, "hvc1") + infe(2, "Exif")
                    + infe(3, "mime", [0] + Array("application/rdf+xml".utf8) + [0])
                    + infe(4, "Exif"))
            // iloc version 1: offsets and lengths of 4 bytes, no base offset, no index.
            func entry(_ id: Int, method: Int, _ offset: Int, _ length: Int) -> [UInt8] {
                u16(id) + u16(method) + u16(0) + u16(1) + u32(offset) + u32(length)
            }
            let iloc = full(
                "iloc", version: 1,
                [0x44, 0x00] + u16(4) + entry(1, method: 0, 0, 0) + entry(2, method: 0, exifAt, exifBlock.count)
                    + entry(3, method: 1, 3, xmp.count) + entry(4, method: 0, strayAt, stray.count))
            let iref = full(
                "iref", version: 0, box("cdsc", u16(2) + u16(1) + u16(1)) + box("cdsc", u16(3) + u16(1) + u16(1)))
            let ipco = box(
                "ipco", box("ispe", [0, 0, 0, 0] + u32(64) + u32(48)) + box("colr", Array("prof".utf8) + profileBytes))
            let ipma = full("ipma", version: 0, u32(1) + u16(1) + [2, 0x81, 0x82])
            let idat = box("idat", [9, 9, 9] + xmp)
            return full(
                "meta", version: 0,
                full("pitm", version: 0, u16(1)) + iinf + iloc + iref + box("iprp", ipco + ipma) + idat)
        }
        let headLength = ftyp.count + meta(exifAt: 0, strayAt: 0).count + 8
        let mdat = box("mdat", stray + exifBlock)
        return ftyp + meta(exifAt: headLength + stray.count, strayAt: headLength) + mdat
    }

    func testTheExifOfThePrimaryItemItsXMPAndItsProfile() throws {
        let found = HEIFMetadata.read(file())
        let exif = try XCTUnwrap(found?.exif)
        XCTAssertEqual(Array(exif.prefix(6)), Array("Exif".utf8) + [0, 0])
        XCTAssertEqual(exif.count, 6 + tiff.count)
        // Make kept; the orientation (informative in HEIF: the pixels are written upright) set to 1.
        XCTAssertEqual(Array(exif[(6 + 18)..<(6 + 20)]), [0x50, 0x68])
        XCTAssertEqual(Array(exif[(6 + 30)..<(6 + 32)]), [0, 1])
        XCTAssertEqual(found?.xmp, xmp)
        XCTAssertEqual(found?.icc, .raw(profileBytes))
        XCTAssertEqual(EmbeddedMetadata.read(file(), type: .heic), found)
    }

    func testAnExifItemWithoutTheJPEGHeaderGetsIt() throws {
        let exif = try XCTUnwrap(HEIFMetadata.read(file(exifPrefix: []))?.exif)
        XCTAssertEqual(Array(exif.prefix(10)), Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42])
    }

    func testAnOffsetPastTheItemOrABlockThatIsNoTIFFGivesNoExif() {
        XCTAssertNil(HEIFMetadata.tiff(fromExifItem: u32(100) + tiff))
        XCTAssertNil(HEIFMetadata.tiff(fromExifItem: u32(0) + Array("not a tiff".utf8)))
        XCTAssertNil(HEIFMetadata.tiff(fromExifItem: [0, 0]))
        XCTAssertNil(HEIFMetadata.tiff(fromExifItem: [0xFF, 0xFF, 0xFF, 0xFF] + tiff))
    }

    /// Every cut of the file, and each byte turned to 0xFF in turn, reads without trapping.
    func testCutAndBentFilesNeverTrap() {
        let whole = file()
        for length in 0..<whole.count { _ = HEIFMetadata.read(Array(whole.prefix(length))) }
        for at in whole.indices {
            var bent = whole
            bent[at] = 0xFF
            _ = HEIFMetadata.read(bent)
        }
        XCTAssertNil(HEIFMetadata.read([]))
        XCTAssertNil(HEIFMetadata.read(Array(whole.prefix(24))), "no meta box yet")
    }
}
