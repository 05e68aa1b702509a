import Foundation
import ImageDecoding
import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium opens every kind of file the encoder writes: a page draws each (as a data:
/// URL, so the canvas stays readable) on a canvas and prints its pixels, which must be those of
/// the source within the same PSNR bounds as the other decoders. Chromium is required (`.ci/run`
/// installs it): without it this fails saying so.
final class JPEGEncoderBrowserTests: XCTestCase {
    typealias Samples = JPEGEncoderSamples

    func testChromiumDrawsEveryKind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tools = JPEGTools(folder: folder)
        let browser =
            try ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap {
                name -> String? in
                let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
                    "\($0)/\(name)"
                }
                return path.first { FileManager.default.isExecutableFile(atPath: $0) }
            }.first ?? JPEGTools.path("chromium", package: "chromium")
        let cases = JPEGEncoderCompatibilityTests.cases()
        var images = ""
        for (name, source, options, _) in cases {
            let file = JPEGEncoder.encode(source, options: options)
            images += "<img id=\"\(name)\" src=\"data:image/jpeg;base64,\(Data(file).base64EncodedString())\">\n"
        }
        let page = """
            <!doctype html><html><body>\(images)<pre id="r"></pre><script>
            window.onload = () => {
              const out = {};
              for (const img of document.images) {
                const c = document.createElement("canvas");
                c.width = img.naturalWidth; c.height = img.naturalHeight;
                const g = c.getContext("2d");
                g.drawImage(img, 0, 0);
                const d = g.getImageData(0, 0, c.width, c.height).data;
                let hex = "";
                for (let i = 0; i < d.length; i += 4)
                  for (let k = 0; k < 3; k++) hex += d[i + k].toString(16).padStart(2, "0");
                out[img.id] = [c.width, c.height, hex];
              }
              document.getElementById("r").textContent = JSON.stringify(out);
            };
            </script></body></html>
            """
        let pagePath = try tools.write(Array(page.utf8), "page.html")
        var argv = [
            "/usr/bin/timeout", "-k", "5", "90", browser, "--headless", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--virtual-time-budget=5000",
            "--force-color-profile=srgb", "--dump-dom",
        ]
        if geteuid() == 0 { argv.append("--no-sandbox") }
        let dom = try tools.run(argv + ["file://\(pagePath)"])
        guard let start = dom.range(of: "<pre id=\"r\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
            let report = try JSONSerialization.jsonObject(with: Data(dom[start.upperBound..<end.lowerBound].utf8))
                as? [String: [Any]]
        else {
            return XCTFail("the page reported nothing: \(dom.suffix(500))")
        }
        for (name, source, _, bound) in cases {
            guard let entry = report[name], let w = entry[0] as? Int, let h = entry[1] as? Int,
                let hex = entry[2] as? String
            else {
                XCTFail("Chromium did not draw \(name)")
                continue
            }
            XCTAssertEqual([w, h], [source.width, source.height], name)
            let digits = Array(hex.utf8)
            let rgb = stride(from: 0, to: digits.count - 1, by: 2).map {
                UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0
            }
            guard rgb.count == source.width * source.height * 3 else { continue }
            XCTAssertGreaterThan(Samples.psnr(rgb: Samples.rgb(source), rgb), bound, "Chromium: \(name)")
        }
    }
}
