import Foundation
import ImageDecoding
import XCTest

@testable import TerminalImage

/// The real check of the sixel writer: ImageMagick, a decoder we did not
/// write, reads our output back, and its pixels are compared with ours.
/// ImageMagick is required (`.ci/run` installs it): without it these fail.
final class SixelImageMagickTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sixel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// /usr/bin/convert when there (the real one), else `convert` on PATH.
    private func convertPath() throws -> String {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") { return "/usr/bin/convert" }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/convert"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        XCTFail("ImageMagick's `convert` is needed to check the sixel output: apt-get install imagemagick")
        throw SetupFailure("unreachable")
    }

    /// Writes the sixel, has ImageMagick decode it, returns its pixels as RGBA.
    /// Two steps: ImageMagick 6's sixel reader leaves a palette image whose raw
    /// (rgba:) output is all black, while its PNG is right; the PNG then goes to raw.
    private func decodedByImageMagick(_ sixel: [UInt8], name: String) throws -> [UInt8] {
        let input = folder.appendingPathComponent("\(name).six")
        let png = folder.appendingPathComponent("\(name).png"), output = folder.appendingPathComponent("\(name).rgba")
        try Data(sixel).write(to: input)
        try convert(["sixel:\(input.path)", "png:\(png.path)"])
        try convert(["png:\(png.path)", "-depth", "8", "rgba:\(output.path)"])
        return [UInt8](try Data(contentsOf: output))
    }

    private func convert(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try convertPath())
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "convert \(arguments) failed: \(message)")
    }

    /// The first pixel where two RGBA buffers differ, described; nil when equal.
    private func firstDifference(_ a: [UInt8], _ b: [UInt8], width: Int) -> String? {
        if a.count != b.count { return "sizes differ: \(a.count) and \(b.count) bytes" }
        guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        let pixel = i / 4
        return "at \(pixel % width), \(pixel / width): \(Array(a[(pixel * 4)..<(pixel * 4 + 4)])) "
            + "against \(Array(b[(pixel * 4)..<(pixel * 4 + 4)]))"
    }

    /// PSNR in dB over R, G and B of two same-sized RGBA buffers.
    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var squares = 0.0, count = 0
        for i in 0..<min(a.count, b.count) where i % 4 != 3 {
            let d = Double(Int(a[i]) - Int(b[i]))
            squares += d * d
            count += 1
        }
        if squares == 0 { return .infinity }
        return 10 * log10(255 * 255 / (squares / Double(count)))
    }

    private func opaqueRGB(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        for i in stride(from: 3, to: out.count, by: 4) { out[i] = 255 }
        return out
    }

    func testFlatColoursComeBackExactly() throws {
        // Whole-percent colours, so that nothing is lost on the way.
        for (n, (r, g, b)) in [(UInt8(0), UInt8(0), UInt8(0)), (255, 255, 255), (51, 102, 204), (128, 13, 242)]
            .enumerated()
        {
            let raster = TestRasters.flat(width: 31, height: 17, r, g, b)
            let back = try decodedByImageMagick(Sixel.draw(raster), name: "flat\(n)")
            XCTAssertNil(firstDifference(opaqueRGB(back), raster.pixels, width: 31), "flat \(r) \(g) \(b)")
        }
    }

    func testAFewColoursComeBackExactly() throws {
        let colours: [(UInt8, UInt8, UInt8)] = [
            (255, 0, 0), (0, 128, 0), (0, 0, 255), (255, 255, 0), (51, 51, 51),
            (255, 255, 255), (204, 102, 0),
        ]
        let raster = TestRasters.make(width: 97, height: 53) { x, y in
            let c = colours[(x / 7 + y / 5 + (x * y) % 3) % colours.count]
            return (c.0, c.1, c.2, 255)
        }
        for dithering in [Sixel.Dithering.none, .floydSteinberg] {
            let back = try decodedByImageMagick(
                Sixel.draw(raster, options: .init(dithering: dithering)),
                name: "few-\(dithering)")
            XCTAssertNil(firstDifference(opaqueRGB(back), raster.pixels, width: 97), "\(dithering)")
        }
    }

    func testAPhotoLikeImageIsCloseEnough() throws {
        let raster = TestRasters.photoLike(width: 400, height: 300)
        for (dithering, floor) in [(Sixel.Dithering.none, 30.0), (.floydSteinberg, 30.0)] {
            let back = try decodedByImageMagick(
                Sixel.draw(raster, options: .init(dithering: dithering)),
                name: "photo-\(dithering)")
            XCTAssertEqual(back.count, raster.pixels.count)
            let quality = psnr(back, raster.pixels)
            print("sixel through ImageMagick, photo-like 400×300, dithering \(dithering): PSNR \(quality) dB")
            XCTAssertGreaterThanOrEqual(quality, 25, "the issue's floor")
            XCTAssertGreaterThanOrEqual(quality, floor, "what this writer reached when written")
        }
    }

    func testASmoothGradientIsCloseEnough() throws {
        let raster = TestRasters.photoLike(width: 320, height: 240, noise: 0)
        for dithering in [Sixel.Dithering.none, .floydSteinberg] {
            let back = try decodedByImageMagick(
                Sixel.draw(raster, options: .init(dithering: dithering)),
                name: "smooth-\(dithering)")
            let quality = psnr(back, raster.pixels)
            print("sixel through ImageMagick, smooth gradient 320×240, dithering \(dithering): PSNR \(quality) dB")
            XCTAssertGreaterThanOrEqual(quality, 30)
        }
    }
}
