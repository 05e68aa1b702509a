import Foundation
import XCTest

/// EXIF Orientation (0x0112) is a SHORT by the standard, but cameras and tools also write
/// it as LONG, SLONG, SSHORT, BYTE or SBYTE. Pillow, ExifTool and gdk-pixbuf read every
/// integer type of count 1; so does imgsel, in every container and both byte orders.
final class OrientationTypeTests: ImgselTestCase {
    /// TIFF field types that hold an integer, by their number, with their size in bytes.
    private let integerTypes: [(name: String, type: Int, size: Int)] = [
        ("BYTE", 1, 1), ("SHORT", 3, 2), ("LONG", 4, 4), ("SBYTE", 6, 1), ("SSHORT", 8, 2), ("SLONG", 9, 4),
    ]

    func testEveryIntegerTypeIsReadInEveryContainer() {
        var names: [String] = []
        for (name, type, size) in integerTypes {
            for little in [true, false] {
                let order = little ? "II" : "MM"
                let exif = EXIFFixture.tiff([(0x0112, type, size, 6)], littleEndian: little)
                names.append(write(EXIFFixture.jpeg(exif: exif), to: "\(name)-\(order).jpg").lastPathComponent)
                names.append(write(EXIFFixture.png(exif: exif), to: "\(name)-\(order).png").lastPathComponent)
                names.append(write(EXIFFixture.webp(exif: exif), to: "\(name)-\(order).webp").lastPathComponent)
                let tiff = EXIFFixture.tiff(
                    [(0x0100, 3, 2, 40), (0x0101, 3, 2, 30), (0x0112, type, size, 6)], littleEndian: little)
                names.append(write(tiff, to: "\(name)-\(order).tif").lastPathComponent)
            }
        }
        let r = run(["--json", "info"] + names)
        assertSuccess(r)
        let results = parseJSON(r.stdout) as? [[String: Any]] ?? []
        XCTAssertEqual(results.count, names.count, r.transcript)
        for (name, result) in zip(names, results) {
            XCTAssertEqual(result["orientation"] as? Int, 6, "\(name)\n\(r.transcript)")
        }
    }

    func testANegativeOrACountOtherThanOneIsStillOne() {
        let negative = EXIFFixture.tiff([(0x0112, 8, 2, 0xFFFA)], littleEndian: true)  // SSHORT -6
        _ = write(EXIFFixture.jpeg(exif: negative), to: "negative.jpg")
        var twice = EXIFFixture.tiff([(0x0112, 3, 2, 6)], littleEndian: false)
        twice[17] = 2  // count 2 (big-endian, its low byte): not a single value
        _ = write(EXIFFixture.jpeg(exif: twice), to: "twice.jpg")
        let r = run(["--json", "info", "negative.jpg", "twice.jpg"])
        assertSuccess(r)
        XCTAssertEqual((parseJSON(r.stdout) as? [[String: Any]] ?? []).map { $0["orientation"] as? Int ?? -1 }, [1, 1])
    }
}

/// Minimal files around an EXIF (TIFF) structure, built byte by byte.
private enum EXIFFixture {
    /// A TIFF header and one IFD of single-valued entries (tag, type, bytes of the value, value),
    /// each value left-justified in its 4-byte field as the byte order writes it.
    static func tiff(_ entries: [(tag: Int, type: Int, size: Int, value: Int)], littleEndian: Bool) -> Data {
        func uint(_ value: Int, _ bytes: Int) -> [UInt8] {
            let big = (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * (bytes - 1 - $0))) }
            return littleEndian ? big.reversed() : big
        }
        var data: [UInt8] =
            (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + uint(42, 2) + uint(8, 4) + uint(entries.count, 2)
        for entry in entries {
            data += uint(entry.tag, 2) + uint(entry.type, 2) + uint(1, 4)
            data += uint(entry.value, entry.size) + [UInt8](repeating: 0, count: 4 - entry.size)
        }
        data += uint(0, 4)  // no next IFD
        return Data(data)
    }

    /// SOI, APP1 "Exif\0\0", a baseline frame header of 40×30 and SOS: all the probe reads.
    static func jpeg(exif: Data) -> Data {
        let app1 = Data("Exif".utf8) + Data([0, 0]) + exif
        var data = Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)]) + app1
        data += Data([0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 30, 0x00, 40, 0x01, 0x01, 0x11, 0x00])
        data += Data([0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0xFF, 0xD9])
        return data
    }

    /// A 4×3 PNG with an eXIf chunk right after IHDR.
    static func png(exif: Data) -> Data {
        let plain = Fixtures.png(width: 4, height: 3)
        let afterIHDR = 8 + 4 + 4 + 13 + 4
        return plain.prefix(afterIHDR) + Fixtures.chunk("eXIf", exif) + plain.dropFirst(afterIHDR)
    }

    /// An extended WebP (VP8X, 40×30, EXIF flag) whose only other chunk is EXIF.
    static func webp(exif: Data) -> Data {
        func le(_ value: Int, _ bytes: Int) -> Data {
            Data((0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
        }
        var chunks = Data("VP8X".utf8) + le(10, 4) + Data([0x08, 0, 0, 0]) + le(39, 3) + le(29, 3)
        chunks += Data("EXIF".utf8) + le(exif.count, 4) + exif + (exif.count % 2 == 1 ? Data([0]) : Data())
        return Data("RIFF".utf8) + le(4 + chunks.count, 4) + Data("WEBP".utf8) + chunks
    }
}
