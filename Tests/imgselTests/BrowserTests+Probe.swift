import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The probe pages run in the browser and the helpers reading what it printed.
extension BrowserTests {
    // MARK: - Running the browser (browse: BrowserRun.swift)

    func dumpDOM(_ page: String, window: String = "1000,700") throws -> String {
        let dom = try browse(["--window-size=\(window)", "--dump-dom"], page: page) {
            Self.file($0, endsWith: "</html>\n")
        }
        XCTAssertTrue(dom.contains("</html>"), "the browser printed no DOM for \(page)")
        return dom
    }

    /// Renders a copy of `page` with `steps` added as a second script, allowed by a nonce
    /// added to the page's own CSP (which otherwise stays as imgsel wrote it, so the page's
    /// style, script and images still load only by its rules). The probe's report comes
    /// back as JSON in the DOM.
    ///
    /// With `frame`, the copy is shown in an iframe of that size: headless Chromium will
    /// not make its window narrower than 500 px for `--dump-dom` (screenshots do get the
    /// asked size), so a narrow window is measured as a frame, which the CSS media
    /// queries see as the viewport. The frame posts its report to the outer page.
    func probe(
        _ page: String, fragment: String = "", frame: (width: Int, height: Int)? = nil,
        steps: String
    ) throws -> [String: Any] {
        let dom = try dumpDOM(probePage(page, fragment: fragment, frame: frame, steps: steps), window: "1100,900")
        guard let text = firstMatch("<pre id=\"probe-report\">([^<]*)</pre>", in: dom) else {
            XCTFail("the probe reported nothing (did the page's script fail?)\n\(dom.suffix(3000))")
            return [:]
        }
        let json = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return parseJSON(json) as? [String: Any] ?? [:]
    }

    /// Writes the probed copy of `page` (and with `frame` the page framing it); returns the page to open.
    func probePage(
        _ page: String, fragment: String = "", frame: (width: Int, height: Int)? = nil, steps: String
    ) -> String {
        let html = String(decoding: bytes(page) ?? Data(), as: UTF8.self)
        XCTAssertTrue(html.contains("script-src 'sha256-"), "the page's CSP allows its script by hash")
        let script =
            "<script nonce=\"imgseltest\">\(Self.probeLibrary)"
            + "\nwindow.addEventListener('load', function () {\n\(steps)\n});\n</script>\n</body>"
        let probed = html.replacingOccurrences(
            of: "script-src 'sha256-", with: "script-src 'nonce-imgseltest' 'sha256-"
        )
        .replacingOccurrences(of: "</body>", with: script)
        let folder = (page as NSString).deletingLastPathComponent
        let copyName = "probe-" + (page as NSString).lastPathComponent
        let copyPath = folder.isEmpty ? copyName : folder + "/" + copyName
        _ = write(Data(probed.utf8), to: copyPath)
        var target = copyPath + fragment
        if let frame {
            let outer = """
                <!DOCTYPE html><html><body style="margin:0">
                <iframe src="\(copyName + fragment)" width="\(frame.width)" height="\(frame.height)" style="border:0;\
                display:block"></iframe>
                <script>window.addEventListener('message', function (e) {
                  var pre = document.createElement('pre'); pre.id = 'probe-report'; pre.textContent = e.data; \
                document.body.appendChild(pre);
                });</script></body></html>
                """
            let outerPath = folder.isEmpty ? "frame.html" : folder + "/frame.html"
            _ = write(Data(outer.utf8), to: outerPath)
            target = outerPath
        }
        return target
    }

    /// Helpers for the probe's steps: synthetic keys, pointer swipes and clicks, a record
    /// of the pager's state after each step, and the grid's layout at the end.
    static let probeLibrary = #"""
        var report = { steps: [], violations: [] };
        document.addEventListener('securitypolicyviolation', function (e) { \#
        report.violations.push(e.violatedDirective + ' ' + e.blockedURI); });
        function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
        function pointer(type, x, y) {
          document.getElementById('stage').dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, bubbles: \#
        true, isPrimary: true }));
        }
        function swipe(fromX, toX) {
          pointer('pointerdown', fromX, 300); pointer('pointerup', toX, 310);
          document.getElementById('stage').dispatchEvent(new MouseEvent('click', { clientX: toX, clientY: 310, \#
        bubbles: true }));
        }
        function backgroundClick(x, y) {
          document.getElementById('stage').dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: \#
        true }));
        }
        function later(action, then) { action(); setTimeout(then, 50); }
        function step(name) {
          var a = document.activeElement;
          report.steps.push({ name: name, open: document.getElementById('pager').open,
            label: document.getElementById('pager-label').textContent, hash: location.hash, focus: a ? a.id : '' });
        }
        function finish() {
          var grid = document.getElementById('grid');
          var thumbs = [].slice.call(grid.querySelectorAll('.thumb'));
          report.columns = getComputedStyle(grid).gridTemplateColumns.split(' ').length;
          report.overflow = document.documentElement.scrollWidth > window.innerWidth;
          report.square = thumbs.every(function (t) { return Math.abs(t.offsetWidth - t.offsetHeight) <= 1 && \#
        t.offsetWidth > 20; });
          report.loaded = thumbs.map(function (t) { return t.querySelector('img').naturalWidth > 0; });
          report.fallbackShown = thumbs.map(function (t) { return \#
        getComputedStyle(t.querySelector('.fallback')).display !== 'none'; });
          report.cover = getComputedStyle(thumbs[0].querySelector('img')).objectFit;
          report.captions = [].slice.call(grid.querySelectorAll('.caption')).map(function (c) {
            return c.querySelector('.index').textContent + ' ' + c.querySelector('.name').textContent; });
          var pagerImage = document.getElementById('pager-image');
          report.pagerLoaded = pagerImage.complete && pagerImage.naturalWidth > 0;
          report.viewport = window.innerWidth;
          if (window.parent !== window) { window.parent.postMessage(JSON.stringify(report), '*'); return; }
          var pre = document.createElement('pre');
          pre.id = 'probe-report';
          pre.textContent = JSON.stringify(report);
          document.body.appendChild(pre);
        }
        """#

    // MARK: - Small helpers

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let m = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let r = Range(m.range(at: 1), in: text)
        else { return nil }
        return String(text[r])
    }

    func assertNoRemoteURLs(_ dom: String, file: StaticString = #filePath, line: UInt = #line) {
        let pattern = "(src|href|action|srcset|poster|data)=\"(?![#]|data:|\\.\\./|[^\":/]+(/|\"))"
        XCTAssertNil(
            dom.range(of: pattern, options: .regularExpression).map { String(dom[$0]) },
            "a URL that is not a fragment, a data URI or a relative path", file: file, line: line)
        let scheme = dom.range(
            of: "(?<![A-Za-z0-9+.-])(https?|ftp|wss?|blob|javascript):",
            options: [.regularExpression, .caseInsensitive])
        XCTAssertNil(
            scheme.map { String(dom[$0]) }, "no network (or script) URL anywhere in the page", file: file, line: line)
        XCTAssertNil(dom.range(of: "=\"//", options: .literal), "no protocol-relative URL", file: file, line: line)
    }

    func be32(_ data: Data, _ offset: Int) -> Int {
        let b = [UInt8](data.dropFirst(offset).prefix(4))
        guard b.count == 4 else { return -1 }
        return Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
    }
}
