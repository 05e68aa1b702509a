import Foundation
import ImageDecoding
import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// The encoder's fast paths against what they stand for: the factorised DCT against T.81's formula,
/// the mask-driven refinement scans and the recorded symbols against the baseline scan of the same
/// coefficients (a progressive file and a baseline file hold the same coefficients, so any decoder
/// must give the same pixels for both).
final class JPEGEncoderFastPathTests: XCTestCase {
    typealias Samples = JPEGEncoderSamples

    /// F(u,v) = ¼ C(u) C(v) Σ Σ s(x,y) cos((2x+1)uπ/16) cos((2y+1)vπ/16), in doubles.
    private func reference(_ s: [Double], u: Int, v: Int) -> Double {
        let cu = u == 0 ? 1 / 2.0.squareRoot() : 1, cv = v == 0 ? 1 / 2.0.squareRoot() : 1
        var sum = 0.0
        for y in 0..<8 {
            for x in 0..<8 {
                sum +=
                    s[y * 8 + x] * cos(Double(2 * x + 1) * Double(u) * .pi / 16)
                    * cos(Double(2 * y + 1) * Double(v) * .pi / 16)
            }
        }
        return 0.25 * cu * cv * sum
    }

    func testTheFactorisedDCTIsT81sTransformScaled() {
        var seed: UInt32 = 7
        let block = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 8)
        defer { block.deallocate() }
        for trial in 0..<20 {
            var samples = [Double](repeating: 0, count: 64)
            for i in 0..<64 {
                seed = seed &* 1_103_515_245 &+ 12345
                // Trial 0 the extreme block (all −128), then noise over the whole range.
                samples[i] = trial == 0 ? -128 : Double(Int(seed >> 16 & 255) - 128)
            }
            for y in 0..<8 {
                block[y] = SIMD8((0..<8).map { Float(samples[y * 8 + $0]) })
            }
            JPEGEncoder.ForwardDCT.transform(block)
            for u in 0..<8 {
                for v in 0..<8 {
                    let scale = 8 * JPEGEncoder.ForwardDCT.scale[u] * JPEGEncoder.ForwardDCT.scale[v]
                    let got = Double(block[u][v]) / scale
                    XCTAssertEqual(got, reference(samples, u: u, v: v), accuracy: 0.01, "trial \(trial) u \(u) v \(v)")
                }
            }
        }
    }

    func testProgressiveAndBaselineHoldTheSameCoefficients() throws {
        // Sizes that leave partial blocks and MCUs; qualities at 4:2:0 and 4:4:4, and q100, where
        // refinement scans have the most to say.
        for (width, height) in [(96, 64), (33, 17), (130, 9)] {
            for grey in [false, true] {
                let source = Samples.photo(width, height, grey: grey)
                for quality in [30, 75, 92, 100] {
                    let progressive = JPEGEncoder.encode(source, options: .init(quality: quality))
                    let baseline = JPEGEncoder.encode(source, options: .init(quality: quality, progressive: false))
                    let a = try JPEGDecoder.decode(progressive), b = try JPEGDecoder.decode(baseline)
                    XCTAssertEqual(a.pixels, b.pixels, "\(width)×\(height) grey \(grey) q\(quality)")
                }
            }
        }
    }

    func testANewRasterIsBlackAndOpaqueOrClear() throws {
        let opaque = try Raster(width: 3, height: 2, hasAlpha: false)
        XCTAssertEqual(opaque.pixels, [UInt8]((0..<6).flatMap { _ in [0, 0, 0, 255] as [UInt8] }))
        let clear = try Raster(width: 3, height: 2, hasAlpha: true)
        XCTAssertEqual(clear.pixels, [UInt8](repeating: 0, count: 24))
    }
}
