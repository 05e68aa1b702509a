import TextWidth
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
    /// The two tables this one replaced disagreed on these: the command line summed every
    /// scalar (a ZWJ family was 6 columns, `shorten` to 1 column returned the whole name) and
    /// the full screen looked only at the first (a flag was 1).
    func testAGraphemeTakesTheWidthOfItsWidestScalar() {
        XCTAssertEqual(DisplayWidth.of("👨\u{200D}👩\u{200D}👧"), 2, "a ZWJ sequence is one wide grapheme")
        XCTAssertEqual(DisplayWidth.of("🇯🇵"), 2, "a flag is two regional indicators drawn as one wide grapheme")
        XCTAssertEqual(DisplayWidth.of("\u{301}"), 0, "a lone combining mark")
        XCTAssertEqual(DisplayWidth.of("a\u{200B}b"), 2, "a zero-width space takes no column")
    }

    func testShortenNeverOverrunsEvenTheNarrowestColumns() {
        XCTAssertEqual(DisplayWidth.shorten("photo.jpg", 1), "…")
        XCTAssertEqual(DisplayWidth.shorten("photo.jpg", 0), "")
        XCTAssertEqual(DisplayWidth.shorten("日本語.png", 2), "…g", "a wide head that does not fit is left out")
        for columns in 0...14 {
            let shortened = DisplayWidth.shorten("日本語の長いファイル名.png", columns)
            XCTAssertLessThanOrEqual(DisplayWidth.of(shortened), columns, shortened)
        }
    }

    func testAnInjectedWidthIsClampedAndUsedThroughout() {
        let wideW: CharacterWidth = { $0 == "w" ? 2 : ($0 == "x" ? 9 : 1) }
        XCTAssertEqual(DisplayWidth.shorten("wwwwaaaa", 5, width: wideW), "w…aa")
        XCTAssertEqual(DisplayWidth.pad("x", 4, width: wideW), "x  ", "9 is taken as 2")
        XCTAssertEqual(DisplayWidth.truncate("wwaa", 4, width: wideW), "w…")
    }
}
