/// Undoing the VP8L predictor transform (RFC 9649 section 4.1) in place: each
/// pixel is a residual added to a prediction from its already-restored left,
/// top-left, top and top-right neighbours. The top-right of the last column
/// is the first pixel of the current row, which is simply the next pixel in
/// memory after the row above, as the format intends.
enum VP8LPredictor {
    static func undo(_ px: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int, bits: Int, modes: [UInt32]) {
        let black: UInt32 = 0xFF00_0000
        px[0] = VP8LInverseTransforms.add(px[0], black)
        for x in 1..<max(width, 1) { px[x] = VP8LInverseTransforms.add(px[x], px[x - 1]) }
        if height < 2 { return }
        let tilesPerRow = VP8LDecoder.subsampled(width, bits)
        modes.withUnsafeBufferPointer { modes in
            for y in 1..<height {
                let row = y * width
                px[row] = VP8LInverseTransforms.add(px[row], px[row - width])
                let tileRow = (y >> bits) * tilesPerRow
                var x = 1
                while x < width {
                    let mode = Int(modes[tileRow + (x >> bits)] >> 8 & 0xF)
                    let end = min(width, (x | ((1 << bits) - 1)) + 1)
                    predictRun(px, from: row + x, to: row + end, width: width, mode: mode)
                    x = end
                }
            }
        }
    }

    /// Restores pixels `start..<end` of one row (never its first pixel) with one mode.
    @inline(__always)
    private static func predictRun(
        _ px: UnsafeMutableBufferPointer<UInt32>, from start: Int, to end: Int,
        width: Int, mode: Int
    ) {
        switch mode {
        case 1: for i in start..<end { px[i] = add(px[i], px[i - 1]) }
        case 2: for i in start..<end { px[i] = add(px[i], px[i - width]) }
        case 3: for i in start..<end { px[i] = add(px[i], px[i - width + 1]) }
        case 4: for i in start..<end { px[i] = add(px[i], px[i - width - 1]) }
        case 5:
            for i in start..<end {
                px[i] = add(px[i], average(average(px[i - 1], px[i - width + 1]), px[i - width]))
            }
        case 6: for i in start..<end { px[i] = add(px[i], average(px[i - 1], px[i - width - 1])) }
        case 7: for i in start..<end { px[i] = add(px[i], average(px[i - 1], px[i - width])) }
        case 8: for i in start..<end { px[i] = add(px[i], average(px[i - width - 1], px[i - width])) }
        case 9: for i in start..<end { px[i] = add(px[i], average(px[i - width], px[i - width + 1])) }
        case 10:
            for i in start..<end {
                let left = average(px[i - 1], px[i - width - 1])
                px[i] = add(px[i], average(left, average(px[i - width], px[i - width + 1])))
            }
        case 11:
            for i in start..<end {
                px[i] = add(px[i], select(top: px[i - width], left: px[i - 1], topLeft: px[i - width - 1]))
            }
        case 12:
            for i in start..<end {
                px[i] = add(px[i], clampedAddSubtractFull(px[i - 1], px[i - width], px[i - width - 1]))
            }
        case 13:
            for i in start..<end {
                px[i] = add(px[i], clampedAddSubtractHalf(average(px[i - 1], px[i - width]), px[i - width - 1]))
            }
        default:  // 0, and 14 and 15, which libwebp also treats as opaque black
            for i in start..<end { px[i] = add(px[i], 0xFF00_0000) }
        }
    }

    @inline(__always)
    private static func add(_ a: UInt32, _ b: UInt32) -> UInt32 { VP8LInverseTransforms.add(a, b) }

    /// The per-channel mean, rounded down.
    @inline(__always)
    private static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (((a ^ b) & 0xFEFE_FEFE) >> 1) &+ (a & b)
    }

    @inline(__always)
    private static func channel(_ v: UInt32, _ shift: UInt32) -> Int { Int(v >> shift & 0xFF) }

    /// The neighbour (top or left) nearer to the gradient estimate left + top - topLeft.
    @inline(__always)
    private static func select(top: UInt32, left: UInt32, topLeft: UInt32) -> UInt32 {
        var leftDistance = 0, topDistance = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let corner = channel(topLeft, shift)
            leftDistance += abs(channel(top, shift) - corner)  // |estimate - left|
            topDistance += abs(channel(left, shift) - corner)  // |estimate - top|
        }
        return leftDistance < topDistance ? left : top
    }

    @inline(__always)
    private static func clamp255(_ v: Int) -> UInt32 { UInt32(min(max(v, 0), 255)) }

    @inline(__always)
    private static func clampedAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            result |= clamp255(channel(a, shift) + channel(b, shift) - channel(c, shift)) << shift
        }
        return result
    }

    @inline(__always)
    private static func clampedAddSubtractHalf(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let ca = channel(a, shift)
            result |= clamp255(ca + (ca - channel(b, shift)) / 2) << shift
        }
        return result
    }
}
