import ImageCore
import XCTest

@testable import AV1Codec

final class AV1BitReaderTests: XCTestCase {
    func testFixedSignedAndLEB128() throws {
        var r = AV1BitReader([0b1011_0000, 0xE5, 0x8E, 0x26], range: 0..<4, section: "test")
        XCTAssertEqual(try r.f(1), 1)
        XCTAssertEqual(try r.su(3), 3)  // 011
        XCTAssertEqual(try r.f(4), 0)
        XCTAssertEqual(try r.leb128(), 624_485)
        XCTAssertThrowsError(try r.bit())
    }

    func testNonSymmetricCode() throws {
        // ns(5): w = 3, m = 3; values 0...2 take 2 bits, 3 and 4 take 3.
        var r = AV1BitReader([0b1011_0111], range: 0..<1, section: "test")
        XCTAssertEqual(try r.ns(5), 2)  // 10
        XCTAssertEqual(try r.ns(5), 3)  // 11 0: (3 << 1) - 3 + 0
        XCTAssertEqual(try r.ns(5), 4)  // 11 1
    }

    func testReadsStayInTheirRange() {
        var r = AV1BitReader([0xFF, 0xFF], range: 1..<1, section: "test")
        XCTAssertThrowsError(try r.bit()) { XCTAssertEqual($0 as? DecodeError, .truncated(section: "test")) }
        var beyond = AV1BitReader([0xFF], range: 5..<9, section: "test")
        XCTAssertEqual(beyond.bitsLeft, 0)
        XCTAssertThrowsError(try beyond.f(1))
    }
}
