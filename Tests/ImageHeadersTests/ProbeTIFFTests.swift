import TestImages
import XCTest

@testable import ImageHeaders

final class ProbeTIFFTests: XCTestCase {
    typealias B = ImageBytes
    typealias E = ImageBytes.Entry

    func page(_ w: Int, _ h: Int, orientation: Int? = nil, reduced: Bool = false, longs: Bool = false) -> [E] {
        var e = [
            E(0x00FE, 4, reduced ? 1 : 0), E(0x0100, longs ? 4 : 3, w), E(0x0101, longs ? 4 : 3, h), E(0x0103, 3, 1),
        ]
        if let orientation { e.append(E(0x0112, 3, orientation)) }
        return e
    }

    func testBothByteOrders() throws {
        for le in [true, false] {
            XCTAssertEqual(
                try probe(B.tiff(littleEndian: le, ifds: [page(640, 480, orientation: 8)])),
                ImageFacts(type: .tiff, width: 640, height: 480, orientation: 8))
            XCTAssertEqual(try probe(B.tiff(littleEndian: le, ifds: [page(70_000, 5, longs: true)])).width, 70_000)
        }
    }

    func testPagesAndThumbnails() throws {
        let bytes = B.tiff(
            littleEndian: true,
            ifds: [
                page(100, 50, reduced: true), page(1000, 500, orientation: 3), page(1000, 500),
                page(10, 5, reduced: true),
            ])
        XCTAssertEqual(try probe(bytes), ImageFacts(type: .tiff, width: 1000, height: 500, orientation: 3, frames: 2))
    }

    func testIFDLoopTerminates() throws {
        // IFD0 points back at itself.
        var bytes = B.tiff(littleEndian: true, ifds: [page(9, 9)])
        let nextAt = 8 + 2 + 12 * 4
        bytes.replaceSubrange(nextAt..<(nextAt + 4), with: B.le32(8))
        XCTAssertEqual(try probe(bytes).frames, 1)
    }

    func testBigTIFF() throws {
        // Header, then one IFD at 16 with 20-byte entries; values left-justified in 8-byte fields.
        for le in [true, false] {
            let u16 = le ? B.le16 : B.be16
            let u32 = le ? B.le32 : B.be32
            func u64(_ v: Int) -> [UInt8] { le ? B.le32(v) + B.le32(0) : B.be32(0) + B.be32(v) }
            var bytes: [UInt8] = (le ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(43) + u16(8) + u16(0) + u64(16)
            let entries: [(Int, Int, [UInt8])] = [
                (0x0100, 4, u32(5000) + u32(0)), (0x0101, 16, u64(4000)), (0x0112, 3, u16(6) + B.zeros(6)),
            ]
            bytes += u64(entries.count)
            for (tag, type, value) in entries {
                bytes += u16(tag) + u16(type) + u64(1) + value
            }
            bytes += u64(0)
            XCTAssertEqual(
                try probe(bytes), ImageFacts(type: .tiff, width: 5000, height: 4000, orientation: 6),
                "little-endian: \(le)")
        }
    }

    func testRawFormatsAreRejected() {
        var cr2 = B.tiff(littleEndian: true, ifds: [page(9, 9)])
        cr2.replaceSubrange(4..<8, with: B.le32(16))
        cr2.insert(contentsOf: [0x43, 0x52, 2, 0, 0, 0, 0, 0], at: 8)
        XCTAssertEqual(probeError(cr2), "Canon CR2 raw image (not supported)")
        XCTAssertEqual(
            probeError(B.tiff(littleEndian: false, ifds: [page(9, 9) + [E(0xC612, 1, 0)]])),
            "DNG raw image (not supported)")
    }

    func testACutShortHeaderOrAPageWithoutASizeIsRefused() {
        XCTAssertEqual(probeError([0x49, 0x49, 0x2A]), "truncated TIFF header")
        XCTAssertEqual(
            probeError([0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x00]),
            "truncated before the TIFF directory: it starts at byte 16777215, the file has 8 bytes")
        XCTAssertEqual(
            probeError(B.tiff(littleEndian: true, ifds: [[E(0x0100, 3, 5)]])),
            "corrupt TIFF header (missing width or height)")
    }
}
