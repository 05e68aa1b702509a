import XCTest

@testable import AV1Codec

/// The quantizer steps, against values read off the spec's Dc_Qlookup and Ac_Qlookup.
final class AV1QuantizerTests: XCTestCase {
    func testLookupsAtTheirEnds() {
        XCTAssertEqual(AV1Quantizer.dcQ(0, bitDepth: 8), 4)
        XCTAssertEqual(AV1Quantizer.dcQ(255, bitDepth: 8), 1336)
        XCTAssertEqual(AV1Quantizer.acQ(255, bitDepth: 8), 1828)
        XCTAssertEqual(AV1Quantizer.dcQ(100, bitDepth: 10), 369)
        XCTAssertEqual(AV1Quantizer.acQ(255, bitDepth: 12), 29247)
        XCTAssertEqual(AV1Quantizer.acQ(300, bitDepth: 8), 1828, "indices are clipped to 255")
        XCTAssertEqual(AV1Quantizer.dcQ(-5, bitDepth: 8), 4, "and to 0")
    }

    func testStepsRiseWithTheIndex() {
        for depth in [8, 10, 12] {
            for b in 1...255 {
                XCTAssertGreaterThanOrEqual(
                    AV1Quantizer.dcQ(b, bitDepth: depth), AV1Quantizer.dcQ(b - 1, bitDepth: depth))
                XCTAssertGreaterThanOrEqual(
                    AV1Quantizer.acQ(b, bitDepth: depth), AV1Quantizer.acQ(b - 1, bitDepth: depth))
            }
        }
    }

    func testTheFrameIndexAndItsOffsets() throws {
        let stream = try AV1Stream(AV1Samples.aom1x1)
        let frame = stream.frame
        let q = AV1Quantizer.qIndex(frame, segment: 0, currentQIndex: 7, ignoreDeltaQ: false)
        XCTAssertEqual(q, frame.deltaQ.qPresent ? 7 : frame.quantization.baseQIndex)
        let steps = AV1Quantizer.steps(frame, plane: 0, qIndex: q, bitDepth: 8)
        XCTAssertEqual(steps.ac, AV1Quantizer.acQ(q, bitDepth: 8))
    }

    /// The quantizer matrices decode from their base64 to the specification's table: its size,
    /// its first weights (level 0 luma and chroma 4×4), its last, and the sum of all of them.
    func testQuantizerMatricesDecodeToTheSpecsTable() {
        let weights = AV1QuantizerMatrix.weights
        XCTAssertEqual(weights.count, 15 * 2 * 3344)
        XCTAssertEqual(Array(weights[0..<4]), [32, 43, 73, 97])
        XCTAssertEqual(Array(weights[3344..<3348]), [35, 46, 57, 66])
        XCTAssertEqual(weights.last, 32)
        XCTAssertEqual(weights.reduce(0) { $0 + Int($1) }, 5_467_931)
        XCTAssertEqual(AV1QuantizerMatrix.start(1, true, 1), 3 * 3344 + 16)
    }
}
