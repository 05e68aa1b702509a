import Foundation
import TestImages
import XCTest

/// Headers that claim sizes far past the 16384 limit (issue 20, item 1): every decoding command
/// says "too large to decode" (exit 3) or shows a placeholder, and none traps on the arithmetic
/// (a trap was SIGILL, exit 132). Sizes a selection cannot record are refused by `add` (item 1b).
final class HugeHeaderTests: ImgselTestCase {
    typealias B = ImageBytes

    /// The 74-byte BMP of the issue, verbatim: 1073741825 wide, its height field 0x80000000.
    static let issueBMP = """
        424d52000000000000004600000028000000010000400000008000002000000000000c0000009d0000009d0000000000000004\
        000000040403030202030103030300000203010204024f
        """

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
    }

    static func png(side: Int) -> [UInt8] {
        B.pngSignature + B.pngChunk("IHDR", B.be32(side) + B.be32(side) + [8, 2, 0, 0, 0])
            + B.pngChunk("IDAT", B.zlibStored([0, 0, 0, 0])) + B.pngChunk("IEND", [])
    }

    static func bmp(width: Int, height: Int) -> [UInt8] {
        var dib = B.le32(40) + B.le32(width) + B.le32(height) + B.le16(1) + B.le16(24)
        dib += B.zeros(40 - dib.count)
        return B.ascii("BM") + B.le32(58) + B.zeros(4) + B.le32(54) + dib + B.zeros(4)
    }

    static func tiff(width: Int, height: Int) -> [UInt8] {
        B.tiff(
            littleEndian: true,
            ifds: [
                [
                    .init(256, 4, width), .init(257, 4, height), .init(258, 3, 8), .init(259, 3, 1), .init(262, 3, 1),
                    .init(273, 4, 8), .init(277, 3, 1), .init(278, 4, 1), .init(279, 4, 1),
                ]
            ])
    }

    /// A BigTIFF whose ImageLength is a LONG8 of `height`.
    static func bigTIFF(height: Int) -> [UInt8] {
        let entries: [(Int, Int, Int)] = [
            (256, 4, 1), (257, 16, height), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 16, 16), (277, 3, 1),
            (278, 4, 1), (279, 16, 1),
        ]
        func le64(_ v: Int) -> [UInt8] { B.le32(v) + B.le32(v >> 32) }
        var out = B.ascii("II") + B.le16(43) + B.le16(8) + B.le16(0) + le64(24) + B.zeros(8)
        out += le64(entries.count)
        for (tag, type, value) in entries { out += B.le16(tag) + B.le16(type) + le64(1) + le64(value) }
        return out + B.zeros(8)
    }

    static func avif(side: Int) -> [UInt8] {
        B.heif(major: "avif", compatible: ["mif1", "avif"], primary: [B.ispe(side, side)])
    }

    /// Every decoding command on a file the selection can record: exit 3 "too large to decode"
    /// where pixels are written, a picture-less view that does not trap.
    private func assertTooLarge(
        _ name: String, _ bytes: [UInt8], size: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        _ = write(Data(bytes), to: name)
        let thumbnail = run(["thumbnail", name, "t.png"])
        XCTAssertEqual(thumbnail.status, 3, thumbnail.transcript, file: file, line: line)
        XCTAssertEqual(thumbnail.stderr, "imgsel: \(name): too large to decode: \(size)\n", file: file, line: line)
        assertSuccess(run(["-q", "add", name]), file: file, line: line)
        let sheet = run(["sheet", "s.png"])
        XCTAssertEqual(sheet.status, 3, sheet.transcript, file: file, line: line)
        XCTAssertEqual(sheet.stderr, "imgsel: \(name): too large to decode: \(size)\n", file: file, line: line)
        let view = run(["view", "1", "--image", "--graphics", "blocks"])
        XCTAssertEqual(view.status, 0, view.transcript, file: file, line: line)
        XCTAssertTrue(view.stdout.hasPrefix("1 / 1  \(name)  \(size)"), view.transcript, file: file, line: line)
        XCTAssertFalse(exists("t.png") || exists("s.png"), "nothing written", file: file, line: line)
        assertSuccess(run(["-q", "clear"]), file: file, line: line)
    }

    func testAPNGOfTwoToTheThirtyASide() {
        assertTooLarge("huge.png", Self.png(side: 1 << 30), size: "1073741824×1073741824")
    }

    func testABMPAndATIFFOf0x7fffffffASide() {
        assertTooLarge("huge.bmp", Self.bmp(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF), size: "2147483647×2147483647")
        assertTooLarge("huge.tif", Self.tiff(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF), size: "2147483647×2147483647")
    }

    func testAnAVIFOf0x7fffffffASide() {
        assertTooLarge("huge.avif", Self.avif(side: 0x7FFF_FFFF), size: "2147483647×2147483647")
    }

    /// Sizes past what a selection records: `add` refuses them naming the field, the selection
    /// stays as it was, and `thumbnail` still says "too large to decode".
    private func assertUnrecordable(
        _ name: String, _ bytes: [UInt8], field: String, value: Int, size: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        _ = write(Data(bytes), to: name)
        let thumbnail = run(["thumbnail", name, "t.png"])
        XCTAssertEqual(thumbnail.status, 3, thumbnail.transcript, file: file, line: line)
        XCTAssertEqual(thumbnail.stderr, "imgsel: \(name): too large to decode: \(size)\n", file: file, line: line)
        let before = selectionData()
        let add = run(["add", name])
        XCTAssertEqual(add.status, 3, add.transcript, file: file, line: line)
        XCTAssertEqual(
            add.stderr,
            "imgsel: \(name): not a supported image (\(field) \(value): a selection records no \(field) more than "
                + "2147483647)\n", file: file, line: line)
        assertUnchanged(before, file: file, line: line)
        for args in [["list"], ["sheet", "s.png", "--size", "16"], ["view", "1", "--image", "--graphics", "blocks"]] {
            assertSuccess(run(args), file: file, line: line)
        }
    }

    func testSizesASelectionCannotRecordAreRefusedByAdd() {
        seed(1)
        assertUnrecordable(
            "issue.bmp", Self.hex(Self.issueBMP), field: "height", value: 1 << 31, size: "1073741825×2147483648")
        assertUnrecordable(
            "tall.bmp", Self.bmp(width: 1, height: 0x8000_0000), field: "height", value: 1 << 31, size: "1×2147483648")
        assertUnrecordable(
            "huge.tif", Self.tiff(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), field: "width", value: 0xFFFF_FFFF,
            size: "4294967295×4294967295")
        assertUnrecordable(
            "long8.tif", Self.bigTIFF(height: 1 << 62), field: "height", value: 1 << 62,
            size: "1×4611686018427387904")
        _ = write(Data(Self.avif(side: 0xFFFF_FFFF)), to: "huge.avif")
        let add = run(["add", "huge.avif"])
        XCTAssertEqual(add.status, 3, add.transcript)
        XCTAssertTrue(add.stderr.contains("width 4294967295: a selection records no width more than"), add.stderr)
    }

    func testABMPOf0xffffffffASideIsNoImage() {
        _ = write(Data(Self.bmp(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)), to: "minus.bmp")
        for args in [["thumbnail", "minus.bmp", "t.png"], ["add", "minus.bmp"]] {
            let r = run(args)
            XCTAssertEqual(r.status, 3, r.transcript)
            XCTAssertEqual(
                r.stderr, "imgsel: minus.bmp: not a supported image (corrupt BMP header (invalid dimensions))\n")
        }
    }
}
