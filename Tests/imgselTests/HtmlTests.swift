import Foundation
import XCTest

/// `imgsel html`: where the page goes, what it holds, and how it refuses.
final class HtmlTests: ImgselTestCase {
    func page(_ relative: String = "imgsel.html") -> String {
        String(decoding: bytes(relative) ?? Data(), as: UTF8.self)
    }

    /// Every `src="…"` of the grid's cells, in page order.
    func gridSources(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "<img alt=\"[^\"]*\" src=\"([^\"]*)\"")
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
    }

    func testThePageGoesBesideTheSelectionFileAndItsPathIsPrinted() throws {
        png("a.png")
        try FileManager.default.createDirectory(at: url("sub"), withIntermediateDirectories: true)
        assertSuccess(run(["-f", "sub/sel.json", "add", "a.png"]))
        let r = run(["-f", "sub/sel.json", "html"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "sub/imgsel.html\n")
        XCTAssertTrue(page("sub/imgsel.html").hasPrefix("<!DOCTYPE html>"))
        XCTAssertFalse(exists("imgsel.html"), "not in the current directory")
    }

    func testImagesAreEmbeddedWithTheirExactBytesInOrder() {
        let names = seed(3)
        assertSuccess(run(["move", "3", "1"]))
        assertSuccess(run(["html"]))
        let sources = gridSources(page())
        XCTAssertEqual(sources.count, 3)
        for (source, name) in zip(sources, [names[2], names[0], names[1]]) {
            XCTAssertTrue(source.hasPrefix("data:image/png;base64,"), source)
            XCTAssertEqual(
                Data(base64Encoded: String(source.dropFirst("data:image/png;base64,".count))), bytes(name), name)
        }
    }

    /// Larger than the 1 MB read chunk and not a multiple of 3, so base64 carries bytes across reads.
    func testALargeImageIsEmbeddedWhole() {
        png("big.png", width: 700, height: 700)
        let size = bytes("big.png")?.count ?? 0
        XCTAssertGreaterThan(size, 1 << 20)
        XCTAssertNotEqual(size % 3, 0, "pick a size that leaves a remainder")
        assertSuccess(run(["add", "big.png"]))
        assertSuccess(run(["html", "-q"]))
        let source = gridSources(page()).first ?? ""
        XCTAssertEqual(Data(base64Encoded: String(source.dropFirst("data:image/png;base64,".count))), bytes("big.png"))
    }

    func testOutputPathsFolderAndQuietAndJSON() throws {
        seed(2)
        let named = run(["html", "out/page.html"])
        assertFailure(named, 5, stderrContains: ["out/page.html"])
        try FileManager.default.createDirectory(at: url("out"), withIntermediateDirectories: true)
        assertSuccess(run(["html", "out/page.html"]))
        XCTAssertTrue(exists("out/page.html"))
        let folder = run(["html", "out"])
        assertSuccess(folder)
        XCTAssertEqual(folder.stdout, "out/imgsel.html\n")
        let quiet = run(["-q", "html", "out/q.html"])
        assertSuccess(quiet)
        XCTAssertEqual(quiet.stdout, "")
        XCTAssertTrue(exists("out/q.html"))
        let json = run(["--json", "html", "out/j.html"])
        assertSuccess(json)
        let object = parseJSON(json.stdout) as? [String: Any] ?? [:]
        XCTAssertEqual(object["page"] as? String, "out/j.html")
        XCTAssertEqual(object["entries"] as? Int, 2)
        XCTAssertEqual(object["images"] as? String, "embedded")
        XCTAssertEqual(object["bytes"] as? Int, bytes("out/j.html")?.count)
        XCTAssertEqual(listing("out"), ["imgsel.html", "j.html", "page.html", "q.html"], "no temporary files left")
    }

    func testTheSelectionFileIsNeitherChangedNorOverwritten() {
        seed(2)
        let before = selectionData()
        assertSuccess(run(["html"]))
        assertUnchanged(before)
        assertUsage(
            run(["html", ".imgsel.json"]), usageLine: "usage: imgsel html [OUT] [--link]",
            stderrContains: ["selection file"])
        assertUnchanged(before)
    }

    func testAnEntrysImageIsNeverOverwrittenByThePage() {
        let names = seed(2)
        let before = bytes(names[1])
        assertUsage(run(["html", names[1]]), stderrContains: ["entry 2"])
        XCTAssertEqual(bytes(names[1]), before)
    }

    func testAnImageOrTheSelectionReachedThroughASymlinkedFolderIsNeverOverwritten() throws {
        let names = seed(2)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("here").path, withDestinationPath: ".")
        let image = bytes(names[0])
        let before = selectionData()
        assertUsage(run(["html", "here/" + names[0]]), stderrContains: ["entry 1"])
        assertUsage(run(["html", "here/.imgsel.json"]), stderrContains: ["selection file"])
        assertUsage(run(["html", "here/.imgsel.json.lock"]), stderrContains: ["selection file"])
        XCTAssertEqual(bytes(names[0]), image)
        assertUnchanged(before)
        XCTAssertFalse(exists("imgsel.html"))
    }

    func testOUTWithDotDotThroughASymlinkGoesWhereTheShellWouldPutIt() throws {
        seed(1)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub/deep"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("linkdir").path, withDestinationPath: "sub/deep")
        assertSuccess(run(["-q", "html", "linkdir/../p.html"]))
        XCTAssertTrue(exists("sub/p.html"), "linkdir/.. is sub, as the kernel resolves it")
        XCTAssertFalse(exists("p.html"))
    }

    func testUsageErrors() {
        assertUsage(
            run(["html", "a.html", "b.html"]), usageLine: "usage: imgsel html [OUT] [--link]",
            stderrContains: ["b.html"])
        assertUsage(run(["html", "-"]), stderrContains: ["stdout"])
        assertUsage(run(["html", ""]), stderrContains: ["empty"])
        assertUsage(run(["html", "--lnik"]), stderrContains: ["--link"])
        XCTAssertFalse(exists("imgsel.html"))
    }

    func testAnEmptySelectionGivesAPageThatSaysSo() {
        assertFailure(run(["html"]), 4, stderrContains: ["no selection file at"])
        XCTAssertEqual(listing("."), [], "a missing selection is neither read as empty nor created")
        assertSuccess(run(["init"]))
        assertSuccess(run(["html"]))
        XCTAssertTrue(page().contains("The selection is empty"))
        XCTAssertTrue(page().contains("0 of 9"))
    }

    func testAVanishedOrChangedFileIsRefusedAndNoPageWritten() throws {
        let names = seed(3)
        _ = write(Data("an older page\n".utf8), to: "imgsel.html")
        try FileManager.default.removeItem(at: url(names[0]))
        var changed = try XCTUnwrap(bytes(names[2]))
        changed[changed.count - 20] ^= 0xFF
        _ = write(changed, to: names[2])
        for args in [["html"], ["html", "--link"]] {
            let r = run(args)
            assertFailure(
                r, 3, stderrContains: ["\(names[0]): no such file", "\(names[2]): entry 3 changed since it was added"])
            XCTAssertEqual(r.stderrLines.count, 2, r.transcript)
            XCTAssertEqual(page(), "an older page\n", "the old page is left as it was")
            XCTAssertEqual(
                listing("."), [".imgsel.json", ".imgsel.json.lock", "imgsel.html", names[1], names[2]].sorted())
        }
        let json = run(["--json", "html"])
        XCTAssertTrue(json.stderr.contains("\"code\":\"input-missing\""), json.transcript)
    }

    func testWritingBelowARegularFileFailsNamingThePage() {
        seed(1)
        _ = write(Data("a file\n".utf8), to: "afile")
        let r = run(["html", "afile/page.html"])
        assertFailure(r, 5, stderrContains: ["afile/page.html", "cannot write"])
        XCTAssertEqual(bytes("afile"), Data("a file\n".utf8))
    }

    func testAnExistingPageIsReplacedWhole() {
        seed(2)
        _ = write(Data(repeating: 0x41, count: 100_000), to: "imgsel.html")
        assertSuccess(run(["html"]))
        let html = page()
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.hasSuffix("</html>\n"))
        XCTAssertFalse(html.contains("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))
    }

    func testLinkUsesPercentEncodedPathsRelativeToThePage() throws {
        png("shots/my shot #1.png")
        png("shots/100%.png")
        png("ünï.png")
        assertSuccess(run(["add", "shots/my shot #1.png", "shots/100%.png", "ünï.png"]))
        let r = run(["html", "report/page.html", "--link"])
        assertFailure(r, 5, stderrContains: ["report/page.html"])
        try FileManager.default.createDirectory(at: url("report"), withIntermediateDirectories: true)
        assertSuccess(run(["html", "report/page.html", "--link"]))
        let sources = gridSources(page("report/page.html"))
        XCTAssertEqual(sources, ["../shots/my%20shot%20%231.png", "../shots/100%25.png", "../%C3%BCn%C3%AF.png"])
        for source in sources {
            let target = url("report").appendingPathComponent(source.removingPercentEncoding!).standardizedFileURL
            XCTAssertTrue(FileManager.default.fileExists(atPath: target.path), "\(source) leads to \(target.path)")
        }
        XCTAssertTrue(page("report/page.html").contains("img-src 'self' file:;"))
        XCTAssertLessThan(bytes("report/page.html")?.count ?? .max, 20_000, "nothing embedded")
        let json = parseJSON(run(["--json", "html", "report/page.html", "--link"]).stdout) as? [String: Any]
        XCTAssertEqual(json?["images"] as? String, "linked")
    }

    func testAbsolutePathsOutsideTheSelectionFolderAreLinkedRelatively() throws {
        png("elsewhere/far.png")
        try FileManager.default.createDirectory(at: url("sel"), withIntermediateDirectories: true)
        assertSuccess(run(["-f", "sel/s.json", "add", "elsewhere/far.png"]))
        XCTAssertTrue(storedPaths(url("sel/s.json")).first?.hasPrefix("/") ?? false, "stored absolute")
        assertSuccess(run(["-f", "sel/s.json", "html", "--link"]))
        XCTAssertEqual(gridSources(page("sel/imgsel.html")), ["../elsewhere/far.png"])
    }

    func testHostileNamesAreTextInThePage() {
        let hostile = "<img src=x onerror=alert(1)>.png"
        png(hostile)
        png("<b>x</b>.png")
        png("quote\"and'apos.png")
        assertSuccess(run(["add", hostile, "<b>x</b>.png", "quote\"and'apos.png"]))
        assertSuccess(run(["html"]))
        let html = page()
        XCTAssertFalse(html.contains("<img src=x"))
        XCTAssertFalse(html.contains("<b>x</b>"))
        XCTAssertFalse(html.contains("quote\"and"))
        XCTAssertTrue(html.contains("<span class=\"name\">&lt;img src=x onerror=alert(1)&gt;.png</span>"))
        XCTAssertTrue(html.contains("data-path=\"&lt;b&gt;x&lt;/b&gt;.png\""))
        XCTAssertTrue(html.contains("quote&quot;and&#39;apos.png"))
        XCTAssertEqual(gridSources(html).count, 3)
    }

    func testATIFFIsEmbeddedWithItsOwnTypeAndAFallback() {
        _ = write(BrowserFixtures.tiff(width: 6, height: 4), to: "scan.tif")
        assertSuccess(run(["add", "scan.tif"]))
        assertSuccess(run(["html"]))
        let sources = gridSources(page())
        XCTAssertTrue(sources.first?.hasPrefix("data:image/tiff;base64,") ?? false, sources.description)
        XCTAssertTrue(page().contains("<strong>TIFF</strong><span>6×4</span>"))
    }
}
