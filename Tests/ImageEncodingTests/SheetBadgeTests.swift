import XCTest

@testable import ImageDecoding
@testable import ImageEncoding

final class SheetBadgeTests: XCTestCase {
    private func badge(_ index: Int, _ cell: Int) -> [Int]? {
        SheetBadge(index: index, cell: cell).map { [$0.width, $0.height, $0.scale] }
    }

    func testTheBadgeIsAQuarterOfTheCellBetweenNineAnd28() {
        XCTAssertNil(badge(1, 8), "no digit fits: no badge")
        XCTAssertNil(badge(1, 10), "a legible badge would hide 81 % of the picture")
        XCTAssertNil(badge(1, 35), "a quarter under 9 pixels: none")
        XCTAssertEqual(badge(1, 36), [9, 9, 1])
        XCTAssertEqual(badge(1, 40), [10, 10, 1])
        XCTAssertEqual(badge(1, 71), [17, 17, 1])
        XCTAssertEqual(badge(1, 72), [18, 18, 2], "room for a doubled digit and two pixels around it")
        XCTAssertEqual(badge(1, 112), [28, 28, 2])
        XCTAssertEqual(badge(1, 16384), [28, 28, 2], "never more than 28")
    }

    func testTwoDigitsWidenASmallBadgeOrGoWithout() {
        XCTAssertEqual(badge(10, 36), [13, 9, 1])
        XCTAssertNil(badge(10, 35))
        XCTAssertEqual(badge(99, 100), [25, 25, 1], "two doubled digits need 26")
        XCTAssertEqual(badge(99, 104), [26, 26, 2])
    }
}
