import Foundation
import ImageDecoding
import XCTest

@testable import ImageEncoding

/// The GIF writer's parts: LZW read back by our decoder and by Pillow, the palette chooser's colours, and
/// whole animations read back by Pillow and ImageMagick.
final class GIFWriterTests: XCTestCase {
    private var tools: JPEGTools!

    override func setUpWithError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        tools = JPEGTools(folder: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: tools.folder)
    }

    /// A one-frame GIF of `indices` over a palette of 2^bits distinct colours.
    func gif(_ indices: [UInt8], width: Int, bits: Int) -> (bytes: [UInt8], palette: [UInt8]) {
        var palette: [UInt8] = []
        for i in 0..<(1 << bits) { palette += [UInt8(i * 37 & 255), UInt8(i * 91 & 255), UInt8(255 - i)] }
        let choice = PaletteChoice(palette: palette, indices: indices, transparent: nil)
        let bytes = GIFWriter.encode(
            width: width, height: indices.count / width, plays: 1,
            frames: [GIFWriter.Frame(choice: choice, delay: 0, disposal: .keep)])
        return (bytes, palette)
    }

    /// Index patterns that reach every LZW case: noise (the table fills and is cleared many times),
    /// long runs (strings that extend the one just made: code == next), and a short picture.
    static func patterns(bits: Int) -> [(String, [UInt8], Int)] {
        var state: UInt32 = 12345
        func next() -> UInt8 {
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16) & UInt8((1 << bits) - 1)
        }
        let noise = (0..<(97 * 83)).map { _ in next() }
        let mask = (1 << bits) - 1
        let runs: [UInt8] = (0..<(120 * 90)).map { (i: Int) -> UInt8 in UInt8((i / 700) & mask) }
        let mixed: [UInt8] = (0..<(64 * 64)).map { (i: Int) -> UInt8 in i % 3 == 0 ? next() : UInt8((i / 64) & mask) }
        return [("noise", noise, 97), ("runs", runs, 120), ("mixed", mixed, 64), ("tiny", [next()], 1)]
    }

    func testLZWRoundTripsThroughOurDecoderAtEveryCodeSize() throws {
        for bits in 1...8 {
            for (name, indices, width) in Self.patterns(bits: bits) {
                let (bytes, palette) = gif(indices, width: width, bits: bits)
                let raster = try PixelDecoders[.gif]!.decode(bytes, 1).raster
                var wrong = 0
                for (i, index) in indices.enumerated() {
                    let p = raster.pixel(x: i % width, y: i / width)
                    let at = Int(index) * 3
                    if [p.r, p.g, p.b] != Array(palette[at..<at + 3]) { wrong += 1 }
                }
                XCTAssertEqual(wrong, 0, "\(bits) bits, \(name)")
            }
        }
    }

    func testLZWIsReadByPillow() throws {
        let python = try JPEGTools.path("python3", package: "python3 (pip install pillow)")
        for bits in [1, 2, 5, 8] {
            for (name, indices, width) in Self.patterns(bits: bits) {
                let path = try tools.write(gif(indices, width: width, bits: bits).bytes, "lzw-\(bits)-\(name).gif")
                let script =
                    "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1]); im.load()\n"
                    + "sys.stdout.write(','.join(map(str, im.getdata())))"
                let read = try tools.run([python, "-c", script, path]).split(separator: ",").compactMap { UInt8($0) }
                XCTAssertEqual(read, indices, "Pillow reads \(bits) bits, \(name)")
            }
        }
    }

    func testAPictureOfFewColoursKeepsThemExactly() {
        var pixels: [UInt8] = []
        for i in 0..<(40 * 30) { pixels += [UInt8(i % 13 * 19), UInt8(i / 40 % 7 * 30), 9, 255] }
        let choice = PaletteChooser.choose(pixels)
        XCTAssertLessThanOrEqual(choice.colourCount, 256)
        XCTAssertNil(choice.transparent)
        for i in 0..<(40 * 30) {
            let at = Int(choice.indices[i]) * 3
            XCTAssertEqual(Array(choice.palette[at..<at + 3]), Array(pixels[i * 4..<i * 4 + 3]))
        }
    }

    /// Smooth gradients spread over much of the RGB cube (a harder picture than a photograph, whose colours
    /// bunch): measured mean 5.87 a channel, PSNR 31.0 dB, largest 34, where Pillow's own quantizers on
    /// the like frame of ExportAnimationTests give 6.48 (median cut), 5.89 (max coverage), 9.22 (octree).
    func testAPhotographicPictureStaysSmooth() {
        let (w, h) = (160, 120)
        var pixels: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let wave = 127 + 120 * sin(Double(x + y) / 17)
                pixels += [UInt8(x * 255 / (w - 1)), UInt8(y * 255 / (h - 1)), UInt8(wave), 255]
            }
        }
        let choice = PaletteChooser.choose(pixels)
        XCTAssertEqual(choice.colourCount, 256)
        var back: [UInt8] = []
        for index in choice.indices {
            let at = Int(index) * 3
            back += choice.palette[at..<at + 3] + [255]
        }
        let error = PictureError(
            Raster(width: w, height: h, pixels: pixels, hasAlpha: false),
            Raster(width: w, height: h, pixels: back, hasAlpha: false))
        XCTAssertLessThanOrEqual(error.meanAbsolute, 6.0, "mean error a channel")
        XCTAssertGreaterThanOrEqual(error.psnr, 30.5, "PSNR")
        XCTAssertLessThanOrEqual(error.largest, 40)
        XCTAssertEqual(PaletteChooser.choose(pixels), choice, "the same picture, the same palette")
    }

    func testTransparentPixelsTakeTheLastIndex() {
        var pixels: [UInt8] = []
        for i in 0..<100 { pixels += i % 2 == 0 ? [200, 10, 10, 255] : [1, 2, 3, UInt8(i % 4 == 1 ? 0 : 100)] }
        let choice = PaletteChooser.choose(pixels)
        XCTAssertEqual(choice.transparent, choice.colourCount - 1)
        for i in 0..<100 {
            XCTAssertEqual(choice.indices[i] == UInt8(choice.transparent!), i % 2 == 1, "pixel \(i)")
        }
    }

    /// A whole animation through Pillow and ImageMagick: frames, delays, loop, disposal.
    func testAnAnimationIsReadBackWithItsTiming() throws {
        var frames: [AnimationFrame] = []
        for n in 0..<4 {
            var pixels: [UInt8] = []
            for y in 0..<30 {
                for x in 0..<40 {
                    pixels +=
                        x / 10 == n ? [0, 0, 0, 0] : [UInt8(x / 10 * 60), UInt8(y / 10 * 80), UInt8(n * 60), 255]
                }
            }
            frames.append(
                AnimationFrame(
                    canvas: Raster(width: 40, height: 30, pixels: pixels, hasAlpha: true),
                    delayMilliseconds: 30 + n * 40,
                    disposal: n == 1 ? .previous : .keep))
        }
        let path = try tools.write(ExportAnimation.encode(frames, plays: 3), "anim.gif")
        let pillow = try tools.pillowFrames(path)
        XCTAssertEqual(pillow.frames.count, 4)
        XCTAssertEqual(pillow.durations, [30, 70, 110, 150])
        XCTAssertEqual(pillow.loop, 2, "NETSCAPE counts repeats: 3 plays")
        for (n, frame) in frames.enumerated() {
            XCTAssertEqual(PictureError(frame.canvas, pillow.frames[n]).largest, 0, "frame \(n)")
        }
        let identify = try JPEGTools.path("identify", package: "imagemagick")
        let magick = try tools.run([identify, "-format", "%T %D\n", path]).split(separator: "\n")
        // Each later frame is transparent where the one before is opaque: cleared to the background.
        XCTAssertEqual(magick, ["3 Background", "7 Background", "11 Background", "15 None"])
        XCTAssertTrue(try tools.run([identify, "-verbose", path]).contains("Iterations: 3"))
    }

    /// After a frame kept on the canvas, a next frame mostly equal to it is written transparent where it
    /// is equal: a still background with a moving square costs far less, and Pillow and Chromium's
    /// composite (see GIFWriterBrowserTests) is still each frame exactly.
    func testAStillBackgroundIsWrittenOnceAndShowsThrough() throws {
        var frames: [AnimationFrame] = []
        for n in 0..<6 {
            var pixels: [UInt8] = []
            for y in 0..<60 {
                for x in 0..<80 {
                    let square = (n * 10..<n * 10 + 12).contains(x) && (20..<32).contains(y)
                    pixels += square ? [250, 250, 0, 255] : [UInt8(x * 3), UInt8(y * 4), 90, 255]
                }
            }
            frames.append(
                AnimationFrame(
                    canvas: Raster(width: 80, height: 60, pixels: pixels, hasAlpha: false), delayMilliseconds: 50,
                    disposal: .keep))
        }
        let kept = ExportAnimation.encode(frames, plays: 0)
        let cleared = ExportAnimation.encode(
            frames.map {
                var f = $0; f.disposal = .background; return f
            }, plays: 0)
        XCTAssertLessThan(kept.count * 2, cleared.count, "\(kept.count) bytes against \(cleared.count) written whole")
        let pillow = try tools.pillowFrames(try tools.write(kept, "still.gif"))
        XCTAssertEqual(pillow.frames.count, 6)
        for (n, frame) in frames.enumerated() {
            // The background shows frame 0's colours through: no frame is worse than frame 0 by much.
            let error = PictureError(frame.canvas, pillow.frames[n])
            let first = PictureError(frames[0].canvas, pillow.frames[0])
            XCTAssertLessThanOrEqual(error.meanAbsolute, first.meanAbsolute + 0.25, "frame \(n)")
            XCTAssertLessThanOrEqual(error.meanAbsolute, 3, "frame \(n) (measured 2.21 to 2.55)")
            XCTAssertGreaterThanOrEqual(error.psnr, 35, "frame \(n)")
        }
    }
}
