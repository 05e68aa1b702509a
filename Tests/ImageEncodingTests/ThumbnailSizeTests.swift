import XCTest

@testable import ImageDecoding
@testable import ImageEncoding

final class ThumbnailSizeTests: XCTestCase {
    func testASmallImageKeepsItsSize() {
        XCTAssertTrue(ThumbnailSize.fitting(width: 40, height: 30, within: 256) == (40, 30))
        XCTAssertTrue(ThumbnailSize.fitting(width: 256, height: 256, within: 256) == (256, 256))
    }

    func testTheLongSideBecomesTheBoxAndTheShortOneIsRoundedHalfUp() {
        XCTAssertTrue(ThumbnailSize.fitting(width: 4000, height: 3000, within: 256) == (256, 192))
        XCTAssertTrue(ThumbnailSize.fitting(width: 3000, height: 4000, within: 256) == (192, 256))
        // 5 × 3 / 2 = 7.5 rounds up to 8 (Python's round() would give 8 too, but 2.5 → 2 elsewhere).
        XCTAssertTrue(ThumbnailSize.fitting(width: 10, height: 5, within: 3) == (3, 2))
        XCTAssertTrue(ThumbnailSize.fitting(width: 20, height: 15, within: 2) == (2, 2))
    }

    func testAThinImageKeepsAtLeastOnePixel() {
        XCTAssertTrue(ThumbnailSize.fitting(width: 10000, height: 1, within: 100) == (100, 1))
        XCTAssertTrue(ThumbnailSize.fitting(width: 1, height: 10000, within: 100) == (1, 100))
    }

    func testTheJPEGScaleIsTheLargestThatStillCoversTheTarget() {
        XCTAssertEqual(ThumbnailSize.jpegScale(width: 4000, height: 3000, covering: (256, 192)), 8)
        XCTAssertEqual(ThumbnailSize.jpegScale(width: 4000, height: 3000, covering: (1000, 750)), 4)
        XCTAssertEqual(ThumbnailSize.jpegScale(width: 4000, height: 3000, covering: (1334, 1000)), 2)
        XCTAssertEqual(ThumbnailSize.jpegScale(width: 4000, height: 3000, covering: (2001, 1501)), 1)
        // Pillow's rule: whole multiples only, so 799 / 100 = 7 allows 4, not 8.
        XCTAssertEqual(ThumbnailSize.jpegScale(width: 799, height: 799, covering: (100, 100)), 4)
    }
}
