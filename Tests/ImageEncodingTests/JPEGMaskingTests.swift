import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// Masking: a flat block has no activity and a busy one much; a block's zone is lowered only when
/// its whole neighbourhood is busy (never below `strength`), little beside a flat block (an edge).
final class JPEGMaskingTests: XCTestCase {
    typealias M = JPEGEncoder.Masking

    /// `rows` block rows of `wide` blocks; the block at (row, column) busy (a checkerboard of
    /// ±`amplitude`) when `busy(row, column)`, else flat at 10.
    private func strip(wide: Int, rows: Int, amplitude: Float, busy: (Int, Int) -> Bool) -> [Float] {
        var samples = [Float](repeating: 10, count: wide * 8 * rows * 8)
        for y in 0..<(rows * 8) {
            for x in 0..<(wide * 8) where busy(y / 8, x / 8) {
                samples[y * wide * 8 + x] = (x + y) % 2 == 0 ? amplitude : -amplitude
            }
        }
        return samples
    }

    private func activity(_ samples: [Float], wide: Int, rows: Int) -> [Float] {
        var out = [Float](repeating: -1, count: wide * rows)
        samples.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer {
                M.measure(s.baseAddress!, wide: wide, rows: rows, into: $0.baseAddress!)
            }
        }
        return out
    }

    func testFlatBlocksHaveNoActivityAndBusyOnesMuch() {
        let samples = strip(wide: 4, rows: 2, amplitude: 20) { _, column in column >= 2 }
        let a = activity(samples, wide: 4, rows: 2)
        XCTAssertEqual(a[0], 0)
        XCTAssertEqual(a[4], 0)
        XCTAssertGreaterThan(a[1], 0, "the flat block's right neighbours are the busy block's first column")
        // Inside a checkerboard every step is 2 · amplitude: (7 · 8 below + 8 · 8 beside) / 64.
        XCTAssertEqual(a[3], 40 * Float(56 + 64) / 64, accuracy: 0.001)
        XCTAssertEqual(a[7], a[3])
    }

    func testOnlyABusyNeighbourhoodIsLowered() {
        let wide = 6, rows = 2
        let samples = strip(wide: wide, rows: rows, amplitude: 30) { _, column in column >= 2 }
        let a = activity(samples, wide: wide, rows: rows)
        let lowering = a.withUnsafeBufferPointer { p in
            (0..<wide).map { M.lowering(column: $0, activity: p.baseAddress!, wide: wide, rows: rows) }
        }
        XCTAssertEqual(lowering[0], 0)
        // Block 1 is flat but for its last column's step to block 2: its activity is small.
        XCTAssertGreaterThan(lowering[2], lowering[4] / 2, "beside the flat column: an edge, not a texture")
        XCTAssertLessThan(lowering[4], -0.05)
        XCTAssertGreaterThanOrEqual(lowering[4], M.strength)
        XCTAssertEqual(lowering[4], lowering[5])
    }
}
