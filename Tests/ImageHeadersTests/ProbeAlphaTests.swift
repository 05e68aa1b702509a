import TestImages
import XCTest

@testable import ImageHeaders

/// The alpha fact `--no-alpha` judges, read from headers: a PNG's colour type or `tRNS` before its
/// pixels, a GIF's transparent colour, a WebP's alpha flag or VP8L alpha bit.
final class ProbeAlphaTests: XCTestCase {
    typealias B = ImageBytes

    private func png(colour: UInt8, _ beforeIDAT: [[UInt8]] = []) -> [UInt8] {
        var out = B.pngSignature + B.pngChunk("IHDR", B.be32(4) + B.be32(3) + [8, colour, 0, 0, 0])
        for chunk in beforeIDAT { out += chunk }
        return out + B.pngChunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + B.pngChunk("IEND", [])
    }

    func testPNGAlphaComesFromItsColourTypeOrATRNSChunk() throws {
        XCTAssertFalse(try probe(png(colour: 2)).alpha, "RGB")
        XCTAssertFalse(try probe(png(colour: 0)).alpha, "grey")
        XCTAssertTrue(try probe(png(colour: 6)).alpha, "RGBA")
        XCTAssertTrue(try probe(png(colour: 4)).alpha, "grey and alpha")
        XCTAssertTrue(try probe(png(colour: 2, [B.pngChunk("tRNS", [0, 1, 0, 2, 0, 3])])).alpha, "RGB with tRNS")
        let palette = B.pngChunk("PLTE", [0, 0, 0, 255, 255, 255])
        XCTAssertTrue(try probe(png(colour: 3, [palette, B.pngChunk("tRNS", [0])])).alpha, "palette with tRNS")
        XCTAssertFalse(try probe(png(colour: 3, [palette])).alpha, "palette alone")
        // A tRNS after the pixels is out of place and means nothing to a decoder.
        var late = png(colour: 2)
        late.insert(contentsOf: B.pngChunk("tRNS", [0, 1, 0, 2, 0, 3]), at: late.count - 12)
        XCTAssertFalse(try probe(late).alpha)
    }

    func testGIFAlphaIsATransparentColourInAGraphicControlExtension() throws {
        XCTAssertFalse(try probe(B.smallGIF(width: 3, height: 2)).alpha)
        var transparent = B.smallGIF(width: 3, height: 2)
        let control: [UInt8] = [0x21, 0xF9, 0x04, 0x04]
        let at = try XCTUnwrap(
            (0...(transparent.count - control.count)).first { Array(transparent[$0..<($0 + 4)]) == control })
        transparent[at + 3] |= 1
        let facts = try probe(transparent)
        XCTAssertTrue(facts.alpha)
        XCTAssertEqual(facts.frames, 1, "the walk still counts the frames")
    }

    func testWebPAlphaIsItsFlagOrLosslessBit() throws {
        XCTAssertFalse(try probe(B.webpLossy(width: 8, height: 8)).alpha, "simple lossy VP8 has none")
        XCTAssertTrue(try probe(B.webpLossless(width: 8, height: 8)).alpha, "the test VP8L sets alpha_is_used")
        var extended = B.webpExtended(width: 8, height: 8)
        XCTAssertFalse(try probe(extended).alpha)
        extended[20] |= 0x10  // VP8X flags: alpha
        XCTAssertTrue(try probe(extended).alpha)
    }

    func testJPEGHasNone() throws {
        XCTAssertFalse(try probe(B.jpeg(width: 8, height: 8)).alpha)
    }
}
