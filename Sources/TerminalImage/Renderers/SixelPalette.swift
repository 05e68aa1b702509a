/// Choosing at most 256 colours for an image: median cut, splitting where the
/// squared error drops most.
///
/// The colours are taken from a sample of the pixels (every k-th, k jittered so
/// the sample does not fall into columns), at most `sampleLimit` of them, so
/// the cost is bounded whatever the image's size. The box of sampled colours
/// with the largest squared error is split, along its channel of largest
/// variance, at the value that leaves the two halves the smallest total
/// squared error (computed exactly from a 256-bin histogram of that channel),
/// until there are enough boxes or none can be split. Each box gives its mean.
/// Exact colours are kept throughout (no coarse histogram), so a smooth
/// gradient gets as many levels as it has room for, and a few-colour image
/// gets exactly its colours.
enum MedianCut {
    static let sampleLimit = 1 << 17

    /// Colours packed `0x00RRGGBB`; any with a bit above 23 set are skipped.
    static func palette(of pixels: UnsafeBufferPointer<UInt32>, maximumColours: Int) -> [RGB] {
        var samples = sample(pixels)
        if samples.isEmpty { return [] }
        return samples.withUnsafeMutableBufferPointer { samples in
            var histogram = ChannelHistogram()
            var boxes = [histogram.measure(samples, start: 0, end: samples.count)]
            while boxes.count < maximumColours {
                var chosen = -1
                var largest = 0.0
                for (i, box) in boxes.enumerated() where box.error > largest && box.count > 1 {
                    chosen = i
                    largest = box.error
                }
                guard chosen >= 0 else { break }
                guard let (low, high) = histogram.split(boxes[chosen], samples) else {
                    // Rounding gave a box of one colour a trace of error: it cannot be split.
                    boxes[chosen].error = 0
                    continue
                }
                boxes[chosen] = low
                boxes.append(high)
            }
            return boxes.map { $0.mean }
        }
    }

    /// Every k-th painted pixel, at an offset that wanders within each stride.
    private static func sample(_ pixels: UnsafeBufferPointer<UInt32>) -> [UInt32] {
        let stride = max(1, (pixels.count + sampleLimit - 1) / sampleLimit)
        var samples: [UInt32] = []
        samples.reserveCapacity(pixels.count / stride + 1)
        var start = 0, step = 0
        while start < pixels.count {
            let i = stride == 1 ? start : min(pixels.count - 1, start + (step &* 7919) % stride)
            let colour = pixels[i]
            if colour <= 0xFF_FFFF { samples.append(colour) }
            start += stride
            step += 1
        }
        return samples
    }
}

/// A run of samples `start..<end` and what the split needs to know of it.
struct ColourBox {
    var start: Int
    var end: Int
    var count: Int
    var sums: (Int, Int, Int)
    /// The sum of squared distances to the mean, over all three channels.
    var error: Double
    /// 0, 1, 2 for red, green, blue: the channel of largest variance.
    var axis: Int

    var mean: RGB {
        func average(_ sum: Int) -> UInt8 { UInt8(truncatingIfNeeded: (2 * sum + count) / (2 * count)) }
        return RGB(average(sums.0), average(sums.1), average(sums.2))
    }
}

/// Per-value totals along one channel: for each of the 256 values, the count
/// and the three channels' sums and sums of squares, side by side (one cache
/// line a value).
struct ChannelHistogram {
    private static let stride = 8
    private var table = [Int](repeating: 0, count: 256 * stride)

    /// The box of `samples[start..<end]`, measured in one pass.
    func measure(_ samples: UnsafeMutableBufferPointer<UInt32>, start: Int, end: Int) -> ColourBox {
        var sum = (0, 0, 0), square = (0, 0, 0)
        for i in start..<end {
            let r = Int(samples[i] >> 16 & 0xFF), g = Int(samples[i] >> 8 & 0xFF), b = Int(samples[i] & 0xFF)
            sum.0 &+= r; sum.1 &+= g; sum.2 &+= b
            square.0 &+= r &* r; square.1 &+= g &* g; square.2 &+= b &* b
        }
        return Self.box(start: start, end: end, sum: [sum.0, sum.1, sum.2], square: [square.0, square.1, square.2])
    }

    private static func box(start: Int, end: Int, sum: [Int], square: [Int]) -> ColourBox {
        let count = end - start
        var error = 0.0, axis = 0, widest = -1.0
        for channel in 0..<3 {
            let spread = Double(square[channel]) - Double(sum[channel]) * Double(sum[channel]) / Double(max(1, count))
            error += spread
            if spread > widest { widest = spread; axis = channel }
        }
        return ColourBox(
            start: start, end: end, count: count, sums: (sum[0], sum[1], sum[2]),
            error: error, axis: axis)
    }

    /// The two halves of `box`, split along its axis where their total error is
    /// least, with the samples partitioned in place; nil when all share one value.
    mutating func split(_ box: ColourBox, _ samples: UnsafeMutableBufferPointer<UInt32>) -> (ColourBox, ColourBox)? {
        let shift = UInt32(16 - 8 * box.axis)
        let stride = Self.stride
        let (low, high) = table.withUnsafeMutableBufferPointer { table in
            table.update(repeating: 0)
            var low = 255, high = 0
            for i in box.start..<box.end {
                let colour = samples[i]
                let key = Int(colour >> shift & 0xFF)
                low = min(low, key)
                high = max(high, key)
                let r = Int(colour >> 16 & 0xFF), g = Int(colour >> 8 & 0xFF), b = Int(colour & 0xFF)
                let row = table.baseAddress! + key &* stride
                row[0] &+= 1
                row[1] &+= r; row[2] &+= g; row[3] &+= b
                row[4] &+= r &* r; row[5] &+= g &* g; row[6] &+= b &* b
            }
            return (low, high)
        }
        guard low < high else { return nil }
        // The sum of squares over both halves is fixed, so the split with the
        // least error is the one with the largest Σ sum²/count over the halves.
        let total = totals(low...high)
        var best = -Double.infinity, cut = low
        var left = (count: 0, sum: (0, 0, 0))
        for value in low..<high {
            let row = value * stride
            left.count += table[row]
            left.sum.0 += table[row + 1]; left.sum.1 += table[row + 2]; left.sum.2 += table[row + 3]
            guard left.count > 0 else { continue }
            let right = (
                Double(total.sum[0] - left.sum.0), Double(total.sum[1] - left.sum.1),
                Double(total.sum[2] - left.sum.2)
            )
            let leftSum = (Double(left.sum.0), Double(left.sum.1), Double(left.sum.2))
            let kept =
                (leftSum.0 * leftSum.0 + leftSum.1 * leftSum.1 + leftSum.2 * leftSum.2) / Double(left.count)
                + (right.0 * right.0 + right.1 * right.1 + right.2 * right.2) / Double(total.count - left.count)
            if kept > best { best = kept; cut = value }
        }
        // Partition: values up to `cut` first.
        var i = box.start, j = box.end - 1
        while i <= j {
            if Int(samples[i] >> shift & 0xFF) <= cut {
                i += 1
            } else {
                samples.swapAt(i, j)
                j -= 1
            }
        }
        let lower = totals(low...cut)
        let upper = (0..<3).map { total.sum[$0] - lower.sum[$0] }
        let upperSquares = (0..<3).map { total.square[$0] - lower.square[$0] }
        return (
            Self.box(start: box.start, end: i, sum: lower.sum, square: lower.square),
            Self.box(start: i, end: box.end, sum: upper, square: upperSquares)
        )
    }

    private func totals(_ values: ClosedRange<Int>) -> (count: Int, sum: [Int], square: [Int]) {
        var count = 0, sum = [0, 0, 0], square = [0, 0, 0]
        for value in values {
            let row = value * Self.stride
            count += table[row]
            for c in 0..<3 { sum[c] += table[row + 1 + c]; square[c] += table[row + 4 + c] }
        }
        return (count, sum, square)
    }
}
