import Foundation
import ImageDecoding
import JPEGCodec
import XCTest

/// Inputs the fuzzer (Fuzz/JPEGDecoderFuzzer.swift) found crashing, hanging or misbehaving, kept in
/// Fixtures/jpeg/fuzz under a name saying what was wrong. Each must now decode or throw, at every scale.
final class JPEGFuzzRegressionTests: XCTestCase {
    func testEveryFuzzFindingDecodesOrThrows() throws {
        let directory = JPEGTestFixtures.directory.appendingPathComponent("fuzz")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            for scale in [1, 2, 4, 8] {
                if let raster = try? JPEGDecoder.decode(bytes, scale: scale) {
                    XCTAssertEqual(raster.pixels.count, raster.width * raster.height * 4, name)
                }
            }
        }
    }

    /// The second finding: luma 4×1 with a 3×1 chroma (not a whole multiple, which libjpeg refuses too);
    /// the row assembler threw after allocating the first component's rows, and leaked them.
    func testFractionalSamplingIsRefusedBeforeAnythingIsAllocated() throws {
        let bytes = try JPEGTestFixtures.bytes("fuzz/assembler-leak-on-fractional-sampling.jpg")
        XCTAssertThrowsError(try JPEGDecoder.decode(bytes)) { error in
            XCTAssertEqual(error as? DecodeError, .unsupported("JPEG with sampling factors 3×1 against 4×1"))
        }
    }

    /// The first finding: a table with more codes than its lengths allow was written into the lookahead
    /// table before the check that refuses it, past the table's end.
    func testOverSubscribedTableIsRefusedBeforeItsCodesAreUsed() throws {
        let bytes = try JPEGTestFixtures.bytes("fuzz/huffman-fill-before-oversubscription-check.jpg")
        XCTAssertThrowsError(try JPEGDecoder.decode(bytes)) { error in
            XCTAssertEqual(error as? DecodeError, .corrupt("Huffman table over-subscribes its code space"))
        }
    }
}
