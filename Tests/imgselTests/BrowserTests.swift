import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `imgsel html` pages rendered by headless Chromium: the DOM after the page's script
/// ran (`--dump-dom`), screenshots, and a probe script that drives the pager the way a
/// person would (keys, clicks, a swipe) and reports what the page did.
///
/// The suite installs nothing: `.ci/run` installs Debian's `chromium`. Without a
/// browser every test here fails saying so; it never passes without having looked.
final class BrowserTests: ImgselTestCase {
    struct NoBrowser: Error, CustomStringConvertible {
        var description: String {
            "no browser installed: the browser tests need chromium, chromium-browser or google-chrome on PATH "
                + "(Debian: apt-get install -y --no-install-recommends chromium; .ci/run does this)"
        }
    }

    static let browser: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in path.split(separator: ":")
            where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    /// Names in the page's order; the third is the issue's `<b>x</b>.png` (a folder and a file).
    let names = [
        "red.png", "tall.png", "<b>x</b>.png", "turned.png", "<img src=x onerror=alert(1)>.png", "scan.tif",
        "my shot #1.png",
    ]
    var profile: URL!
    /// HOME for the browser; downloads land in its Downloads folder.
    var browserHome: URL {
        dir.deletingLastPathComponent().appendingPathComponent("browser-home", isDirectory: true)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard Self.browser != nil else {
            // Recorded as a failure first: XCTest on Linux reports an error thrown here as "skipped".
            XCTFail(NoBrowser().description)
            throw NoBrowser()
        }
        profile = dir.deletingLastPathComponent().appendingPathComponent("chromium-profile", isDirectory: true)
        _ = write(BrowserFixtures.solid(60, 40, (220, 40, 40)), to: names[0])
        _ = write(
            BrowserFixtures.png(width: 30, height: 90) { _, y in y < 45 ? (40, 160, 60) : (240, 220, 40) }, to: names[1]
        )
        _ = write(BrowserFixtures.solid(50, 50, (40, 80, 220)), to: names[2])
        // Stored 80×40, left orange and right purple; EXIF 6 turns it to a 40×80 portrait, orange on top.
        _ = write(
            BrowserFixtures.png(width: 80, height: 40, orientation: 6) { x, _ in x < 40 ? (250, 130, 0) : (120, 0, 160)
            },
            to: names[3])
        _ = write(BrowserFixtures.solid(40, 40, (0, 200, 200)), to: names[4])
        _ = write(BrowserFixtures.tiff(width: 6, height: 4), to: names[5])
        _ = write(
            BrowserFixtures.png(width: 40, height: 40) { x, y in (UInt8(x * 6), UInt8(y * 6), 128) }, to: names[6])
        let added = run(["add"] + names)
        assertSuccess(added)
    }

    // MARK: - The DOM as the browser built it

    func testTheGridHasOneCellPerEntryEscapedNamesAndNoRemoteURLs() throws {
        assertSuccess(run(["html"]))
        let dom = try dumpDOM("imgsel.html")
        XCTAssertEqual(count("<li class=\"cell\">", in: dom), 7, dom)
        XCTAssertFalse(dom.contains("<dialog id=\"pager\" aria-label=\"Image viewer\" open"), "the pager starts closed")
        XCTAssertEqual(count("<img", in: dom), 8, "seven cells and the pager: no image element from a name")
        XCTAssertFalse(dom.contains("<b>"), "markup in a name stays text")
        XCTAssertTrue(dom.contains("<span class=\"name\">&lt;img src=x onerror=alert(1)&gt;.png</span>"), dom)
        XCTAssertTrue(dom.contains("<span class=\"name\">b&gt;.png</span>"), "the base name of <b>x</b>.png")
        XCTAssertTrue(dom.contains("title=\"&lt;b&gt;x&lt;/b&gt;.png\""), "its whole path as the tooltip")
        assertNoRemoteURLs(dom)
        // The script ran (under the CSP) and marked the one image Chromium cannot show.
        XCTAssertEqual(count("class=\"thumb failed\"", in: dom), 1, dom)
        XCTAssertTrue(dom.contains("<a class=\"thumb failed\" id=\"cell-6\""), "the TIFF shows its fallback")
    }

    func testFragment3OpensThePagerAtTheThirdEntry() throws {
        assertSuccess(run(["html"]))
        let dom = try dumpDOM("imgsel.html#3")
        XCTAssertTrue(dom.contains("<dialog id=\"pager\" aria-label=\"Image viewer\" open=\"\">"), dom)
        XCTAssertTrue(dom.contains("<p id=\"pager-label\" aria-live=\"polite\">3 / 7</p>"), dom)
        XCTAssertTrue(dom.contains("<p id=\"pager-name\">&lt;b&gt;x&lt;/b&gt;.png</p>"), "the path as text")
        let cell3 = try XCTUnwrap(firstMatch("id=\"cell-3\"[^>]*><img alt=\"[^\"]*\" src=\"([^\"]+)\"", in: dom))
        let pagerImage = try XCTUnwrap(
            firstMatch("<img id=\"pager-image\" alt=\"b&gt;.png\" src=\"([^\"]+)\"", in: dom))
        XCTAssertEqual(pagerImage, cell3)
        XCTAssertTrue(
            dom.contains("<a id=\"pager-save\" download=\"b&gt;.png\" href=\"data:image/png;base64,"),
            "the download keeps the file's own name")
        XCTAssertEqual(Data(base64Encoded: String(cell3.dropFirst("data:image/png;base64,".count))), bytes(names[2]))
        assertNoRemoteURLs(dom)

        let last = try dumpDOM("imgsel.html#7")
        XCTAssertTrue(last.contains(">7 / 7</p>"))
        XCTAssertTrue(
            last.contains("id=\"pager-next\" aria-label=\"Next image\" disabled=\"\""), "no next after the last")
        let tiff = try dumpDOM("imgsel.html#6")
        XCTAssertTrue(tiff.contains(">6 / 7</p>"))
        XCTAssertTrue(tiff.contains("<img id=\"pager-image\" alt=\"\" hidden=\"\">"), "no broken image in the pager")
        XCTAssertTrue(tiff.contains("<p id=\"pager-placeholder\">TIFF\n6×4\n"), "its type and size instead")
        XCTAssertTrue(
            tiff.contains("<a id=\"pager-save\" download=\"scan.tif\" href=\"data:image/tiff;base64,"),
            "the file can still be saved")
        let outside = try dumpDOM("imgsel.html#12")
        XCTAssertFalse(outside.contains("open=\"\""), "an index past the end leaves the grid")
    }

    // MARK: - Behaviour, driven by a probe script

    func testKeysClicksSwipesAndTheFragmentDriveThePager() throws {
        assertSuccess(run(["html"]))
        let report = try probe(
            "imgsel.html", fragment: "#3",
            steps: """
                step('start');
                key('ArrowRight'); step('right');
                key('ArrowLeft'); key('ArrowLeft'); step('left twice');
                key('End'); step('end');
                key('ArrowRight'); step('right at the end');
                key('Escape'); step('escape');
                document.getElementById('cell-5').click(); step('click cell 5');
                document.getElementById('pager-next').click(); step('next button');
                swipe(300, 100); step('swipe left');
                swipe(100, 300); swipe(100, 300); step('swipe right twice');
                later(function () { location.hash = '#2'; }, function () { step('hash #2');
                  later(function () { location.hash = '#4'; }, function () { step('hash #4');
                    var img = document.getElementById('pager-image');
                    report.orientedSize = img.naturalWidth + 'x' + img.naturalHeight;
                    report.imageOrientation = getComputedStyle(img).imageOrientation;
                    var save = document.getElementById('pager-save');
                    save.addEventListener('click', function (e) { e.preventDefault(); });
                    save.click();
                    report.saveHref = save.getAttribute('href').slice(0, 5);
                    report.saveName = save.getAttribute('download');
                    backgroundClick(4, 300); step('background click');
                    finish();
                  });
                });
                """)
        let steps = report["steps"] as? [[String: Any]] ?? []
        func state(_ name: String) -> String {
            guard let s = steps.first(where: { $0["name"] as? String == name }) else { return "missing step \(name)" }
            return
                "\(s["open"] as? Bool ?? false ? "open" : "closed") \(s["label"] ?? "") \(s["hash"] ?? "")"
                + " focus=\(s["focus"] ?? "")"
        }
        XCTAssertEqual(state("start"), "open 3 / 7 #3 focus=pager-next")
        XCTAssertEqual(state("right"), "open 4 / 7 #4 focus=pager-next")
        XCTAssertEqual(state("left twice"), "open 2 / 7 #2 focus=pager-next")
        XCTAssertEqual(state("end"), "open 7 / 7 #7 focus=pager-prev", "focus leaves the disabled next button")
        XCTAssertEqual(state("right at the end"), "open 7 / 7 #7 focus=pager-prev")
        XCTAssertEqual(state("escape"), "closed 7 / 7  focus=cell-7", "focus returns to the entry's cell")
        XCTAssertEqual(state("click cell 5"), "open 5 / 7 #5 focus=pager-next")
        XCTAssertEqual(state("next button"), "open 6 / 7 #6 focus=pager-next")
        XCTAssertEqual(state("swipe left"), "open 7 / 7 #7 focus=pager-prev")
        XCTAssertEqual(state("swipe right twice"), "open 5 / 7 #5 focus=pager-prev")
        XCTAssertEqual(state("hash #2"), "open 2 / 7 #2 focus=pager-prev")
        XCTAssertEqual(state("hash #4"), "open 4 / 7 #4 focus=pager-prev")
        XCTAssertEqual(state("background click"), "closed 4 / 7  focus=cell-4")
        XCTAssertEqual(report["orientedSize"] as? String, "40x80", "EXIF orientation 6 applied: a portrait")
        XCTAssertEqual(report["imageOrientation"] as? String, "from-image")
        XCTAssertEqual(
            report["saveHref"] as? String, "blob:", "Save hands over the bytes as a blob, not a long data: URI")
        XCTAssertEqual(report["saveName"] as? String, "turned.png")
        XCTAssertEqual(report["violations"] as? [String], [], "no Content-Security-Policy violations")
    }

    func testTheGridLayoutWideAndNarrow() throws {
        assertSuccess(run(["html"]))
        for (width, columns) in [(1000, 3), (390, 3), (250, 2), (170, 1)] {
            let size = "\(width) px"
            let report = try probe("imgsel.html", frame: (width, 800), steps: "finish();")
            XCTAssertEqual(report["viewport"] as? Int, width, "the frame is the viewport")
            XCTAssertEqual(report["columns"] as? Int, columns, "window \(size)")
            XCTAssertEqual(report["overflow"] as? Bool, false, "window \(size): nothing sticks out sideways")
            XCTAssertEqual(report["square"] as? Bool, true, "window \(size): square cells")
            XCTAssertEqual(report["loaded"] as? [Bool], [true, true, true, true, true, false, true], "window \(size)")
            XCTAssertEqual(report["fallbackShown"] as? [Bool], [false, false, false, false, false, true, false])
            XCTAssertEqual(report["cover"] as? String, "cover", "images fill their cell, cropped")
            XCTAssertEqual(
                report["captions"] as? [String],
                [
                    "1 red.png", "2 tall.png", "3 b>.png", "4 turned.png",
                    "5 <img src=x onerror=alert(1)>.png", "6 scan.tif", "7 my shot #1.png",
                ])
        }
    }

    func testALinkedPageLoadsItsImagesFromRelativePaths() throws {
        try FileManager.default.createDirectory(at: url("report"), withIntermediateDirectories: true)
        assertSuccess(run(["html", "--link", "report/page.html"]))
        let report = try probe("report/page.html", fragment: "#7", steps: "finish();")
        XCTAssertEqual(
            report["loaded"] as? [Bool], [true, true, true, true, true, false, true], "under img-src 'self' file:")
        XCTAssertEqual(
            report["pagerLoaded"] as? Bool, true, "the pager shows 'my shot #1.png' through its percent-encoded link")
        XCTAssertEqual(report["violations"] as? [String], [])
        let dom = try dumpDOM("report/page.html#7")
        XCTAssertTrue(dom.contains("href=\"../my%20shot%20%231.png\""), "the download link is the relative file")
        assertNoRemoteURLs(dom)
    }

    /// Save, clicked in the pager, downloads the original bytes under the file's own name.
    ///
    /// The run ends when the file has landed: not on a virtual-time budget, which under load can
    /// run out (and the browser quit) before the download is written, nor on the browser's exit,
    /// which after a download sometimes never comes (see BrowserRun.swift).
    func testSaveDownloadsTheOriginalFileUnderItsOwnName() throws {
        assertSuccess(run(["html"]))
        let page = probePage("imgsel.html", fragment: "#7", steps: "document.getElementById('pager-save').click();")
        let downloaded = browserHome.appendingPathComponent("Downloads").appendingPathComponent(names[6])
        let original = try XCTUnwrap(bytes(names[6]))
        _ = try browse(["--window-size=1100,900"], page: page, virtualTime: false) { _ in
            (try? Data(contentsOf: downloaded)) == original
        }
        XCTAssertEqual(
            try? Data(contentsOf: downloaded), original, "\(downloaded.path) holds the original bytes")
    }

    /// A run ends when its product is complete, not when the browser exits: a stand-in that
    /// prints its page and then hangs, as Chromium did after a download under load, is stopped
    /// at once, its whole process group with it (the old wait ran into its 60 s and failed).
    func testARunEndsWithItsProductEvenWhenTheBrowserThenHangs() throws {
        let pidFile = url("stand-in.pid")
        let standIn = write(
            Data(
                ("#!/bin/sh\necho $$ > '\(pidFile.path)'\n"
                    + "echo '<html><body>done</body></html>'\nexec sleep 1000\n").utf8),
            to: "stand-in")
        XCTAssertEqual(chmod(standIn.path, 0o755), 0)
        _ = write(Data("<html></html>".utf8), to: "page.html")
        let dom = try browse([], page: "page.html", browser: standIn.path) { Self.file($0, endsWith: "</html>\n") }
        XCTAssertEqual(dom, "<html><body>done</body></html>\n")
        let pid = try XCTUnwrap(
            Int32(String(decoding: try Data(contentsOf: pidFile), as: UTF8.self).filter(\.isNumber)))
        XCTAssertEqual(kill(pid, 0), -1, "the stand-in was stopped")
    }

    // MARK: - Screenshots

    /// Takes the grid, the pager at #4 and the narrow grid; with IMGSEL_SCREENSHOTS set
    /// they are kept in that folder for a person to look at.
    func testScreenshots() throws {
        assertSuccess(run(["html"]))
        let keep = ProcessInfo.processInfo.environment["IMGSEL_SCREENSHOTS"].map { URL(fileURLWithPath: $0) }
        for (name, fragment, width, height) in [
            ("grid", "", 1000, 700), ("pager", "#4", 1000, 700),
            ("narrow-grid", "", 390, 844), ("narrow-pager", "#3", 390, 844),
        ] {
            let shot = dir.deletingLastPathComponent().appendingPathComponent("\(name).png")
            let result = try browse(
                ["--window-size=\(width),\(height)", "--screenshot=\(shot.path)"], page: "imgsel.html" + fragment
            ) { _ in Self.file(shot, endsWith: Self.pngEnd) }
            let png = try XCTUnwrap(try? Data(contentsOf: shot), "no screenshot \(name): \(result)")
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], name)
            XCTAssertEqual(be32(png, 16), width, "\(name) width")
            XCTAssertEqual(be32(png, 20), height, "\(name) height")
            if let keep {
                try? FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
                let target = keep.appendingPathComponent("html-\(name).png")
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: shot, to: target)
            }
        }
    }
}
