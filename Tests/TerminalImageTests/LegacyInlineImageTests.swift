import ByteCoding
import Foundation
import XCTest

@testable import TerminalImage

/// Today's `view` image (the Legacy/ pieces): the file's own bytes, fitted to fill the window.
final class LegacyInlineImageTests: XCTestCase {
    /// 80×24 cells of 10×20 pixels.
    static let pixels = WindowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)

    func testTheFitFillsTheFreeWindowUpOrDownInPixelsWhenKnown() {
        // 800×440 pixels are free (two rows kept): 40×20 scales up by 20 to 800×400.
        XCTAssertEqual(
            LegacyFit(width: 40, height: 20, window: Self.pixels),
            LegacyFit.expected(pixels: (800, 400), cells: (80, 20)))
        XCTAssertEqual(
            LegacyFit(width: 20, height: 40, window: Self.pixels),
            LegacyFit.expected(pixels: (220, 440), cells: (22, 22)))
        XCTAssertEqual(LegacyFit(width: 4000, height: 2000, window: Self.pixels).pixelWidth, 800, "and down")
    }

    func testWithoutPixelsTheFitIsInCellsTwiceAsTallAsWide() {
        let fit = LegacyFit(width: 40, height: 20, window: WindowSize(columns: 80, rows: 24))
        XCTAssertEqual(fit, LegacyFit.expected(pixels: nil, cells: (80, 20)))
        XCTAssertEqual(fit.box, ImageBox(columns: 80, rows: 20, pixelWidth: 80, pixelHeight: 20, pixelsKnown: false))
        XCTAssertEqual(LegacyFit(width: 40, height: 20, window: WindowSize(columns: 40, rows: 12)).columns, 40)
    }

    func testITerm2GetsTheFilesBytesWithItsNameAndTheFittedSize() {
        let file: [UInt8] = Array("not really a png".utf8)
        let bytes = LegacyInlineImage.sequence(
            file: file, name: "wide.png", width: 40, height: 20, using: .iterm2,
            passthrough: .none, window: Self.pixels)
        let expected =
            "\u{1B}]1337;File=name=\(Base64.encode(Array("wide.png".utf8)));size=\(file.count);"
            + "width=800px;height=400px;preserveAspectRatio=1;inline=1:\(Base64.encode(file))\u{07}"
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
    }

    func testKittyGetsThePNGInChunksOfAtMost4096WithTheCellsOnTheFirst() {
        let png = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let fit = LegacyFit(width: 40, height: 20, window: Self.pixels)
        let parts = LegacyKitty.sequences(png: png, fit: fit)
        let bodies = parts.flatMap(TestEscapes.apcBodies).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(bodies.count, 4, "13 336 base64 bytes in chunks of 4096")
        XCTAssertTrue(bodies[0].hasPrefix("Ga=T,f=100,t=d,q=2,c=80,r=20,m=1;"), bodies[0])
        XCTAssertTrue(bodies[1].hasPrefix("Gm=1;"))
        XCTAssertTrue(bodies[3].hasPrefix("Gm=0;"))
        let payload = bodies.map { String($0[$0.index(after: $0.firstIndex(of: ";")!)...]) }
        XCTAssertTrue(payload.allSatisfy { $0.count <= 4096 })
        XCTAssertEqual(Data(base64Encoded: payload.joined()), Data(png))
    }

    func testInsideTmuxEachKittyChunkIsWrappedOnItsOwn() {
        let png = [UInt8](repeating: 0x1B, count: 5000)
        let plain = LegacyInlineImage.sequence(
            file: png, name: "a.png", width: 4, height: 2, using: .kitty,
            passthrough: .none, window: Self.pixels)
        let wrapped = LegacyInlineImage.sequence(
            file: png, name: "a.png", width: 4, height: 2, using: .kitty,
            passthrough: .tmux, window: Self.pixels)
        XCTAssertEqual(TestEscapes.unwrapTmux(wrapped), plain)
        XCTAssertEqual(TestEscapes.text(wrapped).components(separatedBy: "\u{1B}Ptmux;").count - 1, 2)
    }

    func testKittyDrawsUprightPNGsOnlyAndNothingIsDrawnPastTheCap() {
        XCTAssertTrue(LegacyInlineImage.draws(png: true, orientation: 1, bytes: 10, using: .kitty))
        XCTAssertFalse(LegacyInlineImage.draws(png: false, orientation: 1, bytes: 10, using: .kitty))
        XCTAssertFalse(LegacyInlineImage.draws(png: true, orientation: 6, bytes: 10, using: .kitty))
        XCTAssertTrue(LegacyInlineImage.draws(png: false, orientation: 6, bytes: 10, using: .iterm2))
        XCTAssertFalse(LegacyInlineImage.draws(png: true, orientation: 1, bytes: (16 << 20) + 1, using: .iterm2))
    }
}

extension LegacyFit {
    static func expected(pixels: (Int, Int)?, cells: (Int, Int)) -> LegacyFit {
        var fit = LegacyFit(width: 1, height: 1, window: WindowSize(columns: 1, rows: 3))
        fit.pixelWidth = pixels?.0
        fit.pixelHeight = pixels?.1
        fit.columns = cells.0
        fit.rows = cells.1
        return fit
    }
}
