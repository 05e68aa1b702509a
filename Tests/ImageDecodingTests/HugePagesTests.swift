import XCTest

@testable import ImageCore
@testable import ImageDecoding

/// Only whole 2 MiB pages inside a buffer may be advised: a page reaching past either end would
/// change how memory beside it (another allocation's) is backed.
final class HugePagesTests: XCTestCase {
    let huge = 2 << 20

    func testASmallBufferIsLeftAlone() {
        XCTAssertNil(HugePages.pages(at: 0x4000_0000, bytes: 4 << 20 - 1))
    }

    func testOnlyTheWholePagesInsideAnUnalignedBufferAreAdvised() throws {
        let address = 0x4000_0000 + 4096 + 16, bytes = 9 << 20
        let pages = try XCTUnwrap(HugePages.pages(at: address, bytes: bytes))
        XCTAssertEqual(pages.lowerBound, 0x4000_0000 + huge)
        XCTAssertEqual(pages.upperBound, 0x4000_0000 + 4 * huge)
        XCTAssertGreaterThanOrEqual(pages.lowerBound, address)
        XCTAssertLessThanOrEqual(pages.upperBound, address + bytes)
        XCTAssertEqual(pages.count % huge, 0)
    }

    func testAnAlignedBufferIsAdvisedWhole() throws {
        let pages = try XCTUnwrap(HugePages.pages(at: 0x4000_0000, bytes: 4 << 20))
        XCTAssertEqual(pages, 0x4000_0000..<(0x4000_0000 + 4 << 20))
    }
}
