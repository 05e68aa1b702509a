/// Intra prediction (RFC 6386 sections 12.2-12.3) in the macroblock work
/// buffer: rows `stride` apart, the row above at `-stride`, the column to the
/// left at `-1`, already filled with the neighbours (or the 127/129 edges).
enum VP8Prediction {
    static let stride = 32

    /// Whole-block modes (luma 16×16, chroma 8×8); DC has variants for the
    /// image's top and left edges, where the missing neighbours do not count.
    enum BlockMode {
        case dc, vertical, horizontal, trueMotion, dcNoTop, dcNoLeft, dcNoTopLeft
    }

    static func predictBlock(_ dst: UnsafeMutablePointer<UInt8>, size: Int, mode: BlockMode) {
        let s = stride
        switch mode {
        case .vertical:
            for y in 0..<size { (dst + y * s).update(from: dst - s, count: size) }
        case .horizontal:
            for y in 0..<size { (dst + y * s).update(repeating: dst[y * s - 1], count: size) }
        case .trueMotion:
            trueMotion(dst, size: size)
        case .dc, .dcNoTop, .dcNoLeft, .dcNoTopLeft:
            let shift = size == 16 ? 4 : 3
            var sum = 0
            var value = 128
            switch mode {
            case .dc:
                for i in 0..<size { sum += Int(dst[i - s]) + Int(dst[i * s - 1]) }
                value = (sum + size) >> (shift + 1)
            case .dcNoTop:
                for i in 0..<size { sum += Int(dst[i * s - 1]) }
                value = (sum + size / 2) >> shift
            case .dcNoLeft:
                for i in 0..<size { sum += Int(dst[i - s]) }
                value = (sum + size / 2) >> shift
            default:
                break
            }
            for y in 0..<size { (dst + y * s).update(repeating: UInt8(truncatingIfNeeded: value), count: size) }
        }
    }

    /// left + above - above-left, clamped.
    @inline(__always)
    private static func trueMotion(_ dst: UnsafeMutablePointer<UInt8>, size: Int) {
        let s = stride
        let corner = Int(dst[-s - 1])
        for y in 0..<size {
            let base = Int(dst[y * s - 1]) - corner
            for x in 0..<size {
                let v = base + Int(dst[x - s])
                dst[y * s + x] = UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v)
            }
        }
    }

    @inline(__always)
    private static func avg3(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (a + 2 * b + c + 2) >> 2)
    }
    @inline(__always)
    private static func avg2(_ a: Int, _ b: Int) -> UInt8 { UInt8(truncatingIfNeeded: (a + b + 1) >> 1) }

    /// Fills a 4×4 block whose diagonals (`downRight`: running down-right,
    /// from the bottom-left one; else running down-left, from the top-left
    /// one) each take one of the first seven values.
    @inline(__always)
    private static func diagonals(_ dst: UnsafeMutablePointer<UInt8>, _ v: SIMD8<UInt8>, downRight: Bool) {
        for row in 0..<4 {
            for col in 0..<4 { dst[row * stride + col] = v[downRight ? 3 - row + col : row + col] }
        }
    }

    /// One 4×4 sub-block with mode `mode` (in libwebp's order: DC, TM, VE, HE,
    /// RD, VR, LD, VL, HD, HU). Uses the four pixels above-right too.
    static func predictSubblock(_ dst: UnsafeMutablePointer<UInt8>, mode: Int) {
        let s = stride
        let top = dst - s
        let (a, b, c, d) = (Int(top[0]), Int(top[1]), Int(top[2]), Int(top[3]))
        let (e, f, g, h) = (Int(top[4]), Int(top[5]), Int(top[6]), Int(top[7]))
        let (i, j, k, l) = (Int(dst[-1]), Int(dst[s - 1]), Int(dst[2 * s - 1]), Int(dst[3 * s - 1]))
        let x = Int(top[-1])
        func put(_ col: Int, _ row: Int, _ v: UInt8) { dst[row * s + col] = v }
        switch mode {
        case 0:  // DC
            var sum = 4
            for n in 0..<4 { sum += Int(top[n]) + Int(dst[n * s - 1]) }
            for row in 0..<4 { (dst + row * s).update(repeating: UInt8(truncatingIfNeeded: sum >> 3), count: 4) }
        case 1:  // TM
            trueMotion(dst, size: 4)
        case 2:  // VE: the row above, smoothed
            let (v0, v1, v2, v3) = (avg3(x, a, b), avg3(a, b, c), avg3(b, c, d), avg3(c, d, e))
            for row in 0..<4 {
                put(0, row, v0); put(1, row, v1); put(2, row, v2); put(3, row, v3)
            }
        case 3:  // HE: the column to the left, smoothed
            (dst + 0 * s).update(repeating: avg3(x, i, j), count: 4)
            (dst + 1 * s).update(repeating: avg3(i, j, k), count: 4)
            (dst + 2 * s).update(repeating: avg3(j, k, l), count: 4)
            (dst + 3 * s).update(repeating: avg3(k, l, l), count: 4)
        case 4:  // RD: down and right, each diagonal one value
            diagonals(
                dst,
                [
                    avg3(j, k, l), avg3(i, j, k), avg3(x, i, j), avg3(a, x, i), avg3(b, a, x),
                    avg3(c, b, a), avg3(d, c, b), 0,
                ], downRight: true)
        case 5:  // VR: vertical, leaning right
            put(0, 0, avg2(x, a)); put(1, 2, avg2(x, a))
            put(1, 0, avg2(a, b)); put(2, 2, avg2(a, b))
            put(2, 0, avg2(b, c)); put(3, 2, avg2(b, c))
            put(3, 0, avg2(c, d))
            put(0, 3, avg3(k, j, i))
            put(0, 2, avg3(j, i, x))
            put(0, 1, avg3(i, x, a)); put(1, 3, avg3(i, x, a))
            put(1, 1, avg3(x, a, b)); put(2, 3, avg3(x, a, b))
            put(2, 1, avg3(a, b, c)); put(3, 3, avg3(a, b, c))
            put(3, 1, avg3(b, c, d))
        case 6:  // LD: down and left, each anti-diagonal one value
            diagonals(
                dst,
                [
                    avg3(a, b, c), avg3(b, c, d), avg3(c, d, e), avg3(d, e, f), avg3(e, f, g),
                    avg3(f, g, h), avg3(g, h, h), 0,
                ], downRight: false)
        case 7:  // VL: vertical, leaning left
            put(0, 0, avg2(a, b))
            put(1, 0, avg2(b, c)); put(0, 2, avg2(b, c))
            put(2, 0, avg2(c, d)); put(1, 2, avg2(c, d))
            put(3, 0, avg2(d, e)); put(2, 2, avg2(d, e))
            put(0, 1, avg3(a, b, c))
            put(1, 1, avg3(b, c, d)); put(0, 3, avg3(b, c, d))
            put(2, 1, avg3(c, d, e)); put(1, 3, avg3(c, d, e))
            put(3, 1, avg3(d, e, f)); put(2, 3, avg3(d, e, f))
            put(3, 2, avg3(e, f, g))
            put(3, 3, avg3(f, g, h))
        case 8:  // HD: horizontal, leaning down
            put(0, 0, avg2(i, x)); put(2, 1, avg2(i, x))
            put(0, 1, avg2(j, i)); put(2, 2, avg2(j, i))
            put(0, 2, avg2(k, j)); put(2, 3, avg2(k, j))
            put(0, 3, avg2(l, k))
            put(3, 0, avg3(a, b, c))
            put(2, 0, avg3(x, a, b))
            put(1, 0, avg3(i, x, a)); put(3, 1, avg3(i, x, a))
            put(1, 1, avg3(j, i, x)); put(3, 2, avg3(j, i, x))
            put(1, 2, avg3(k, j, i)); put(3, 3, avg3(k, j, i))
            put(1, 3, avg3(l, k, j))
        default:  // HU: horizontal, leaning up
            put(0, 0, avg2(i, j))
            put(2, 0, avg2(j, k)); put(0, 1, avg2(j, k))
            put(2, 1, avg2(k, l)); put(0, 2, avg2(k, l))
            put(1, 0, avg3(i, j, k))
            put(3, 0, avg3(j, k, l)); put(1, 1, avg3(j, k, l))
            put(3, 1, avg3(k, l, l)); put(1, 2, avg3(k, l, l))
            let last = UInt8(truncatingIfNeeded: l)
            put(3, 2, last); put(2, 2, last); put(0, 3, last); put(1, 3, last); put(2, 3, last); put(3, 3, last)
        }
    }
}
