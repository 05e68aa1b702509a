import Foundation
import TerminalTestSupport
import TestImages
import XCTest

/// `pick` and `browse` draw pictures the way `view` does: the way chosen by `--graphics`, the
/// environment or the terminal's answer, on a pseudo-terminal that is imgsel's controlling
/// terminal and plays kitty, a sixel terminal or one that answers nothing.
final class FullScreenPictureTests: ImgselTestCase {
    /// 80×24 cells of 10×20 pixels: graphics know their size.
    private let size = TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)

    private func addRed() {
        _ = write(Data(ImageBytes.solidPNG(width: 64, height: 48, (255, 0, 0))), to: "red.png")
        assertSuccess(run(["add", "red.png"]))
    }

    func testBrowseOnKittyDrawsKittyPicturesAndDeletesThemOnTheWayOut() throws {
        addRed()
        let result = try AnsweringTerminal.run(
            ["browse"], in: dir, size: size, answer: .kitty, then: [(after: "\u{1B}_Ga=T", type: "q")])
        XCTAssertEqual(result.status, 0, result.transcript)
        XCTAssertTrue(result.asked, "nothing in the environment decides: the terminal is asked")
        let text = result.text
        let drawn = try XCTUnwrap(text.range(of: "\u{1B}_Ga=T"), result.transcript)
        XCTAssertTrue(text[drawn.lowerBound...].contains(",i="), "the picture has an id, so a redraw replaces it")
        XCTAssertTrue(text[drawn.lowerBound...].contains("C=1"), "the cursor stays where the screen put it")
        let deleted = try XCTUnwrap(text.range(of: "\u{1B}_Ga=d,d=A"), "kitty's images are deleted on the way out")
        XCTAssertLessThan(drawn.lowerBound, deleted.lowerBound)
        XCTAssertEqual(result.modesAfter, result.modesBefore)
    }

    func testBrowseOnASixelTerminalDrawsSixel() throws {
        addRed()
        let result = try AnsweringTerminal.run(
            ["browse"], in: dir, size: size, answer: .deviceAttributes("62;4;22"),
            then: [(after: "#0;2;100;0;0", type: "q")])
        XCTAssertEqual(result.status, 0, result.transcript)
        let text = result.text
        let start = try XCTUnwrap(text.range(of: "\u{1B}P0;1;0q"), result.transcript)
        XCTAssertTrue(text[start.upperBound...].contains("#0;2;100;0;0"), "the red is in the palette")
        XCTAssertFalse(text.contains("▀"), "no half blocks where sixel was chosen")
    }

    func testPickWithGraphicsKittyAsksNothingAndCancelsCleanly() throws {
        addRed()
        _ = write(Data(ImageBytes.solidPNG(width: 30, height: 60, (0, 0, 255))), to: "blue.png")
        let before = try Data(contentsOf: selectionURL)
        let result = try AnsweringTerminal.run(
            ["--graphics", "kitty", "pick"], in: dir, size: size, answer: .kitty,
            then: [(after: "\u{1B}_Ga=T", type: "\u{1B}")])
        XCTAssertEqual(result.status, 130, result.transcript)
        XCTAssertFalse(result.asked, "--graphics decides: nothing is asked")
        XCTAssertTrue(result.text.contains("\u{1B}_Ga=d,d=A"), result.transcript)
        XCTAssertEqual(try Data(contentsOf: selectionURL), before, "Esc writes nothing")
    }

    func testATerminalThatAnswersNothingGetsHalfBlocks() throws {
        addRed()
        let result = try AnsweringTerminal.run(
            ["browse"], in: dir, size: size, answer: .nothing, then: [(after: "\u{1B}[48;5;196m", type: "q")])
        XCTAssertEqual(result.status, 0, result.transcript)
        XCTAssertTrue(result.asked)
        // A solid picture in half blocks: cells of red background (upper and lower pixels agree).
        XCTAssertTrue(result.text.contains("\u{1B}[48;5;196m"), result.transcript)
        XCTAssertFalse(result.text.contains("\u{1B}_Ga=T"), "no kitty picture where kitty did not answer")
        XCTAssertFalse(result.text.contains("\u{1B}P0;1;0q"), "no sixel where DA1 did not list it")
        XCTAssertEqual(result.modesAfter, result.modesBefore)
    }
}
