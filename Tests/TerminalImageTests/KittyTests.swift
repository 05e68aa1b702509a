import Foundation
import ImageDecoding
import XCTest

@testable import TerminalImage

final class KittyTests: XCTestCase {
    /// One transmission read back: its control keys and payload per escape sequence.
    private struct Chunk {
        var keys: [String: String]
        var payload: [UInt8]
    }

    private func chunks(_ bytes: [UInt8]) -> [Chunk] {
        TestEscapes.apcBodies(bytes).map { body in
            XCTAssertEqual(body.first, UInt8(ascii: "G"))
            let text = TestEscapes.text(body.dropFirst())
            let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                XCTAssertNil(keys[String(kv[0])], "key \(kv[0]) given twice")
                keys[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
            }
            return Chunk(keys: keys, payload: parts.count > 1 ? Array(parts[1].utf8) : [])
        }
    }

    private func pattern(width: Int, height: Int, hasAlpha: Bool) -> Raster {
        TestRasters.make(width: width, height: height, hasAlpha: hasAlpha) { x, y in
            (UInt8(x * 7 % 256), UInt8(y * 13 % 256), UInt8((x ^ y) % 256), hasAlpha ? UInt8((x + y) % 256) : 255)
        }
    }

    func testRGBAChunksDecodeBackToThePixelsWithRightKeysAndFlags() throws {
        let raster = pattern(width: 64, height: 50, hasAlpha: true)  // 12 800 bytes: 5 chunks
        let out = Kitty.draw(raster, placement: .init(imageID: 4242, columns: 8, rows: 5))
        let all = chunks(out)
        XCTAssertEqual(
            all.first?.keys, ["a": "d", "d": "I", "i": "4242", "q": "2"],
            "the old image of the id goes first")
        let data = Array(all.dropFirst())
        XCTAssertEqual(data.count, 5)
        XCTAssertEqual(
            data[0].keys,
            [
                "a": "T", "f": "32", "s": "64", "v": "50", "i": "4242", "p": "1",
                "c": "8", "r": "5", "q": "2", "m": "1",
            ])
        for (n, chunk) in data.enumerated() {
            XCTAssertLessThanOrEqual(chunk.payload.count, Kitty.chunkSize)
            XCTAssertEqual(chunk.payload.count % 4, 0, "every chunk is whole base64")
            XCTAssertEqual(chunk.keys["m"], n == data.count - 1 ? "0" : "1")
            XCTAssertEqual(chunk.keys["q"], "2", "kitty reads q per chunk")
            if n > 0 { XCTAssertEqual(Set(chunk.keys.keys), ["m", "q"]) }
        }
        let decoded = try XCTUnwrap(TestEscapes.base64Decode(data.flatMap(\.payload)))
        XCTAssertEqual(decoded, raster.pixels)
        // Each chunk also decodes alone: the cuts fall on whole 3-byte groups.
        XCTAssertEqual(try data.flatMap { try XCTUnwrap(TestEscapes.base64Decode($0.payload)) }, raster.pixels)
    }

    func testOpaquePixelsGoAsRGB() throws {
        let raster = pattern(width: 33, height: 17, hasAlpha: false)
        let data = Array(chunks(Kitty.draw(raster, placement: .init(imageID: 9))).dropFirst())
        XCTAssertEqual(data[0].keys["f"], "24")
        XCTAssertNil(data[0].keys["c"])
        XCTAssertNil(data[0].keys["r"])
        XCTAssertNil(data[0].keys["C"])
        let decoded = try XCTUnwrap(TestEscapes.base64Decode(data.flatMap(\.payload)))
        var rgb: [UInt8] = []
        for i in stride(from: 0, to: raster.pixels.count, by: 4) { rgb += raster.pixels[i..<(i + 3)] }
        XCTAssertEqual(decoded, rgb)
    }

    func testAnExactMultipleOfTheChunkEndsWithAFullChunkFlaggedLast() throws {
        let raster = pattern(width: 768, height: 2, hasAlpha: true)  // 6144 bytes = two chunks of 3072
        let data = Array(chunks(Kitty.draw(raster, placement: .init(imageID: 1))).dropFirst())
        XCTAssertEqual(data.map(\.payload.count), [4096, 4096])
        XCTAssertEqual(data.map { $0.keys["m"] }, ["1", "0"])
    }

    func testPlacementFromABoxGivesCellsOnlyWhenPixelsWereAssumed() {
        let known = ImageBox(columns: 10, rows: 5, pixelWidth: 100, pixelHeight: 90, pixelsKnown: true)
        let assumed = ImageBox(columns: 10, rows: 5, pixelWidth: 100, pixelHeight: 90, pixelsKnown: false)
        XCTAssertEqual(Kitty.Placement(imageID: 3, box: known), .init(imageID: 3))
        XCTAssertEqual(
            Kitty.Placement(imageID: 3, box: assumed, movesCursor: false),
            .init(imageID: 3, columns: 10, rows: 5, movesCursor: false))
        let out = Kitty.draw(
            pattern(width: 2, height: 2, hasAlpha: false),
            placement: .init(imageID: 3, box: assumed, movesCursor: false))
        XCTAssertEqual(chunks(out)[1].keys["C"], "1")
    }

    func testRedrawingTheSameIdDeletesBeforeItSends() {
        let raster = pattern(width: 3, height: 3, hasAlpha: false)
        let first = Kitty.draw(raster, placement: .init(imageID: 77))
        let again = Kitty.draw(raster, placement: .init(imageID: 77))
        XCTAssertEqual(first, again)
        XCTAssertTrue(TestEscapes.text(again).hasPrefix("\u{1B}_Ga=d,d=I,i=77,q=2\u{1B}\\\u{1B}_Ga=T,"))
    }

    func testPNGGoesAsFormat100WithoutSize() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 5000)
        let data = Array(chunks(Kitty.draw(png: png, placement: .init(imageID: 5))).dropFirst())
        XCTAssertEqual(data[0].keys["f"], "100")
        XCTAssertNil(data[0].keys["s"])
        XCTAssertEqual(try XCTUnwrap(TestEscapes.base64Decode(data.flatMap(\.payload))), png)
    }

    func testDeleteSequences() {
        XCTAssertEqual(TestEscapes.text(Kitty.delete(imageID: 12)), "\u{1B}_Ga=d,d=I,i=12,q=2\u{1B}\\")
        XCTAssertEqual(TestEscapes.text(Kitty.deleteAll()), "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        XCTAssertEqual(
            TestEscapes.text(Kitty.deleteAll(passthrough: .tmux)),
            "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=A,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    func testImageIDsAreNonZeroAndKeepProcessAndSlotApart() {
        XCTAssertEqual(Kitty.imageID(process: 0, slot: 0), 1)
        XCTAssertEqual(Kitty.imageID(process: 1234, slot: 5), 1234 << 8 | 5)
        XCTAssertNotEqual(Kitty.imageID(process: 1234, slot: 5), Kitty.imageID(process: 1234, slot: 6))
        XCTAssertNotEqual(Kitty.imageID(process: 1234, slot: 5), Kitty.imageID(process: 1235, slot: 5))
    }

    func testInsideTmuxEveryChunkIsWrappedOnItsOwn() throws {
        let raster = pattern(width: 64, height: 50, hasAlpha: true)
        let plain = Kitty.draw(raster, placement: .init(imageID: 8))
        let wrapped = Kitty.draw(raster, placement: .init(imageID: 8), passthrough: .tmux)
        XCTAssertEqual(try XCTUnwrap(TestEscapes.unwrapTmux(wrapped)), plain)
        let introducers = TestEscapes.text(wrapped).components(separatedBy: "\u{1B}Ptmux;").count - 1
        XCTAssertEqual(introducers, chunks(plain).count, "one passthrough a sequence, each under tmux's buffer")
    }
}
