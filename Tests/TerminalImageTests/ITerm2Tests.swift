import Foundation
import ImageDecoding
import XCTest

@testable import TerminalImage

final class ITerm2Tests: XCTestCase {
    private let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 300)

    /// The header's fields and the decoded payload of one OSC 1337 sequence.
    private func read(_ bytes: [UInt8]) throws -> (fields: [String: String], payload: [UInt8]) {
        let text = TestEscapes.text(bytes)
        XCTAssertTrue(text.hasPrefix("\u{1B}]1337;File="), text.prefix(40).debugDescription)
        XCTAssertEqual(bytes.last, 0x07, "ends with BEL")
        let body = text.dropFirst("\u{1B}]1337;File=".count).dropLast()
        let parts = body.split(separator: ":", maxSplits: 1)
        var fields: [String: String] = [:]
        for pair in parts[0].split(separator: ";") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            fields[String(kv[0])] = String(kv[1])
        }
        return (fields, try XCTUnwrap(TestEscapes.base64Decode(Array(parts[1].utf8))))
    }

    func testFileBytesWithPixelSizeWhenKnown() throws {
        let box = ImageBox(columns: 59, rows: 22, pixelWidth: 586, pixelHeight: 440, pixelsKnown: true)
        let (fields, payload) = try read(ITerm2.draw(file: jpeg, name: "ferry é.jpg", box: box))
        XCTAssertEqual(
            fields,
            [
                "name": Data("ferry é.jpg".utf8).base64EncodedString(), "size": "304",
                "width": "586px", "height": "440px", "preserveAspectRatio": "1", "inline": "1",
            ])
        XCTAssertEqual(payload, jpeg)
    }

    func testCellsWhenThePixelsAreNotKnown() throws {
        let box = ImageBox(columns: 59, rows: 22, pixelWidth: 590, pixelHeight: 440, pixelsKnown: false)
        let (fields, _) = try read(ITerm2.draw(file: jpeg, name: "a.jpg", box: box))
        XCTAssertEqual(fields["width"], "59")
        XCTAssertEqual(fields["height"], "22")
    }

    func testWhichFilesGoAsTheyAre() {
        XCTAssertEqual(ITerm2.fileType(of: jpeg), .jpeg)
        XCTAssertEqual(ITerm2.fileType(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]), .png)
        XCTAssertEqual(ITerm2.fileType(of: Array("GIF89a....".utf8)), .gif)
        XCTAssertEqual(ITerm2.fileType(of: Array("GIF87a".utf8)), .gif)
        XCTAssertNil(ITerm2.fileType(of: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)), "WebP is not read by every such terminal")
        XCTAssertNil(ITerm2.fileType(of: Array("BM\0\0\0\0".utf8)))
        XCTAssertNil(ITerm2.fileType(of: [0x49, 0x49, 0x2A, 0x00]), "TIFF")
        XCTAssertNil(ITerm2.fileType(of: [0xFF, 0xD8]))
        XCTAssertTrue(ITerm2.sendsFileAsIs(jpeg, upright: true))
        XCTAssertFalse(ITerm2.sendsFileAsIs(jpeg, upright: false), "a turned JPEG goes as upright pixels")
    }

    func testPixelsGoAsThePNGTheCallerMakes() throws {
        let raster = TestRasters.flat(width: 3, height: 2, 1, 2, 3)
        var seen: [Raster] = []
        let fakePNG: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let box = ImageBox(columns: 1, rows: 1, pixelWidth: 3, pixelHeight: 2, pixelsKnown: true)
        let out = ITerm2.draw(raster, name: "x.webp", box: box) {
            seen.append($0); return fakePNG
        }
        XCTAssertEqual(seen, [raster])
        let (fields, payload) = try read(out)
        XCTAssertEqual(payload, fakePNG)
        XCTAssertEqual(fields["size"], "7")
    }

    func testInsideTmuxTheSequenceIsWrappedWithEscDoubled() throws {
        let box = ImageBox(columns: 1, rows: 1, pixelWidth: 3, pixelHeight: 2, pixelsKnown: true)
        let plain = ITerm2.draw(file: jpeg, name: "a.jpg", box: box)
        let wrapped = ITerm2.draw(file: jpeg, name: "a.jpg", box: box, passthrough: .tmux)
        XCTAssertTrue(TestEscapes.text(wrapped).hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}]1337;"))
        XCTAssertEqual(TestEscapes.unwrapTmux(wrapped), plain)
    }
}
