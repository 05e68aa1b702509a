import XCTest

@testable import ImageEncoding

/// The horizontal pass's one-weight runs (sum the pixels, multiply once) give the bytes the
/// per-pixel products give, for every size and part of a line, whole or shrunk.
final class BoxSpansUniformTests: XCTestCase {
    /// Σ w·p from the weights, one pixel at a time, as Pillow's loop goes.
    private func reference(_ spans: BoxSpans, _ line: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for i in 0..<spans.start.count {
            for c in 0..<4 {
                var sum = BoxSpans.half
                for x in 0..<spans.count[i] {
                    sum &+= Int32(line[(spans.start[i] + x) * 4 + c]) &* spans.weights[spans.weightStart[i] + x]
                }
                out.append(BoxSpans.clip(sum))
            }
        }
        return out
    }

    func testOneWeightRunsGiveTheProductsBytes() {
        var state: UInt32 = 17
        var uniform = 0
        for source in [1, 2, 3, 7, 16, 33, 100, 257, 1000] {
            let line = (0..<(source * 4)).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            }
            for target in Set([1, 2, 3, source / 3, source / 2, source - 1, source, source + 5]) where target > 0 {
                let spans = [
                    BoxSpans(source: source, target: target),
                    BoxSpans(source: source, span: (0.3, Float(source) - 0.7), target: target),
                    BoxSpans(source: source, span: (Float(source) / 3, Float(source) / 2 + 0.25), target: target),
                ]
                for s in spans {
                    uniform += s.uniformWeight.filter { $0 >= 0 }.count
                    var got = [UInt8](repeating: 0, count: s.start.count * 4)
                    line.withUnsafeBufferPointer { l in s.resampleLine(l.baseAddress!, into: &got, at: 0) }
                    XCTAssertEqual(got, reference(s, line), "\(source) to \(target)")
                }
            }
        }
        XCTAssertGreaterThan(uniform, 1000, "the one-weight runs are taken")
    }
}
