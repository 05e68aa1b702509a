import Foundation
import ImageHeaders
import SelectionPage
import SelectionStore
import XCTest

final class SelectionPageTests: XCTestCase {
    func item(_ index: Int, _ name: String, type: ImageType = .png, link: String? = nil) -> SelectionPage.Item {
        SelectionPage.Item(
            index: index, name: name, path: "shots/" + name, type: type, uprightSize: "30×40",
            byteSize: "1.2 KB", link: link)
    }

    func page(_ names: [String], linked: Bool = false) -> SelectionPage {
        SelectionPage(
            items: names.enumerated().map { item($0 + 1, $1, link: linked ? "shots/" + $1 : nil) },
            capacity: 9, source: ".imgsel.json", linked: linked)
    }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testOneCellPerEntryInOrderLinkingToItsPagerIndex() {
        let html = page(["a.png", "b.png", "c.png"]).render { "DATA\($0.index)" }
        XCTAssertEqual(count("<li class=\"cell\">", in: html), 3)
        let a = html.range(of: "href=\"#1\"")!, b = html.range(of: "href=\"#2\"")!, c = html.range(of: "href=\"#3\"")!
        XCTAssertLessThan(a.lowerBound, b.lowerBound)
        XCTAssertLessThan(b.lowerBound, c.lowerBound)
        XCTAssertTrue(html.contains("src=\"data:image/png;base64,DATA2\""), html)
        XCTAssertTrue(html.contains("<span class=\"index\">2</span><span class=\"name\">b.png</span>"))
        XCTAssertTrue(html.contains("<title>3 images · imgsel</title>"))
        XCTAssertTrue(html.contains("3 of 9"))
    }

    func testEveryNameAndPathIsEscaped() {
        let html = page(["<b>x</b>.png", "\"><script>alert(1)</script>.png"]).render()
        XCTAssertFalse(html.contains("<b>x</b>"), "markup in a name must not reach the page")
        XCTAssertFalse(html.contains("<script>alert(1)"))
        XCTAssertTrue(html.contains("<span class=\"name\">&lt;b&gt;x&lt;/b&gt;.png</span>"))
        XCTAssertTrue(html.contains("data-name=\"&lt;b&gt;x&lt;/b&gt;.png\""))
        XCTAssertTrue(html.contains("alt=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.png\""))
        // The page has exactly its own one script element.
        XCTAssertEqual(count("<script", in: html), 1)
    }

    func testTheSourcePathIsEscaped() {
        let html = SelectionPage(items: [], capacity: 9, source: "<i>sel</i>.json", linked: false).render()
        XCTAssertTrue(html.contains("&lt;i&gt;sel&lt;/i&gt;.json"))
        XCTAssertFalse(html.contains("<i>sel"))
    }

    func testAnEmptySelectionSaysSo() {
        let html = page([]).render()
        XCTAssertTrue(html.contains("The selection is empty"))
        XCTAssertTrue(html.contains("<title>No images · imgsel</title>"))
        XCTAssertEqual(count("<li class=\"cell\">", in: html), 0)
    }

    func testTheCSPAllowsExactlyTheInlineStyleAndScript() throws {
        let html = page(["a.png"]).render()
        let policy = SelectionPage.contentSecurityPolicy(linked: false)
        XCTAssertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"))
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; img-src data:; "), policy)
        // Recompute the hashes from the page's own <style> and <script> text.
        let style = try XCTUnwrap(between("<style>", "</style>", in: html))
        let script = try XCTUnwrap(between("<script>", "</script>", in: html))
        XCTAssertTrue(policy.contains("style-src \(SelectionPage.hashSource(style));"), policy)
        XCTAssertTrue(policy.contains("script-src \(SelectionPage.hashSource(script));"), policy)
        // No style attribute or inline handler, which a hash-based CSP would block.
        XCTAssertFalse(html.contains(" style=\""))
        XCTAssertNil(html.range(of: " on[a-z]+=", options: .regularExpression))
    }

    /// The known SHA-256 of "abc" in base64, so the hash source is the one browsers compute.
    func testHashSourceFormat() {
        XCTAssertEqual(SelectionPage.hashSource("abc"), "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }

    func testNoRemoteURLs() {
        for linked in [false, true] {
            let html = page(["a.png", "b.gif"], linked: linked).render { _ in "QUJD" }
            XCTAssertNil(
                html.range(of: "(https?:|ftp:|ws:|wss:)?//[a-z]", options: [.regularExpression, .caseInsensitive]),
                "no absolute or protocol-relative URLs")
            XCTAssertFalse(html.contains("@import"))
            XCTAssertFalse(html.contains("url("))
        }
    }

    func testLinkedPagesReferenceFilesAndAllowThem() {
        let html = page(["a b.png"], linked: true).render { _ in
            XCTFail("a linked page embeds nothing"); return ""
        }
        XCTAssertTrue(html.contains("src=\"shots/a b.png\""), "the link is the caller's, escaped only")
        let policy = SelectionPage.contentSecurityPolicy(linked: true)
        XCTAssertTrue(policy.contains("img-src 'self' file:;"), policy)
        XCTAssertFalse(policy.contains("data:"))
    }

    func testTypesUndisplayableInBrowsersStillCarryTheirBytesAndAFallback() {
        let pageWithHEIC = SelectionPage(
            items: [item(1, "p.heic", type: .heic)], capacity: 9, source: "s", linked: false)
        let html = pageWithHEIC.render { _ in "AAAA" }
        XCTAssertTrue(html.contains("src=\"data:image/heic;base64,AAAA\""))
        XCTAssertTrue(
            html.contains(
                "<span class=\"fallback\" aria-hidden=\"true\"><strong>HEIC</strong>"
                    + "<span>30×40</span><span>1.2 KB</span>"
            ))
    }

    func testThePagerHasRealButtonsAndADownloadLink() {
        let html = page(["a.png"]).render()
        for id in ["pager-prev", "pager-next", "pager-close"] {
            XCTAssertTrue(html.contains("<button type=\"button\" id=\"\(id)\""), id)
        }
        XCTAssertTrue(html.contains("<a id=\"pager-save\" download>Save</a>"))
        XCTAssertTrue(html.contains("<dialog id=\"pager\""))
        XCTAssertTrue(html.contains("aria-live=\"polite\""))
    }

    func testMimeTypes() {
        XCTAssertEqual(
            ImageType.allCases.map(\.mimeType),
            [
                "image/jpeg", "image/png", "image/gif", "image/webp", "image/bmp",
                "image/tiff", "image/heic", "image/heif", "image/avif",
            ])
    }

    func testStreamingWriteEqualsRender() {
        let p = page(["a.png", "b.png"])
        var pieces: [String] = []
        p.write({ pieces.append($0) }, embed: { pieces.append("E\($0.index)") })
        XCTAssertEqual(pieces.joined(), p.render { "E\($0.index)" })
        XCTAssertTrue(pieces.contains("E1") && pieces.contains("E2"), "each image is asked for separately")
    }

    private func between(_ open: String, _ close: String, in text: String) -> String? {
        guard let a = text.range(of: open), let b = text.range(of: close, range: a.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[a.upperBound..<b.lowerBound])
    }
}
