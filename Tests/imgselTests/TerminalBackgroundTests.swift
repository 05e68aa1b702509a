import Foundation
import TerminalTestSupport
import TestImages
import XCTest

/// Transparency on a terminal that answers OSC 11 with its background: sixel and half blocks
/// compose partly transparent pixels over that colour, not over black (which drew a black
/// halo round a picture fading out on xterm's white). The sixel is read back by ImageMagick.
final class TerminalBackgroundTests: ImgselTestCase {
    /// 80×24 cells of 10×20 pixels: a 64×48 picture is drawn at its own size.
    private let size = TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
    private let white = "ffff/ffff/ffff"

    /// Red, opaque on the left third, half transparent in the middle, fully on the right.
    override func setUpWithError() throws {
        try super.setUpWithError()
        let png = ImageBytes.paintedPNG(width: 60, height: 48, alpha: true) { x, _ in
            (255, 0, 0, x < 20 ? 255 : x < 40 ? 128 : 0)
        }
        _ = write(Data(png), to: "fade.png")
        assertSuccess(run(["add", "fade.png"]))
    }

    /// The sixel `view` drew on a terminal answering `answer`, decoded by ImageMagick.
    private func viewedSixel(_ answer: AnsweringTerminal.Answer) throws -> MagickPicture? {
        let r = try AnsweringTerminal.run(["view"], in: dir, size: size, answer: answer)
        XCTAssertEqual(r.status, 0, r.transcript)
        let bytes = r.output
        let start = try XCTUnwrap(
            (0..<(bytes.count - 2)).first { bytes[$0] == 0x1B && bytes[$0 + 1] == UInt8(ascii: "P") }, r.transcript)
        let end = try XCTUnwrap((start..<(bytes.count - 1)).first { bytes[$0] == 0x1B && bytes[$0 + 1] == 0x5C })
        _ = write(Data(bytes[start...(end + 1)]), to: "out.six")
        let convert = try XCTUnwrap(MagickPicture.convert, "ImageMagick's convert is needed")
        let decoded = run(["sixel:" + url("out.six").path, "png:" + url("out-six.png").path], program: convert)
        XCTAssertEqual(decoded.status, 0, decoded.transcript)
        return magickPicture("out-six.png")
    }

    private func assertNear(_ pixel: [UInt8], _ rgb: [Int], _ what: String, line: UInt = #line) {
        let near = zip(pixel.prefix(3), rgb).allSatisfy { abs(Int($0) - $1) <= 3 }
        XCTAssertTrue(near, "\(what): \(pixel), expected about \(rgb)", line: line)
    }

    func testSixelComposesHalfTransparentPixelsOverTheAnsweredWhite() throws {
        let picture = try XCTUnwrap(viewedSixel(.background(white, deviceAttributes: "62;4;22")))
        XCTAssertEqual([picture.width, picture.height], [60, 48])
        assertNear(picture.pixel(5, 10), [255, 0, 0], "opaque red stays red")
        assertNear(picture.pixel(30, 10), [255, 127, 127], "half red over white is pink, no dark halo")
    }

    func testSixelWithoutAnAnswerStillComposesOverBlack() throws {
        let picture = try XCTUnwrap(viewedSixel(.deviceAttributes("62;4;22")))
        assertNear(picture.pixel(30, 10), [128, 0, 0], "no background answered: black")
    }

    func testHalfBlocksComposeOverTheAnsweredBackground() throws {
        let r = try AnsweringTerminal.run(
            ["view"], in: dir, size: size, env: ["COLORTERM": "truecolor"],
            answer: .background("2828/2c2c/3434", deviceAttributes: "62;22"))
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertTrue(r.text.contains("▀") || r.text.contains("48;2;"), r.transcript)
        // Half red over (40, 44, 52): (148, 22, 26); fully transparent: the background itself.
        XCTAssertTrue(r.text.contains("48;2;148;22;26m"), r.transcript)
        XCTAssertTrue(r.text.contains("48;2;40;44;52m"), r.transcript)
        XCTAssertFalse(r.text.contains("48;2;128;0;0m"), "not over black\n\(r.transcript)")
    }
}
