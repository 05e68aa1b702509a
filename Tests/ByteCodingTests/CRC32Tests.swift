import ByteCoding
import XCTest

final class CRC32Tests: XCTestCase {
    /// The check value every CRC-32/ISO-HDLC implementation agrees on, and PNG's own IEND chunk.
    func testTheStandardCheckValueAndAnIENDChunk() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum(Array("IEND".utf8)), 0xAE42_6082)
        XCTAssertEqual(CRC32.checksum([UInt8]()), 0)
    }

    func testPiecesGiveTheSameChecksumAsTheWhole() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        for cut in [0, 1, 3, 500, 999, 1000] {
            let crc = CRC32.update(CRC32.update(0, bytes[..<cut]), bytes[cut...])
            XCTAssertEqual(crc, CRC32.checksum(bytes), "cut at \(cut)")
        }
    }
}
