import SelectionPage
import XCTest

final class HTMLTextTests: XCTestCase {
    func testMarkupInANameBecomesText() {
        XCTAssertEqual(HTMLText.escape("<b>x</b>.png"), "&lt;b&gt;x&lt;/b&gt;.png")
        XCTAssertEqual(HTMLText.escape("a&b \"q\" 's'"), "a&amp;b &quot;q&quot; &#39;s&#39;")
    }

    func testAnAttributeCannotBeClosedFromInside() {
        let escaped = HTMLText.escape("x\" onerror=\"alert(1)")
        XCTAssertFalse(escaped.contains("\""), escaped)
        XCTAssertFalse(HTMLText.escape("x' y").contains("'"))
    }

    func testAlreadyEscapedTextIsEscapedAgain() {
        XCTAssertEqual(HTMLText.escape("&lt;"), "&amp;lt;")
    }

    func testUnicodeIsKeptAndControlCharactersReplaced() {
        XCTAssertEqual(HTMLText.escape("café 写真 🌅.jpg"), "café 写真 🌅.jpg")
        XCTAssertEqual(HTMLText.escape("a\u{1B}[31mb\u{0}c\u{7F}"), "a\u{FFFD}[31mb\u{FFFD}c\u{FFFD}")
        XCTAssertEqual(HTMLText.escape("tab\tnew\nline"), "tab\tnew\nline")
    }

    func testPercentEncodingKeepsSlashesAndUnreserved() {
        XCTAssertEqual(HTMLText.percentEncodePath("shots/a-b_c.d~e.jpg"), "shots/a-b_c.d~e.jpg")
        XCTAssertEqual(HTMLText.percentEncodePath("my shot #1?.jpg"), "my%20shot%20%231%3F.jpg")
        XCTAssertEqual(HTMLText.percentEncodePath("100%.png"), "100%25.png")
        XCTAssertEqual(HTMLText.percentEncodePath("é.png"), "%C3%A9.png")
        XCTAssertEqual(HTMLText.percentEncodePath("javascript:alert(1).png"), "javascript%3Aalert%281%29.png")
        XCTAssertEqual(HTMLText.percentEncodePath("<b>\"&'.png"), "%3Cb%3E%22%26%27.png")
    }

    func testRelativePaths() {
        XCTAssertEqual(HTMLText.relativePath(from: "/w", to: "/w/a.png"), "a.png")
        XCTAssertEqual(HTMLText.relativePath(from: "/w", to: "/w/shots/a.png"), "shots/a.png")
        XCTAssertEqual(HTMLText.relativePath(from: "/w/out", to: "/w/shots/a.png"), "../shots/a.png")
        XCTAssertEqual(HTMLText.relativePath(from: "/w/out/deep", to: "/w/a.png"), "../../a.png")
        XCTAssertEqual(HTMLText.relativePath(from: "/", to: "/a.png"), "a.png")
        XCTAssertEqual(HTMLText.relativePath(from: "/w/a.png", to: "/w/a.png/b.png"), "b.png")
        // A folder named like the file's own name is not a common prefix of the file.
        XCTAssertEqual(HTMLText.relativePath(from: "/w/a", to: "/w/a"), "../a")
    }
}
