import Foundation
import TestImages
import XCTest

/// `imgsel thumbnail FILE OUT`: decoded, upright, shrunk by area, written as a PNG that
/// ImageMagick reads back.
final class ThumbnailTests: ImgselTestCase {
    private let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
    private let blue: (UInt8, UInt8, UInt8) = (0, 0, 255)

    /// Left half red, right half blue; or top red, bottom blue.
    private func split(_ name: String, width: Int, height: Int, vertical: Bool, orientation: Int? = nil) {
        let bytes = ImageBytes.paintedPNG(width: width, height: height, orientation: orientation) { x, y in
            let first = vertical ? x < width / 2 : y < height / 2
            return first ? (255, 0, 0, 255) : (0, 0, 255, 255)
        }
        _ = write(Data(bytes), to: name)
    }

    func testAWideImageShrinksToTheBoxKeepingItsHalves() throws {
        split("wide.png", width: 40, height: 20, vertical: true)
        let result = run(["thumbnail", "wide.png", "small.png", "--size", "10"])
        assertSuccess(result)
        XCTAssertEqual(result.stdout, "small.png: 10×5 PNG, \(size("small.png")) B\n")
        let picture = try XCTUnwrap(magickPicture("small.png"))
        XCTAssertEqual([picture.width, picture.height], [10, 5])
        XCTAssertEqual(picture.pixel(0, 2), [255, 0, 0, 255])
        XCTAssertEqual(picture.pixel(4, 2), [255, 0, 0, 255])
        XCTAssertEqual(picture.pixel(5, 2), [0, 0, 255, 255])
        XCTAssertEqual(picture.pixel(9, 4), [0, 0, 255, 255])
        XCTAssertEqual(picture.colourType, 2, "an opaque image is written as RGB")
    }

    func testTheRecordedOrientationTurnsThePictureUpright() throws {
        // Orientation 6 turns the stored picture a quarter clockwise: its top (red) goes right.
        split("turned.png", width: 40, height: 20, vertical: false, orientation: 6)
        assertSuccess(run(["thumbnail", "turned.png", "upright.png", "--size", "8"]))
        let picture = try XCTUnwrap(magickPicture("upright.png"))
        XCTAssertEqual([picture.width, picture.height], [4, 8])
        XCTAssertEqual(picture.pixel(0, 4), [0, 0, 255, 255])
        XCTAssertEqual(picture.pixel(3, 4), [255, 0, 0, 255])
    }

    func testASmallImageIsNeverEnlargedAndKeepsEveryPixel() throws {
        let bytes = ImageBytes.paintedPNG(width: 5, height: 3) { x, y in (UInt8(x * 50), UInt8(y * 100), 7, 255) }
        _ = write(Data(bytes), to: "tiny.png")
        assertSuccess(run(["thumbnail", "tiny.png", "same.png"]))
        let picture = try XCTUnwrap(magickPicture("same.png"))
        XCTAssertEqual([picture.width, picture.height], [5, 3])
        for y in 0..<3 {
            for x in 0..<5 { XCTAssertEqual(picture.pixel(x, y), [UInt8(x * 50), UInt8(y * 100), 7, 255]) }
        }
    }

    func testTransparencyIsKeptAsRGBA() throws {
        let bytes = ImageBytes.paintedPNG(width: 4, height: 4, alpha: true) { x, _ in (10, 20, 30, x < 2 ? 0 : 255) }
        _ = write(Data(bytes), to: "alpha.png")
        assertSuccess(run(["thumbnail", "alpha.png", "out.png"]))
        let picture = try XCTUnwrap(magickPicture("out.png"))
        XCTAssertEqual(picture.colourType, 6)
        XCTAssertEqual(picture.pixel(0, 0)[3], 0)
        XCTAssertEqual(picture.pixel(3, 3), [10, 20, 30, 255])
    }

    func testARealJPEGAgreesWithImageMagicksOwnDecode() throws {
        // Examples/tower.jpg: an 80×60 JPEG with EXIF orientation 6, so 60×80 upright.
        let tower = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Examples/tower.jpg")
        _ = write(try Data(contentsOf: tower), to: "tower.jpg")
        assertSuccess(run(["thumbnail", "tower.jpg", "tower.png"]))
        let ours = try XCTUnwrap(magickPicture("tower.png"))
        XCTAssertEqual([ours.width, ours.height], [60, 80])
        let convert = try XCTUnwrap(MagickPicture.convert)
        let theirs = run(
            [dir.appendingPathComponent("tower.jpg").path, "-auto-orient", "-depth", "8", "rgba:-"],
            program: convert)
        XCTAssertEqual(theirs.stdoutData.count, ours.pixels.count)
        XCTAssertGreaterThan(psnr(ours.pixels, [UInt8](theirs.stdoutData)), 40)
    }

    func testStandardOutputGetsTheSameBytesAsAFileAndBothAreTheSameEveryTime() throws {
        split("wide.png", width: 40, height: 20, vertical: true)
        assertSuccess(run(["thumbnail", "wide.png", "a.png", "--size", "16"]))
        assertSuccess(run(["thumbnail", "wide.png", "b.png", "--size", "16"]))
        let piped = run(["thumbnail", "wide.png", "-", "--size", "16"])
        assertSuccess(piped)
        let a = try Data(contentsOf: dir.appendingPathComponent("a.png"))
        XCTAssertEqual(a, try Data(contentsOf: dir.appendingPathComponent("b.png")))
        XCTAssertEqual(a, piped.stdoutData)
        XCTAssertFalse(FileManager.default.fileExists(atPath: selectionURL.path), "no selection is touched")
    }

    func testJSONSaysWhatWasWritten() throws {
        split("wide.png", width: 40, height: 20, vertical: true)
        let result = run(["--json", "thumbnail", "wide.png", "t.png", "--size", "20"])
        assertSuccess(result)
        XCTAssertEqual(result.stdout, "{\"path\":\"t.png\",\"width\":20,\"height\":10,\"bytes\":\(size("t.png"))}\n")
    }

    func testWhatCannotBeDecodedIsExit3NamingTheFileAndWritesNothing() throws {
        // An AVIF is decoded now: one whose header holds no coded picture is damaged, by name.
        _ = write(
            Data(ImageBytes.heif(major: "avif", compatible: ["mif1", "avif"], primary: [ImageBytes.ispe(64, 48)])),
            to: "camera.avif")
        let avif = run(["thumbnail", "camera.avif", "out.png"])
        XCTAssertEqual(avif.status, 3, avif.transcript)
        XCTAssertEqual(avif.stderr, "imgsel: camera.avif: corrupt: HEIF file without item locations\n")
        // So is a HEIC.
        _ = write(Data(ImageBytes.heif(primary: [ImageBytes.ispe(64, 48)])), to: "phone.heic")
        let heic = run(["thumbnail", "phone.heic", "out.png"])
        XCTAssertEqual(heic.status, 3, heic.transcript)
        XCTAssertEqual(heic.stderr, "imgsel: phone.heic: corrupt: HEIF file without item locations\n")
        let whole = ImageBytes.paintedPNG(width: 30, height: 30) { x, y in (UInt8(x), UInt8(y), 0, 255) }
        _ = write(Data(whole.prefix(whole.count - 40)), to: "cut.png")
        let cut = run(["thumbnail", "cut.png", "out.png"])
        XCTAssertEqual(cut.status, 3, cut.transcript)
        XCTAssertTrue(cut.stderr.hasPrefix("imgsel: cut.png: "), cut.stderr)
        _ = write(Data("not a picture\n".utf8), to: "notes.png")
        XCTAssertEqual(run(["thumbnail", "notes.png", "out.png"]).status, 3)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(),
            ["camera.avif", "cut.png", "notes.png", "phone.heic"], "no output and no temporary file")
    }

    func testUsageErrors() {
        split("wide.png", width: 4, height: 2, vertical: true)
        for (args, message) in [
            (["thumbnail", "wide.png"], "thumbnail: missing OUT"),
            (
                ["thumbnail", "wide.png", "t.png", "--size", "0"],
                "thumbnail: --size must be a number from 1 to 16384, not '0'"
            ),
            (
                ["thumbnail", "wide.png", "t.png", "--size", "1e3"],
                "thumbnail: --size must be a number from 1 to 16384, not '1e3'"
            ),
            (
                ["--json", "thumbnail", "wide.png", "-"],
                "thumbnail: --json and OUT '-' would both write to standard output; give OUT a name"
            ),
        ] {
            let result = run(args)
            XCTAssertEqual(result.status, 2, result.transcript)
            let first = result.stderrLines.first ?? ""
            XCTAssertTrue(first.contains(message), "\(first) should contain \(message)")
        }
    }

    private func size(_ name: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(name).path)[.size] as? Int) ?? -1
    }

    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var sum = 0.0
        for i in a.indices where i % 4 != 3 {
            let d = Double(a[i]) - Double(b[i])
            sum += d * d
        }
        let mse = sum / Double(a.count / 4 * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
