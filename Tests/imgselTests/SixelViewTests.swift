import Foundation
import TestImages
import XCTest

/// `view --graphics sixel` read back by a decoder we did not write: ImageMagick decodes the
/// sixel, and its pixels are compared with the image at that size. Needs ImageMagick's
/// `convert` (`.ci/run` installs it); fails without it.
final class SixelViewTests: ImgselTestCase {
    /// The sixel `view` wrote to a pipe (80×24 cells taken as 10×20 pixels), decoded by ImageMagick.
    func viewedSixel(_ index: String = "1", file: StaticString = #filePath, line: UInt = #line) -> MagickPicture? {
        let r = run(["view", index, "--graphics", "sixel", "--image"], env: ["COLUMNS": "80", "LINES": "24"])
        assertSuccess(r, file: file, line: line)
        let bytes = [UInt8](r.stdoutData)
        // The cursor moves that place the picture come first: the sixel starts at the first ESC P.
        guard let start = bytes.indices.dropLast().first(where: { bytes[$0] == 0x1B && bytes[$0 + 1] == 0x50 }),
            let end = (start..<(bytes.count - 1)).first(where: { bytes[$0] == 0x1B && bytes[$0 + 1] == 0x5C })
        else {
            XCTFail("no sixel in the output\n\(r.transcript)", file: file, line: line)
            return nil
        }
        _ = write(Data(bytes[start...(end + 1)]), to: "out.six")
        guard let convert = MagickPicture.convert else {
            XCTFail("ImageMagick's convert is needed: apt-get install imagemagick", file: file, line: line)
            return nil
        }
        // ImageMagick 6 reads a sixel into a palette image whose raw output is black: through PNG.
        let decoded = run(["sixel:" + url("out.six").path, "png:" + url("out-six.png").path], program: convert)
        XCTAssertEqual(decoded.status, 0, decoded.transcript, file: file, line: line)
        return magickPicture("out-six.png", file: file, line: line)
    }

    func testFlatColoursComeBackExactly() throws {
        // Colours in whole fifths (multiples of 51) survive sixel's percent exactly.
        let colours: [(UInt8, UInt8, UInt8)] = [(204, 51, 102), (0, 153, 255), (255, 255, 255), (51, 51, 0)]
        let png = ImageBytes.paintedPNG(width: 64, height: 48) { x, y in
            let c = colours[(x < 32 ? 0 : 1) + (y < 24 ? 0 : 2)]
            return (c.0, c.1, c.2, 255)
        }
        _ = write(Data(png), to: "flat.png")
        assertSuccess(run(["add", "flat.png"]))
        let picture = try XCTUnwrap(viewedSixel())
        XCTAssertEqual([picture.width, picture.height], [64, 48], "never enlarged")
        for y in 0..<48 {
            for x in 0..<64 {
                let c = colours[(x < 32 ? 0 : 1) + (y < 24 ? 0 : 2)]
                XCTAssertEqual(picture.pixel(x, y), [c.0, c.1, c.2, 255], "(\(x), \(y))")
                if picture.pixel(x, y) != [c.0, c.1, c.2, 255] { return }
            }
        }
    }

    func testAPhotoComesBackWithAPSNROfAtLeast25dB() throws {
        let convert = try XCTUnwrap(MagickPicture.convert, "ImageMagick's convert is needed")
        // A photo-like picture made by ImageMagick: a plasma fractal, softened, as a JPEG.
        let made = run(
            [
                "-size", "640x480", "-seed", "4", "plasma:fractal", "-blur", "0x2", "-quality", "90",
                url("photo.jpg").path,
            ],
            program: convert)
        XCTAssertEqual(made.status, 0, made.transcript)
        assertSuccess(run(["add", "photo.jpg"]))
        let picture = try XCTUnwrap(viewedSixel())
        // 640×480 in 800×440 pixels: 586×440, then whole sixel bands (73 of 6): 584×438, the aspect of the photo.
        XCTAssertEqual([picture.width, picture.height], [584, 438])
        let reference = run(
            [url("photo.jpg").path, "-filter", "box", "-resize", "584x438!", "png:" + url("reference.png").path],
            program: convert)
        XCTAssertEqual(reference.status, 0, reference.transcript)
        let expected = try XCTUnwrap(magickPicture("reference.png"))
        var squares = 0.0
        for i in 0..<(picture.width * picture.height) {
            for channel in 0..<3 {
                let d = Double(picture.pixels[4 * i + channel]) - Double(expected.pixels[4 * i + channel])
                squares += d * d
            }
        }
        let mse = squares / Double(picture.width * picture.height * 3)
        let psnr = 10 * log10(255 * 255 / max(mse, 1e-9))
        XCTAssertGreaterThanOrEqual(psnr, 25, "PSNR \(psnr) dB")
    }
}
