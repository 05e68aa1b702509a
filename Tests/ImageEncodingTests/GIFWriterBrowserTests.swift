import Foundation
import ImageDecoding
import XCTest

@testable import ImageEncoding

#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium plays the GIF writer's animations: WebCodecs' ImageDecoder reports the frames, each
/// one's duration and the repetition count, and draws each composited frame, whose pixels must be the
/// source frame's (a frame of few colours is kept exactly). Chromium is required, as for the JPEG encoder.
final class GIFWriterBrowserTests: XCTestCase {
    func testChromiumPlaysAnAnimationFrameByFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-browser-\(UUID().uuidString)")
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
        var frames: [AnimationFrame] = []
        for n in 0..<4 {
            var pixels: [UInt8] = []
            for y in 0..<24 {
                for x in 0..<32 {
                    let hole = x / 8 == n && y < 12
                    pixels += hole ? [0, 0, 0, 0] : [UInt8(x / 8 * 60), UInt8(y / 6 * 70), UInt8(200 - n * 40), 255]
                }
            }
            frames.append(
                AnimationFrame(
                    canvas: Raster(width: 32, height: 24, pixels: pixels, hasAlpha: true),
                    delayMilliseconds: 40 + n * 30, disposal: .keep))
        }
        let gif = ExportAnimation.encode(frames, plays: 3)
        let page = """
            <!doctype html><html><body><pre id="r"></pre><script>
            async function run() {
              const bytes = Uint8Array.from(atob("\(Data(gif).base64EncodedString())"), c => c.charCodeAt(0));
              const decoder = new ImageDecoder({data: bytes, type: "image/gif"});
              await decoder.tracks.ready; await decoder.completed;
              const track = decoder.tracks.selectedTrack;
              const out = {frames: track.frameCount, repetitions: track.repetitionCount, durations: [], pixels: []};
              for (let i = 0; i < track.frameCount; i++) {
                const frame = (await decoder.decode({frameIndex: i})).image;
                out.durations.push(frame.duration);
                const c = new OffscreenCanvas(frame.displayWidth, frame.displayHeight);
                const g = c.getContext("2d");
                g.drawImage(frame, 0, 0);
                out.pixels.push(Array.from(g.getImageData(0, 0, c.width, c.height).data));
              }
              document.getElementById("r").textContent = JSON.stringify(out);
            }
            window.onload = () => run().catch(e => {
              document.getElementById("r").textContent = JSON.stringify({error: String(e)});
            });
            </script></body></html>
            """
        let pagePath = try tools.write(Array(page.utf8), "page.html")
        var argv = [
            "/usr/bin/timeout", "-k", "5", "90", browser, "--headless", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--virtual-time-budget=15000",
            "--force-color-profile=srgb", "--dump-dom",
        ]
        if geteuid() == 0 { argv.append("--no-sandbox") }
        // ImageDecoder works off the page's thread: on a loaded machine the virtual time may end before it
        // reports, so a page that printed nothing is loaded again (three tries).
        var dom = ""
        for _ in 0..<3 {
            dom = try tools.run(argv + ["file://\(pagePath)"])
            if !dom.contains("<pre id=\"r\"></pre>") { break }
        }
        guard let start = dom.range(of: "<pre id=\"r\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
            let report = try JSONSerialization.jsonObject(with: Data(dom[start.upperBound..<end.lowerBound].utf8))
                as? [String: Any]
        else {
            return XCTFail("the page reported nothing: \(dom.suffix(500))")
        }
        XCTAssertNil(report["error"], "\(report["error"] ?? "")")
        XCTAssertEqual(report["frames"] as? Int, 4)
        // NETSCAPE counts the repeats after the first play: three plays are two repetitions.
        XCTAssertEqual(report["repetitions"] as? Int, 2)
        XCTAssertEqual(report["durations"] as? [Int], [40_000, 70_000, 100_000, 130_000], "microseconds")
        let drawn = report["pixels"] as? [[Int]] ?? []
        XCTAssertEqual(drawn.count, 4)
        for (n, pixels) in drawn.enumerated() {
            let expected = frames[n].canvas.pixels.enumerated().map { i, v in
                frames[n].canvas.pixels[i | 3] == 0 ? 0 : Int(v)
            }
            XCTAssertEqual(pixels, expected, "frame \(n) as Chromium draws it")
        }
    }
}
