import Foundation
import ImageDecoding
import XCTest

/// Animations made by Pillow for the GIF writer's and the frame decoders' tests, and Pillow's own
/// composited frames of a file (`seek(n)`, `convert("RGBA")`), read through raw RGBA dumps.
extension JPEGTools {
    /// The Python that makes the test animations: `frames(kind)` gives the PIL frames of a kind, and the
    /// files `NAME.gif`, `NAME.png` (APNG) and `NAME.webp` (lossless, or lossy with `lossy-`) are saved.
    static let animationScript = """
        import sys, math
        from PIL import Image, ImageDraw
        def frames(kind, n=5, w=90, h=60):
            out = []
            for i in range(n):
                if kind == 'photo':
                    im = Image.new('RGB', (w, h)); px = im.load()
                    for y in range(h):
                        for x in range(w):
                            wave = int(127 + 120 * math.sin((x + y + i * 9) / 11))
                            px[x, y] = (x * 255 // (w - 1), y * 255 // (h - 1), wave)
                    ImageDraw.Draw(im).ellipse((5 + i * 9, 15, 30 + i * 9, 40), fill=(250, 250, 250))
                else:
                    im = Image.new('RGBA', (w, h), (0, 0, 0, 0))
                    ImageDraw.Draw(im).rectangle((4 + i * 10, 8, 30 + i * 10, 40), fill=(220, 30, 30, 255))
                    ImageDraw.Draw(im).rectangle((60 - i * 5, 30, 80 - i * 5, 50), fill=(30, 30, 220, 255))
                out.append(im)
            return out
        durations = [100, 200, 150, 80, 120]
        def save(name, kind, fmt, **extra):
            f = frames(kind)
            f[0].save(name, format=fmt, save_all=True, append_images=f[1:], duration=durations, **extra)
        """

    /// Makes `name` (`a.gif`, `a.png`, `a.webp`) of `kind` (photo or shapes) with Pillow.
    func makeAnimation(_ name: String, kind: String, options: String = "loop=0") throws -> String {
        let python = try Self.path("python3", package: "python3 (pip install pillow)")
        let format = ["gif": "GIF", "png": "PNG", "webp": "WEBP"][String(name.split(separator: ".").last!)]!
        let path = folder.appendingPathComponent(name).path
        try run([
            python, "-c", Self.animationScript + "\nsave(sys.argv[1], '\(kind)', '\(format)', \(options))\n", path,
        ])
        return path
    }

    /// Pillow's frames of `path`: each composited RGBA frame, its duration in ms, and the loop it reports.
    func pillowFrames(
        _ path: String, size: (Int, Int)? = nil
    ) throws -> (frames: [Raster], durations: [Int], loop: Int?) {
        let python = try Self.path("python3", package: "python3 (pip install pillow)")
        let resize = size.map { "f = f.resize((\($0.0), \($0.1)), Image.BOX)" } ?? ""
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            for n in range(getattr(im, 'n_frames', 1)):
                im.seek(n); f = im.convert('RGBA')
                \(resize)
                open('%s.%d.rgba' % (sys.argv[1], n), 'wb').write(f.tobytes())
                print(n, f.size[0], f.size[1], int(round(im.info.get('duration', 0))), im.info.get('loop', 'none'))
            """
        var frames: [Raster] = [], durations: [Int] = [], loop: Int?
        for line in try run([python, "-c", script, path]).split(separator: "\n") {
            let f = line.split(separator: " ").map(String.init)
            let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(path).\(f[0]).rgba")))
            frames.append(Raster(width: Int(f[1])!, height: Int(f[2])!, pixels: pixels, hasAlpha: true))
            durations.append(Int(f[3])!)
            loop = Int(f[4])
        }
        return (frames, durations, loop)
    }
}

/// How far one picture is from another as a viewer shows them: both laid over white, the mean absolute
/// difference a channel and the PSNR over the three channels.
struct PictureError {
    let meanAbsolute: Double
    let psnr: Double
    let largest: Int

    init(_ a: Raster, _ b: Raster) {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0, squares = 0, largest = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let (aa, ba) = (Int(a.pixels[i + 3]), Int(b.pixels[i + 3]))
            for c in 0..<3 {
                let x = (Int(a.pixels[i + c]) * aa + 255 * (255 - aa)) / 255
                let y = (Int(b.pixels[i + c]) * ba + 255 * (255 - ba)) / 255
                total += abs(x - y)
                squares += (x - y) * (x - y)
                largest = max(largest, abs(x - y))
            }
        }
        let n = Double(a.width * a.height * 3)
        meanAbsolute = Double(total) / n
        psnr = squares == 0 ? 99 : 10 * log10(255 * 255 / (Double(squares) / n))
        self.largest = largest
    }
}
