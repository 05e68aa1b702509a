import ImageDecoding

/// Which source pixels make each destination pixel along one axis, and their fixed-point weights, computed
/// as Pillow's `precompute_coeffs` and `normalize_coeffs_8bpc` do for the BOX filter (Resample.c), so a
/// shrink here rounds exactly where Pillow's does.
struct BoxSpans {
    /// Weights carry 22 fraction bits (Pillow's PRECISION_BITS: 32 - 8 - 2).
    static let precisionBits = 22
    static let half = Int32(1) << Int32(precisionBits - 1)
    /// First source pixel of each destination pixel.
    var start: [Int] = []
    /// How many source pixels from `start`.
    var count: [Int] = []
    /// `count[i]` weights for destination pixel i, from `weightStart[i]`.
    var weights: [Int32] = []
    var weightStart: [Int] = []
    /// Where destination pixel i's weights that are not zero all have one value (as the BOX filter's
    /// do, zeros only at the ends): that weight, and the run of source pixels that have it. The
    /// horizontal pass then adds the pixels and multiplies once: the sums wrap as the per-pixel
    /// products do, so w·Σp and Σw·p are the same bits. -1 where the weights differ.
    var uniformWeight: [Int32] = []
    var uniformStart: [Int] = []
    var uniformCount: [Int] = []

    /// `span` is the part of the source the destination covers (Pillow's `box` along this axis, `in0` to
    /// `in1`): the whole source by default, less when a JPEG decoded at 1/s holds a padded last block that
    /// only partly belongs to the image (its span is the stored size / s, a fraction, and starts past 0 on
    /// a side an orientation turned to the start). Pixels outside 0..<source are never read.
    init(source: Int, span: (from: Float, to: Float)? = nil, target: Int) {
        let (in0, in1) = span ?? (0, Float(source))
        // Pillow takes the box as floats: (in1 - in0) is a float, the rest doubles.
        let scale = Double(in1 - in0) / Double(target)
        let filterScale = Swift.max(1.0, scale)
        let support = 0.5 * filterScale
        var raw: [Double] = []
        for i in 0..<target {
            let center = Double(in0) + (Double(i) + 0.5) * scale
            let low = Swift.max(0, Int(center - support + 0.5))
            let high = Swift.min(source, Int(center + support + 0.5))
            let n = Swift.max(0, high - low)
            raw.removeAll(keepingCapacity: true)
            var total = 0.0
            for x in 0..<n {
                let t = (Double(x + low) - center + 0.5) / filterScale
                let w: Double = (t > -0.5 && t <= 0.5) ? 1 : 0
                raw.append(w)
                total += w
            }
            start.append(low)
            count.append(n)
            weightStart.append(weights.count)
            for w in raw {
                let normal = total != 0 ? w / total : w
                weights.append(Int32(normal * Double(1 << Self.precisionBits) + 0.5))
            }
            addUniformRun(of: i, low: low)
        }
    }

    /// `uniformWeight` and its run for destination pixel `i`, just added with its first source pixel `low`.
    private mutating func addUniformRun(of i: Int, low: Int) {
        let own = weights[weightStart[i]...]
        let first = own.firstIndex { $0 != 0 } ?? own.endIndex
        let end = (own.lastIndex { $0 != 0 } ?? first - 1) + 1
        let weight = first < end ? own[first] : 0
        let uniform = own[first..<end].allSatisfy { $0 == weight }
        uniformWeight.append(uniform ? weight : -1)
        uniformStart.append(low + first - own.startIndex)
        uniformCount.append(end - first)
    }

    /// Pillow's clip8: the sum's integer part, clamped to 0...255.
    @inline(__always)
    static func clip(_ sum: Int32) -> UInt8 {
        let value = sum >> Int32(precisionBits)
        return value < 0 ? 0 : value > 255 ? 255 : UInt8(truncatingIfNeeded: value)
    }

    /// The horizontal pass over one line of 4-byte pixels, written to `out` from byte `at`.
    @inline(__always)
    func resampleLine(_ line: UnsafePointer<UInt8>, into out: inout [UInt8], at offset: Int) {
        out.withUnsafeMutableBufferPointer { out in resampleLine(line, into: out.baseAddress! + offset) }
    }

    /// The horizontal pass over one line of 4-byte pixels, written to `target` (`start.count` pixels).
    /// A pixel's four channels are summed as four lanes (the same wrapping integer sums as one at a time,
    /// so the same bytes); a run of one weight is summed first, then multiplied once.
    @inline(__always)
    func resampleLine(_ line: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) {
        weights.withUnsafeBufferPointer { weights in
            start.withUnsafeBufferPointer { start in
                count.withUnsafeBufferPointer { count in
                    weightStart.withUnsafeBufferPointer { weightStart in
                        uniformWeight.withUnsafeBufferPointer { uniformWeight in
                            uniformStart.withUnsafeBufferPointer { uniformStart in
                                uniformCount.withUnsafeBufferPointer { uniformCount in
                                    let spans = LineSpans(
                                        start: start.baseAddress!, count: count.baseAddress!,
                                        weights: weights.baseAddress!, weightStart: weightStart.baseAddress!,
                                        uniformWeight: uniformWeight.baseAddress!,
                                        uniformStart: uniformStart.baseAddress!, uniformCount: uniformCount.baseAddress!
                                    )
                                    spans.resample(line, pixels: start.count, into: target)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The spans' arrays as pointers, so the pass reads them without a bounds check or a reference count.
    private struct LineSpans {
        let start: UnsafePointer<Int>, count: UnsafePointer<Int>
        let weights: UnsafePointer<Int32>, weightStart: UnsafePointer<Int>
        let uniformWeight: UnsafePointer<Int32>, uniformStart: UnsafePointer<Int>, uniformCount: UnsafePointer<Int>

        @inline(__always)
        func resample(_ line: UnsafePointer<UInt8>, pixels: Int, into target: UnsafeMutablePointer<UInt8>) {
            let source = UnsafeRawPointer(line)
            let out = UnsafeMutableRawPointer(target)
            for i in 0..<pixels {
                let uniform = uniformWeight[i]
                var sum: SIMD4<Int32>
                if uniform >= 0 {
                    sum = SIMD4<Int32>()
                    var p = source + uniformStart[i] &* 4
                    for _ in 0..<uniformCount[i] {
                        sum &+= SIMD4<Int32>(truncatingIfNeeded: p.loadUnaligned(as: SIMD4<UInt8>.self))
                        p += 4
                    }
                    sum = sum &* uniform &+ BoxSpans.half
                } else {
                    sum = SIMD4<Int32>(repeating: BoxSpans.half)
                    var p = source + start[i] &* 4
                    let k = weights + weightStart[i]
                    for x in 0..<count[i] {
                        sum &+= SIMD4<Int32>(truncatingIfNeeded: p.loadUnaligned(as: SIMD4<UInt8>.self)) &* k[x]
                        p += 4
                    }
                }
                // clip: the sum's top bits, clamped to 0...255, as `BoxSpans.clip` a lane at a time.
                let value = (sum &>> Int32(BoxSpans.precisionBits))
                    .clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
                out.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: value), toByteOffset: i &* 4, as: SIMD4<UInt8>.self)
            }
        }
    }

    /// The vertical pass: each output line the weighted sum of its span of `rows`' lines (`lineBytes` long),
    /// accumulated a whole line at a time so memory is read in order.
    func resampleRows(_ rows: SourceRows, lineBytes: Int, into out: UnsafeMutablePointer<UInt8>) {
        var sums = [Int32](repeating: 0, count: lineBytes)
        sums.withUnsafeMutableBufferPointer { sums in
            let acc = sums.baseAddress!
            for i in 0..<start.count {
                Self.startSums(acc, count: lineBytes)
                for r in 0..<count[i] {
                    let w = weights[weightStart[i] + r]
                    rows.withRow(start[i] + r) { line in Self.accumulate(line, weight: w, into: acc, count: lineBytes) }
                }
                Self.finishSums(acc, count: lineBytes, into: out + i * lineBytes)
            }
        }
    }

    /// The vertical pass's three steps for one output line, shared with the streaming shrink (`BoxRowSums`)
    /// so both round alike: the sums start at a half (rounding), each source line adds its weight times
    /// its bytes (wrapping integer sums, so the order lines come in cannot change them), then each sum is
    /// clipped to 8 bits.
    @inline(__always)
    static func startSums(_ sums: UnsafeMutablePointer<Int32>, count: Int) {
        sums.update(repeating: half, count: count)
    }

    @inline(__always)
    static func accumulate(
        _ line: UnsafePointer<UInt8>, weight: Int32, into sums: UnsafeMutablePointer<Int32>, count: Int
    ) {
        for j in 0..<count { sums[j] &+= Int32(line[j]) &* weight }
    }

    @inline(__always)
    static func finishSums(_ sums: UnsafePointer<Int32>, count: Int, into target: UnsafeMutablePointer<UInt8>) {
        for j in 0..<count { target[j] = clip(sums[j]) }
    }
}
