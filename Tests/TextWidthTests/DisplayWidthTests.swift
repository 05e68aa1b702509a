import CommandLineModel
import XCTest

final class DisplayWidthTests: XCTestCase {
    func testWideCharactersTakeTwoColumnsAndMarksNone() {
        XCTAssertEqual(DisplayWidth.of("abc"), 3)
        XCTAssertEqual(DisplayWidth.of("日本語"), 6)
        XCTAssertEqual(DisplayWidth.of("한글"), 4)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining accent takes no column")
        XCTAssertEqual(DisplayWidth.of("📷"), 2)
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2, "a skin-tone modifier takes no column")
        XCTAssertEqual(DisplayWidth.of("❤\u{FE0F}"), 1, "a variation selector takes no column")
        XCTAssertEqual(DisplayWidth.of("ＡＢ"), 4, "fullwidth forms")
    }

    func testPadFillsToColumnsNotCharacters() {
        XCTAssertEqual(DisplayWidth.pad("日本", 6), "日本  ")
        XCTAssertEqual(DisplayWidth.pad("abc", 2), "abc", "never cut")
    }

    func testShortenKeepsTheEndAndFitsTheColumns() {
        XCTAssertEqual(
            DisplayWidth.shorten("IMG_20260101_123456.jpg", 12), "IMG_20…6.jpg", "the head takes the odd column")
        XCTAssertEqual(DisplayWidth.shorten("short.png", 12), "short.png")
        let shortened = DisplayWidth.shorten("日本語の長いファイル名.png", 10)
        XCTAssertLessThanOrEqual(DisplayWidth.of(shortened), 10)
        XCTAssertTrue(shortened.hasSuffix(".png"), shortened)
        XCTAssertTrue(shortened.contains("…"), shortened)
    }
}
