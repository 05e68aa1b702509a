import ByteCoding
import XCTest

/// The check values every Adler-32 implementation publishes, and CRC-32 in pieces of every length
/// (the slicing-by-8 loop and its tail).
final class Adler32Tests: XCTestCase {
    func testCRC32CheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([]), 0)
    }

    func testCRC32ContinuesAcrossPiecesOfEveryLength() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = CRC32.checksum(bytes)
        for cut in [0, 1, 7, 8, 9, 500, 999, 1000] {
            XCTAssertEqual(CRC32.update(CRC32.checksum(Array(bytes[..<cut])), Array(bytes[cut...])), whole)
        }
    }

    func testAdler32CheckValues() {
        XCTAssertEqual(Adler32.checksum(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(Adler32.checksum([]), 1)
        // 0xFF bytes past zlib's 5552-byte reduction block: the sums must wrap modulo 65521.
        XCTAssertEqual(Adler32.checksum([UInt8](repeating: 0xFF, count: 100_000)), 0x149A_302C)
    }
}
