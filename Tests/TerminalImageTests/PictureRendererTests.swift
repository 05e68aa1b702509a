import Foundation
import ImageDecoding
import ImageEncoding
import ImageHeaders
import PNGCodec
import TerminalImage
import TestImages
import XCTest

@testable import TerminalImage

/// The facade `view`, `list --grid`, `pick` and `browse` draw through: the fit each way
/// gets, the pixels each way is handed (upright, exactly the box's size), and iTerm2's
/// file-as-it-is rule.
final class PictureRendererTests: XCTestCase {
    private func renderer(_ way: GraphicsWay, colours: Blocks.Colours = .truecolor) -> PictureRenderer {
        PictureRenderer(choice: GraphicsChoice(way: way, colours: colours))
    }

    private let window = WindowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)

    /// The payload of the one kitty transmission in `bytes`, and its keys.
    private func kittyPayload(_ bytes: [UInt8]) -> (keys: String, pixels: [UInt8]) {
        let bodies = TestEscapes.apcBodies(bytes).filter { !TestEscapes.text($0).hasPrefix("Ga=d") }
        let keys = bodies.first.map { TestEscapes.text($0.prefix { $0 != UInt8(ascii: ";") }) } ?? ""
        let base64 = bodies.flatMap { $0.drop { $0 != UInt8(ascii: ";") }.dropFirst() }
        return (keys, TestEscapes.base64Decode(base64) ?? [])
    }

    /// The payload of the one iTerm2 sequence in `bytes`.
    private func itermPayload(_ bytes: [UInt8]) -> [UInt8]? {
        let text = TestEscapes.text(bytes)
        guard let start = text.range(of: ":"), let end = text.range(of: "\u{07}") else { return nil }
        return TestEscapes.base64Decode(Array(text[start.upperBound..<end.lowerBound].utf8))
    }

    func testEachWayGetsItsOwnFit() {
        // 400×300 in 800×440 free pixels: graphics never enlarge; blocks fill the height (cells 10×20):
        // 440 pixels are 44 half rows, and 400×300 scaled to 440 high is 586 pixels, 59 columns.
        XCTAssertEqual(
            renderer(.kitty).box(width: 400, height: 300, window: window, reservedRows: 2),
            Fit.graphics(width: 400, height: 300, window: window, reservedRows: 2))
        let blocks = renderer(.blocks).box(width: 400, height: 300, window: window, reservedRows: 2)
        XCTAssertEqual(blocks, Fit.blocks(width: 400, height: 300, window: window, reservedRows: 2))
        XCTAssertEqual([blocks.columns, blocks.pixelHeight], [59, 44])
        // No pixels from the window, but the terminal answered its cell: 9×18.
        let sized = PictureRenderer(
            choice: GraphicsChoice(way: .sixel, cellPixels: CellPixels(width: 9, height: 18)))
        let box = sized.box(width: 4000, height: 1000, window: WindowSize(columns: 80, rows: 24), reservedRows: 2)
        XCTAssertTrue(box.pixelsKnown)
        XCTAssertEqual(box.pixelWidth, 720, "80 cells of 9 pixels")
    }

    func testAPartOfTheWindowKeepsItsCellsShape() {
        XCTAssertEqual(
            window.part(columns: 23, rows: 7), WindowSize(columns: 23, rows: 7, pixelWidth: 230, pixelHeight: 140))
        XCTAssertEqual(WindowSize(columns: 80, rows: 24).part(columns: 10, rows: 5), WindowSize(columns: 10, rows: 5))
        XCTAssertEqual(renderer(.kitty).erase(imageID: 9), Kitty.delete(imageID: 9))
        XCTAssertEqual(renderer(.sixel).erase(imageID: 9), [])
    }

    func testEveryWayDrawsTheBoxsPixels() {
        let picture = TestRasters.make(width: 4, height: 2) { x, _ in x < 2 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let box = ImageBox(columns: 8, rows: 2, pixelWidth: 8, pixelHeight: 4, pixelsKnown: true)
        XCTAssertEqual(renderer(.none).draw(picture: picture, box: box), [])

        let kitty = kittyPayload(renderer(.kitty).draw(picture: picture, box: box, options: .init(imageID: 77)))
        XCTAssertTrue(kitty.keys.hasPrefix("Ga=T,f=24,s=8,v=4,i=77,p=1"), kitty.keys)
        let red: [UInt8] = [255, 0, 0], blue: [UInt8] = [0, 0, 255]
        let row = Array(repeating: red, count: 4).flatMap { $0 } + Array(repeating: blue, count: 4).flatMap { $0 }
        XCTAssertEqual(kitty.pixels, Array(repeating: row, count: 4).flatMap { $0 }, "enlarged by repeating")

        let blocks = TestANSI(renderer(.blocks).draw(picture: picture, box: box))
        XCTAssertEqual(blocks.cells.filter { !$0.isEmpty }.count, 2)
        XCTAssertEqual(blocks.cells[0][0].top, .rgb(255, 0, 0))
        XCTAssertEqual(blocks.cells[1][7].bottom, .rgb(0, 0, 255))
        XCTAssertTrue(blocks.clean)

        let sixel = renderer(.sixel).draw(picture: picture, box: box)
        XCTAssertTrue(TestEscapes.text(sixel).hasPrefix("\u{1B}P0;1;0q\"1;1;8;4"), TestEscapes.text(sixel.prefix(20)))

        let png = itermPayload(renderer(.iterm).draw(picture: picture, box: box))
        XCTAssertEqual(png.flatMap { try? PNGDecoder.decode($0) }?.width, 8)
    }

    func testITerm2GetsAnUprightFileAsItIsAndOtherwiseAPNGOfTheUprightPixels() throws {
        let iterm = renderer(.iterm)
        let box = ImageBox(columns: 4, rows: 2, pixelWidth: 40, pixelHeight: 40, pixelsKnown: true)
        let upright = ImageBytes.paintedPNG(width: 2, height: 1) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255)
        }
        let facts = ImageFacts(type: .png, width: 2, height: 1)
        XCTAssertEqual(itermPayload(try iterm.draw(file: upright, facts: facts, box: box)), upright)

        // Orientation 6 turns it a quarter clockwise: the left pixel (red) goes on top.
        let turned = ImageBytes.paintedPNG(width: 2, height: 1, orientation: 6) { x, _ in
            x == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255)
        }
        let turnedFacts = ImageFacts(type: .png, width: 2, height: 1, orientation: 6)
        let tallBox = ImageBox(columns: 1, rows: 2, pixelWidth: 1, pixelHeight: 2, pixelsKnown: true)
        let sent = try XCTUnwrap(itermPayload(try iterm.draw(file: turned, facts: turnedFacts, box: tallBox)))
        XCTAssertNotEqual(sent, turned)
        let decoded = try PNGDecoder.decode(sent)
        XCTAssertEqual([decoded.width, decoded.height], [1, 2])
        XCTAssertEqual(decoded.pixel(x: 0, y: 0).r, 255, "upright: red on top")
        XCTAssertEqual(decoded.pixel(x: 0, y: 1).b, 255)

        // kitty gets the same upright pixels, raw.
        let kitty = kittyPayload(try renderer(.kitty).draw(file: turned, facts: turnedFacts, box: tallBox))
        XCTAssertEqual(kitty.pixels, [255, 0, 0, 0, 0, 255])

        // BMP is no type iTerm2 reads from a file: a PNG.
        let bmp = ImageBytes.bmp(width: 2, height: 2)
        let bmpSent = try XCTUnwrap(
            itermPayload(try iterm.draw(file: bmp, facts: ImageFacts(type: .bmp, width: 2, height: 2), box: box)))
        XCTAssertEqual(ITerm2.fileType(of: bmpSent), .png)
    }

    func testAnUndecodableFileThrowsForEveryWayButITerm2sAsIs() {
        let box = ImageBox(columns: 4, rows: 2, pixelWidth: 4, pixelHeight: 4, pixelsKnown: true)
        let heic = ImageFacts(type: .heic, width: 4, height: 4)
        for way in [GraphicsWay.kitty, .sixel, .blocks, .iterm] {
            XCTAssertThrowsError(try renderer(way).draw(file: [0, 0, 0, 0x18], facts: heic, box: box), "\(way)")
        }
        let damaged = Array(ImageBytes.paintedPNG(width: 8, height: 8) { _, _ in (1, 2, 3, 255) }.prefix(60))
        XCTAssertThrowsError(
            try renderer(.blocks).draw(file: damaged, facts: ImageFacts(type: .png, width: 8, height: 8), box: box))
    }

    func testResizingShrinksByAreaAndEnlargesByRepeating() {
        let two = TestRasters.make(width: 2, height: 1) { x, _ in x == 0 ? (0, 0, 0, 255) : (200, 100, 50, 255) }
        let big = two.resized(toWidth: 6, height: 3)
        XCTAssertEqual([big.width, big.height], [6, 3])
        XCTAssertEqual((0..<6).map { big.pixel(x: $0, y: 2).r }, [0, 0, 0, 200, 200, 200])
        let small = TestRasters.flat(width: 10, height: 10, 30, 60, 90).resized(toWidth: 3, height: 2)
        XCTAssertEqual([small.width, small.height], [3, 2])
        XCTAssertEqual(small.pixel(x: 1, y: 1).g, 60)
        // Narrower but taller: shrunk one way, repeated the other.
        let mixed = TestRasters.flat(width: 4, height: 1, 9, 9, 9).resized(toWidth: 2, height: 3)
        XCTAssertEqual([mixed.width, mixed.height], [2, 3])
        XCTAssertEqual(mixed.pixel(x: 1, y: 2).b, 9)
    }

    func testHalfBlockCellsAndRowsAgreeWithTheBytes() {
        let picture = TestRasters.make(width: 3, height: 3) { x, y in (UInt8(x * 80), UInt8(y * 80), 7, 255) }
        let cells = Blocks.cells(picture, colours: .truecolor)
        let drawn = TestANSI(Blocks.draw(picture, colours: .truecolor))
        XCTAssertEqual(cells.count, 2)
        XCTAssertEqual(cells[0][2], HalfBlockCell(upper: .rgb(160, 0, 7), lower: .rgb(160, 80, 7)))
        XCTAssertEqual(cells[1][1], HalfBlockCell(upper: .rgb(80, 160, 7), lower: .terminalDefault))
        XCTAssertEqual(drawn.cells[1][1].top, .rgb(80, 160, 7))
        let palette = Blocks.cells(picture, colours: .palette256)
        XCTAssertEqual(palette[0][0].upper, .palette(XtermPalette.nearest(red: 0, green: 0, blue: 7)))
        let rows = Blocks.rows(picture, colours: .truecolor)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows.joined(separator: [0x0A]) + [0x0A], Blocks.draw(picture, colours: .truecolor))
        XCTAssertFalse(rows[0].contains(0x0A))
    }
}
