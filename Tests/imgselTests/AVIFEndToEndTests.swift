import Foundation
import TerminalTestSupport
import TestImages
import XCTest

/// AVIF through every command that makes pictures, now that imgsel decodes AV1 itself (they were a
/// grey placeholder and a refusal before): the pictures as Pillow 13 (libavif with dav1d or libaom,
/// programs we did not write) decodes the same files, which Pillow also writes at test time.
final class AVIFEndToEndTests: ImgselTestCase {
    /// A photo-like AVIF written by Pillow: smooth gradients, a hard edge and some noise, so that
    /// prediction, transforms and the filters all have work.
    private func pillowAVIF(
        _ name: String, width: Int = 320, height: Int = 240, alpha: Bool = false, subsampling: String = "4:2:0",
        quality: Int = 75
    ) {
        pillow(
            """
            import random
            random.seed(\(width * 3 + height))
            mode = 'RGBA' if \(alpha ? "True" : "False") else 'RGB'
            im = Image.new(mode, (\(width), \(height)))
            px = im.load()
            for y in range(\(height)):
                for x in range(\(width)):
                    n = random.randint(-12, 12)
                    r = 200 + n if x < \(width) // 3 else 40 + x * 180 // \(width) + n
                    g = 30 + y * 200 // \(height) + n
                    b = 220 - (x + y) * 180 // (\(width) + \(height))
                    a = 255 if y < \(height) // 2 else 255 - x * 255 // \(width)
                    px[x, y] = (r, g, b, a)[:len(mode)]
            im.save('\(name)', quality=\(quality), subsampling='\(subsampling)')
            """)
    }

    /// RGB PSNR over the whole picture, the largest per-pixel luma difference, and the largest alpha
    /// difference between imgsel's PNG and Pillow's decode of the AVIF, computed by Pillow.
    private func compared(_ png: String, with avif: String) -> (psnr: Double, luma: Int, alpha: Int) {
        let out = pillow(
            """
            import math
            a = Image.open('\(avif)'); a.load()
            b = Image.open('\(png)'); b.load()
            assert a.size == b.size, (a.size, b.size)
            mode = 'RGBA' if 'A' in a.mode else 'RGB'
            pa, pb = a.convert(mode).tobytes(), b.convert(mode).tobytes()
            n = len(mode); squares = 0; luma = 0; alpha = 0
            for i in range(0, len(pa), n):
                d = [pa[i + k] - pb[i + k] for k in range(3)]
                squares += sum(v * v for v in d)
                luma = max(luma, abs(round(0.299 * d[0] + 0.587 * d[1] + 0.114 * d[2])))
                if n == 4: alpha = max(alpha, abs(pa[i + 3] - pb[i + 3]))
            mse = squares / (len(pa) // n * 3)
            print(99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse), luma, alpha)
            """
        ).split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard out.count == 3, let psnr = Double(out[0]), let luma = Int(out[1]), let alpha = Int(out[2]) else {
            XCTFail("no comparison from Pillow: \(out)")
            return (0, 255, 255)
        }
        return (psnr, luma, alpha)
    }

    func testThumbnailOfAnAVIFIsThePictureAsPillowDecodesIt() throws {
        let cases: [(name: String, alpha: Bool, subsampling: String)] = [
            ("photo", false, "4:2:0"), ("alpha", true, "4:2:0"), ("full", false, "4:4:4"),
        ]
        for c in cases {
            pillowAVIF("\(c.name).avif", alpha: c.alpha, subsampling: c.subsampling)
            // Never enlarged: a box larger than the picture gives it whole.
            assertSuccess(run(["thumbnail", "\(c.name).avif", "\(c.name).png", "--size", "4096"]))
            XCTAssertEqual(pillowFacts("\(c.name).png"), "PNG 320x240 \(c.alpha ? "RGBA" : "RGB")", c.name)
            let (psnr, luma, alpha) = compared("\(c.name).png", with: "\(c.name).avif")
            XCTAssertGreaterThanOrEqual(psnr, 45, "\(c.name): RGB PSNR against Pillow")
            XCTAssertLessThanOrEqual(luma, 4, "\(c.name): per-pixel luma against Pillow")
            XCTAssertLessThanOrEqual(alpha, 1, "\(c.name): alpha against Pillow")
        }
    }

    func testExportMakesAnAVIFAJPEGWhereTheRulesAllowNoAVIF() throws {
        pillowAVIF("photo.avif")
        assertSuccess(run(["add", "photo.avif"]))
        assertSuccess(run(["-q", "rules", "--types", "jpeg,png"]))
        let r = run(["export", "out"])
        assertSuccess(r)
        XCTAssertEqual(pillowFacts("out/01-photo.jpg"), "JPEG 320x240 RGB", r.transcript)
        // JPEG's loss on the noise is about 3.5 levels; a grey box would be 60 or more.
        XCTAssertLessThan(meanDifference("out/01-photo.jpg", from: "photo.avif"), 6, "the picture, not a grey box")
        XCTAssertTrue(exists("photo.avif"), "the source is left alone")
    }

    /// An animated AVIF is drawn from its first frame: made again, it says so.
    func testExportOfAnAnimatedAVIFSaysItKeepsTheFirstFrame() throws {
        pillow(
            """
            frames = [Image.new('RGB', (48, 32), c) for c in [(250, 0, 0), (0, 250, 0), (0, 0, 250)]]
            frames[0].save('moving.avif', save_all=True, append_images=frames[1:], duration=100)
            """)
        assertSuccess(run(["add", "moving.avif"]))
        let r = run(["export", "out", "--types", "jpeg,png"])
        assertSuccess(r)
        XCTAssertTrue(r.stdoutLines.first?.contains("  first frame, re-encoded") ?? false, r.transcript)
        XCTAssertLessThan(meanDifference("out/01-moving.jpg", from: "moving.avif"), 4, "the first, red frame")
    }

    func testViewBrowseAndPickDrawAnAVIF() throws {
        _ = write(Data(ImageBytes.avifQuadrants), to: "camera.avif")
        assertSuccess(run(["add", "camera.avif"]))
        let view = run(["view", "1", "--image", "--graphics", "blocks"])
        assertSuccess(view)
        XCTAssertTrue(view.stdout.contains("▀"), "drawn in half blocks: \(view.transcript)")
        let size = TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
        let browse = try AnsweringTerminal.run(
            ["browse"], in: dir, size: size, answer: .nothing, then: [(after: "▀", type: "q")])
        XCTAssertEqual(browse.status, 0, browse.transcript)
        XCTAssertTrue(browse.text.contains("▀"), browse.transcript)
        let pick = try AnsweringTerminal.run(
            ["pick"], in: dir, size: size, answer: .nothing, then: [(after: "▀", type: "\u{1B}")])
        XCTAssertEqual(pick.status, 130, pick.transcript)
        XCTAssertTrue(pick.text.contains("▀"), pick.transcript)
    }
}
