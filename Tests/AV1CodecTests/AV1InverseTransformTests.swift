import Foundation
import XCTest

@testable import AV1Codec

/// The inverse transforms (AV1 7.13), checked on what the specification's integer process gives
/// by hand, and the DCT against its real-valued definition within the rounding it allows.
final class AV1InverseTransformTests: XCTestCase {
    /// round2 as the specification defines it.
    private func round2(_ x: Int, _ n: Int) -> Int { AV1TransformMath.round2(x, n) }

    private func residual(tx: Int, type: Int, lossless: Bool = false, dc: Int) -> [Int] {
        var transform = AV1InverseTransform()
        for i in 0..<transform.coefficients.count { transform.coefficients[i] = 0 }
        transform.coefficients[0] = dc
        transform.inverse(tx: tx, type: type, lossless: lossless, bitDepth: 8, rows: 32)
        return Array(transform.residual[0..<(AV1TxSize.width[tx] * AV1TxSize.height[tx])])
    }

    /// A DC-only DCT_DCT block is flat: each 1-D DCT scales its DC by cos128(32) = 2896/4096
    /// (rounded), then the row shift and the column shift of 4.
    func testADCOnlyBlockIsFlatAtTheSpecsValue() {
        for tx in 0..<19 {
            let dc = 1000
            let w = AV1TxSize.width[tx]
            let h = AV1TxSize.height[tx]
            var v = dc
            if abs(AV1TxSize.widthLog2[tx] - AV1TxSize.heightLog2[tx]) == 1 { v = round2(v * 2896, 12) }
            v = round2(v * 2896, 12)
            v = round2(v, AV1InverseTransform.rowShift[tx])
            v = round2(v * 2896, 12)
            v = round2(v, 4)
            let out = residual(tx: tx, type: AV1TxType.dctDct, dc: dc)
            XCTAssertEqual(out.count, w * h)
            XCTAssertEqual(Set(out), [v], "TX \(w)x\(h)")
        }
        // By hand for 4×4: 1000 · 2896 / 4096 = 707.03 → 707; · 2896 / 4096 → 500; / 16 → 31.
        XCTAssertEqual(residual(tx: 0, type: AV1TxType.dctDct, dc: 1000)[5], 31)
    }

    /// IDTX puts a DC coefficient back where it was: only the top-left sample changes, by the
    /// identity scalings (4: ·5793/4096 each way; 8: ·2 each way) and the shifts.
    func testIdentityKeepsTheDCInItsCorner() {
        let four = residual(tx: 0, type: AV1TxType.idtx, dc: 1000)
        XCTAssertEqual(four[0], round2(round2(round2(1000 * 5793, 12) * 5793, 12), 4))
        XCTAssertEqual(four[1...].filter { $0 != 0 }, [])
        let eight = residual(tx: 1, type: AV1TxType.idtx, dc: 1000)
        XCTAssertEqual(eight[0], round2(round2(1000 * 2, 1) * 2, 4))
        XCTAssertEqual(eight[1...].filter { $0 != 0 }, [])
    }

    /// Lossless blocks take the Walsh-Hadamard transform: a DC of 64 (pre-scaled by 4 in the
    /// rows) spreads as the specification's steps say, and no shift follows.
    func testLosslessWalshHadamardOfADC() {
        let out = residual(tx: 0, type: AV1TxType.dctDct, lossless: true, dc: 64)
        // Rows: a = 16, e = 8: [8, 8, 8, 8] in row 0. Columns: a = 8, e = 4: [4, 4, 4, 4].
        XCTAssertEqual(out, [Int](repeating: 4, count: 16))
    }

    /// The 1-D DCTs against DCT-III in doubles (DC weighted 1/√2): within the rounding each
    /// butterfly stage adds, and the 12-bit cosines' error (about 1/4096 of the inputs' sum).
    func testDCTsFollowTheirDefinition() {
        var values = [Int](repeating: 0, count: 128)
        for n in 2...6 {
            let count = 1 << n
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<20 {
                let input = (0..<count).map { _ in Int.random(in: -2000...2000, using: &generator) }
                values.withUnsafeMutableBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    for i in 0..<count { base[i] = input[i] }
                    AV1Transform1D(t: base, copy: base + 64).dct(n, 24)
                }
                for k in 0..<count {
                    var sum = Double(input[0]) / 2.0.squareRoot()
                    for i in 1..<count {
                        sum += Double(input[i]) * cos(Double.pi * Double((2 * k + 1) * i) / Double(2 * count))
                    }
                    let slack = Double(n + 1) + Double(input.reduce(0) { $0 + abs($1) }) / 4096
                    XCTAssertEqual(Double(values[k]), sum, accuracy: slack, "DCT\(count) output \(k)")
                }
            }
        }
    }

    /// ADST4 of a unit DC against sin(π(2k+1)·1/9)-like weights: the specification's SINPI
    /// constants (4096·2√2/3·sin(kπ/9)) give 1321, 2482, 3344 and 3803 for an input of 4096.
    func testADST4OfAnImpulse() {
        var values = [Int](repeating: 0, count: 128)
        values.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            base[0] = 4096
            AV1Transform1D(t: base, copy: base + 64).adst(2, 24)
        }
        XCTAssertEqual(Array(values[0..<4]), [1321, 2482, 3344, 3803])
    }
}
