import HEIFPictures
import ImageCore
import XCTest

@testable import AV1Codec

/// The tile syntax read so far (partition trees, intra mode info, coefficients) on real
/// encoders' streams: a tile read as it was written ends exactly in exit_symbol's padding.
final class AV1TileSyntaxTests: XCTestCase {
    func testFlatStreamsReadToTheirPadding() throws {
        let small = try AV1Decoder.parseTiles(AV1Samples.flatGrey64)
        XCTAssertEqual(small.blocks, 4)
        XCTAssertTrue(small.paddingConformant)
        let large = try AV1Decoder.parseTiles(AV1Samples.flatGrey128)
        XCTAssertEqual(large.blocks, 16)
        XCTAssertTrue(large.paddingConformant)
    }

    /// A stream with coefficients (every transform block's type, end of block, levels, signs
    /// and Golomb remainders) reads to its padding too.
    func testCoefficientsReadToThePadding() throws {
        let parsed = try AV1Decoder.parseTiles(AV1Samples.aom1x1)
        XCTAssertEqual(parsed.blocks, 1)
        XCTAssertTrue(parsed.paddingConformant)
        let pillow = try AV1Decoder.parseTiles(
            try HEIFCodedItemsForTests.primaryData(AV1Samples.pillow3x2))
        XCTAssertTrue(pillow.paddingConformant)
    }

    /// Changed bytes read to something or throw; never a trap.
    func testChangedTilesNeverTrap() {
        for sample in [AV1Samples.flatGrey64, AV1Samples.flatGrey128, AV1Samples.aom1x1, AV1Samples.screenPalette] {
            // The frame header and tile bytes: the sizes in the sequence header make big grids,
            // slow in a debug build (AV1HeaderTests changes those).
            for i in stride(from: sample.count / 2, to: sample.count, by: 1) {
                for value: UInt8 in [0, 0xFF, sample[i] ^ 0x10] {
                    var changed = sample
                    changed[i] = value
                    _ = try? AV1Decoder.parseTiles(changed)
                }
            }
        }
    }

    /// Palettes (colours from the neighbours' cache and deltas, colour index maps in diagonal
    /// order with their neighbour contexts) read to the padding too.
    func testPalettesReadToThePadding() throws {
        let parsed = try AV1Decoder.parseTiles(AV1Samples.screenPalette)
        XCTAssertEqual(parsed.blocks, 30)
        XCTAssertEqual(parsed.paletteBlocks, 22)
        XCTAssertTrue(parsed.paddingConformant)
    }

    func testNegativeDeinterleaving() {
        // With no prediction the difference is the value; else values alternate around it.
        XCTAssertEqual(AV1TileDecoder.negDeinterleave(5, 0, 8), 5)
        XCTAssertEqual((0..<8).map { AV1TileDecoder.negDeinterleave($0, 3, 8) }.sorted(), Array(0..<8))
        XCTAssertEqual((0..<8).map { AV1TileDecoder.negDeinterleave($0, 6, 8) }.sorted(), Array(0..<8))
    }
}

/// The primary item's OBUs of an AVIF file, through the HEIF item model.
enum HEIFCodedItemsForTests {
    static func primaryData(_ file: [UInt8]) throws -> [UInt8] {
        let codec = HEIFCodec.av1 { (_, _) throws(DecodeError) in throw .unsupported("test") }
        return try HEIFCodedItems.primaryItem(file, codec: codec).data
    }
}

extension AV1TileSyntaxTests {
    /// A tile cut short is refused once its reads run past what a conformant tile's padding
    /// allows, rather than decoding the rest of the frame from zeros.
    func testACutTileIsRefused() {
        // The temporal delimiter and sequence header, then the frame OBU (size 0x91 0x01: 145
        // bytes from byte 13) sized anew for its first 100 bytes.
        let sample = AV1Samples.screenPalette
        let cut = Array(sample[0...10]) + [100] + Array(sample[13..<113])
        XCTAssertThrowsError(try AV1Decoder.parseTiles(cut)) {
            XCTAssertEqual($0 as? DecodeError, .truncated(section: "AV1 tile data"))
        }
    }
}
