import Foundation
import XCTest

/// `export` of animations end to end (SPEC, "Export": nothing is lost without a word): the binary spawned
/// on animated GIF, APNG and WebP files Pillow made, its GIFs read back by Pillow and ImageMagick.
final class ExportAnimationTests: ImgselTestCase {
    /// The delays (ms) every test animation has, and its frames' count.
    static let durations = [100, 200, 150, 80, 120]

    /// A five-frame animation `name` (by its extension: GIF, APNG or WebP) of a photograph-like gradient
    /// with a moving white disc, or (`shapes`) two moving rectangles on transparency.
    func animation(_ name: String, shapes: Bool = false, options: String = "loop=0") {
        let format = ["gif": "GIF", "png": "PNG", "webp": "WEBP"][String(name.split(separator: ".").last!)]!
        pillow(
            """
            import math
            from PIL import ImageDraw
            frames = []
            for i in range(5):
                if \(shapes ? "True" : "False"):
                    im = Image.new('RGBA', (120, 80), (0, 0, 0, 0))
                    ImageDraw.Draw(im).rectangle((4 + i * 12, 8, 40 + i * 12, 50), fill=(220, 30, 30, 255))
                    ImageDraw.Draw(im).rectangle((80 - i * 8, 40, 110 - i * 8, 70), fill=(30, 30, 220, 255))
                else:
                    im = Image.new('RGB', (160, 100)); px = im.load()
                    for y in range(100):
                        for x in range(160):
                            px[x, y] = (x * 255 // 159, y * 255 // 99, int(127 + 120 * math.sin((x + y + i * 9) / 13)))
                    ImageDraw.Draw(im).ellipse((10 + i * 15, 30, 50 + i * 15, 70), fill=(250, 250, 250))
                frames.append(im)
            frames[0].save('\(name)', format='\(format)', save_all=True, append_images=frames[1:], \
            duration=\(Self.durations), \(options))
            """)
    }

    /// Pillow's reading of `path`: frames, each frame's duration, the loop, and each composited frame's
    /// error against the source's composited frame shrunk alike (BOX), as `duration mae psnr pillow-mae`
    /// lines, the last the error of Pillow's own best 256-colour quantizer (max coverage) on that frame.
    func pillowCompared(_ exported: String, with source: String) -> [String] {
        pillow(
            """
            import math
            from PIL import ImageChops, ImageStat
            def white(im):
                bg = Image.new('RGBA', im.size, (255, 255, 255, 255)); bg.alpha_composite(im); return bg.convert('RGB')
            a = Image.open('\(source)'); b = Image.open('\(exported)')
            print(b.format, b.n_frames, b.info.get('loop', 'none'))
            for n in range(b.n_frames):
                a.seek(n); b.seek(n)
                fb = b.convert('RGBA'); fa = a.convert('RGBA').resize(fb.size, Image.BOX)
                st = ImageStat.Stat(ImageChops.difference(white(fa), white(fb)))
                mse = sum(x * x for x in st.rms) / 3
                q = white(fa).quantize(256, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)
                sq = ImageStat.Stat(ImageChops.difference(white(fa), q.convert('RGB')))
                print(b.info['duration'], '%.2f' % (sum(st.mean) / 3), \
            '%.1f' % (10 * math.log10(65025 / mse) if mse else 99), '%.2f' % (sum(sq.mean) / 3))
            """
        ).split(separator: "\n").map(String.init)
    }

    /// Each frame's delay (centiseconds) and disposal, and the plays, as ImageMagick reads them.
    func magick(_ relative: String) -> (delays: [String], iterations: String?) {
        let identify = URL(fileURLWithPath: "/usr/bin/identify")
        guard FileManager.default.isExecutableFile(atPath: identify.path) else {
            XCTFail("ImageMagick's identify is needed: apt-get install imagemagick")
            return ([], nil)
        }
        let r = run(["-format", "%T\n", url(relative).path], program: identify)
        let verbose = run(["-verbose", url(relative).path], program: identify)
        XCTAssertEqual(r.status, 0, r.transcript)
        let iterations = verbose.stdout.split(separator: "\n").first { $0.contains("Iterations:") }
        return (r.stdoutLines, iterations.map { $0.split(separator: " ").last.map(String.init) ?? "" })
    }

    /// The bounds a palette's error is held to, each frame over white against Pillow's composited source
    /// frame shrunk alike: mean absolute error a channel, PSNR (dB), and at most Pillow's own quantizer's
    /// mean error plus a quarter. Measured on the gradient frames (spread over much of the RGB cube, harder
    /// than a photograph): 5.6-5.8 and 30.9-31.0 dB where Pillow's max coverage gives 5.9; the
    /// Pillow-made GIF 2.0-2.3; the shapes 0 to 0.6. Floyd–Steinberg over the same palette measured worse
    /// (5.65 to 6.19, 31.0 to 30.0 dB), so frames are not dithered.
    static let meanBound = 6.0
    static let psnrFloor = 30.0

    func checkAnimated(
        _ source: String, exported: String, loop: String, iterations: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let lines = pillowCompared(exported, with: source)
        XCTAssertEqual(lines.first, "GIF 5 \(loop)", "format, frames, loop", file: file, line: line)
        for (n, row) in lines.dropFirst().enumerated() {
            let f = row.split(separator: " ").map(String.init)
            XCTAssertEqual(Int(f[0]), Self.durations[n], "frame \(n)'s delay", file: file, line: line)
            XCTAssertLessThanOrEqual(Double(f[1]) ?? 99, Self.meanBound, "frame \(n): \(row)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(Double(f[2]) ?? 0, Self.psnrFloor, "frame \(n): \(row)", file: file, line: line)
            XCTAssertLessThanOrEqual(
                Double(f[1]) ?? 99, (Double(f[3]) ?? 0) + 0.25, "frame \(n) against Pillow's quantizer: \(row)",
                file: file,
                line: line)
        }
        let (delays, plays) = magick(exported)
        XCTAssertEqual(delays, Self.durations.map { "\($0 / 10)" }, "ImageMagick's delays", file: file, line: line)
        XCTAssertEqual(plays, iterations, "ImageMagick's plays", file: file, line: line)
    }

    func testAnAnimatedGIFAPNGAndWebPThatMustShrinkStayAnimated() {
        animation("a.gif", options: "loop=0")
        animation("b.png", options: "loop=3")
        animation("c.webp", options: "loop=0, quality=90")
        assertSuccess(run(["-q", "add", "a.gif", "b.png", "c.webp"]))
        let r = run(["export", "out", "--max-side", "80"], program: Binary.url!)
        assertSuccess(r)
        XCTAssertEqual(listing("out"), ["01-a.gif", "02-b.gif", "03-c.gif"])
        for (n, line) in r.stdoutLines.enumerated() {
            XCTAssertTrue(line.contains("160×100 → 80×50  GIF  "), line)
            XCTAssertTrue(line.hasSuffix("  shrunk, animated, re-encoded, metadata removed"), "\(n): \(line)")
        }
        checkAnimated("a.gif", exported: "out/01-a.gif", loop: "0", iterations: "0")
        // Three plays: NETSCAPE counts the repeats (2), ImageMagick the plays.
        checkAnimated("b.png", exported: "out/02-b.gif", loop: "2", iterations: "3")
        checkAnimated("c.webp", exported: "out/03-c.gif", loop: "0", iterations: "0")
        let json = run(["--json", "export", "again", "--max-side", "80"])
        assertSuccess(json)
        let files = parseJSON(json.stdout) as? [[String: Any]] ?? []
        XCTAssertEqual(files.count, 3)
        for file in files {
            XCTAssertEqual(file["type"] as? String, "gif")
            XCTAssertEqual(file["changes"] as? [String], ["shrunk", "animated", "re-encoded", "metadata-removed"])
        }
    }

    func testTransparencyIsKeptAndEveryFrameIsCutAlike() {
        animation("t.png", shapes: true, options: "loop=0, disposal=1")
        animation("t.webp", shapes: true, options: "loop=0, lossless=True")
        animation("t.gif", shapes: true, options: "loop=0, disposal=2")
        assertSuccess(run(["-q", "add", "t.png", "t.webp", "t.gif"]))
        assertSuccess(run(["export", "out", "--max-width", "90"], program: Binary.url!))
        for (n, name) in ["t.png", "t.webp", "t.gif"].enumerated() {
            let out = "out/0\(n + 1)-\(name.split(separator: ".")[0]).gif"
            checkAnimated(name, exported: out, loop: "0", iterations: "0")
            let modes = pillow(
                "im = Image.open('\(out)'); print(im.info.get('transparency') is not None)"
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(modes, "True", "\(out) keeps its transparency")
        }
        // A crop cuts every frame alike.
        assertSuccess(run(["crop", "1", "60x40+10+10"]))
        let r = run(["export", "cut", "--names", "keep"], program: Binary.url!)
        assertSuccess(r)
        XCTAssertTrue(
            r.stdoutLines[0].hasSuffix(
                "60×40  GIF  \(bytes("cut/t.gif")!.count) B  cropped, animated, re-encoded, metadata removed"),
            r.transcript)
        let cut = pillow(
            """
            a = Image.open('t.png'); b = Image.open('cut/t.gif'); same = []
            for n in range(5):
                a.seek(n); b.seek(n)
                fa = a.convert('RGBA').crop((10, 10, 70, 50)); fb = b.convert('RGBA')
                same.append(all(abs(p[3] - q[3]) < 128 and (p[3] < 128 or max(abs(p[i] - q[i]) for i in range(3)) < 8) \
            for p, q in zip(fa.getdata(), fb.getdata())))
            print(b.n_frames, same)
            """
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(cut, "5 [True, True, True, True, True]")
    }

    func testFirstFrameNoAnimationAndTypesWithoutGIFWriteTheFirstFrame() {
        animation("a.gif")
        assertSuccess(run(["-q", "add", "a.gif"]))
        let first = run(["export", "one", "--max-side", "80", "--first-frame"])
        assertSuccess(first)
        XCTAssertEqual(listing("one"), ["01-a.png"])
        XCTAssertTrue(
            first.stdoutLines[0].hasSuffix("  shrunk, first frame, re-encoded, metadata removed"), first.transcript)
        XCTAssertEqual(pillowFacts("one/01-a.png"), "PNG 80x50 RGB")
        let types = run(["--json", "export", "two", "--max-side", "80", "--types", "png,jpeg"])
        assertSuccess(types)
        let file = (parseJSON(types.stdout) as? [[String: Any]])?.first
        XCTAssertEqual(file?["changes"] as? [String], ["shrunk", "first-frame", "re-encoded", "metadata-removed"])
        assertSuccess(run(["rules", "--no-animation", "--force"]))
        let rule = run(["export", "three", "--max-side", "80"])
        assertSuccess(rule)
        XCTAssertTrue(rule.stdoutLines[0].contains("first frame"), rule.transcript)
    }

    func testAnAnimationThatNeedsNoChangeIsCopied() {
        animation("a.gif")
        animation("b.png")
        assertSuccess(run(["-q", "add", "a.gif", "b.png"]))
        let r = run(["export", "out"])
        assertSuccess(r)
        XCTAssertEqual(listing("out"), ["01-a.gif", "02-b.png"])
        XCTAssertTrue(r.stdoutLines.allSatisfy { $0.contains("  copied") }, r.transcript)
        XCTAssertEqual(pillow("print(Image.open('out/02-b.png').n_frames)").trimmingCharacters(in: .newlines), "5")
    }

    func testOverMaxBytesTheFramesAreShrunk() {
        animation("a.gif")
        assertSuccess(run(["-q", "add", "a.gif"]))
        let r = run(["--json", "export", "out", "--max-bytes", "20KB"])
        assertSuccess(r)
        let file = (parseJSON(r.stdout) as? [[String: Any]])?.first
        XCTAssertLessThanOrEqual(file?["bytes"] as? Int ?? .max, 20 * 1024)
        XCTAssertEqual(file?["changes"] as? [String], ["shrunk", "animated", "re-encoded", "metadata-removed"])
        XCTAssertLessThan(file?["width"] as? Int ?? .max, 160)
        XCTAssertEqual(pillow("print(Image.open('out/01-a.gif').n_frames)").trimmingCharacters(in: .newlines), "5")
    }
}
