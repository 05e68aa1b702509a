/// Intra prediction of one transform block (AV1 7.11.2): the above row and left column taken
/// from the reconstructed frame (or made up where nothing is available), then DC, smooth,
/// Paeth, directional (with the edge filter and upsampling) or recursive filter prediction
/// written straight into the plane. The edge buffers are made once a tile.
struct AV1IntraPredictor {
    /// AboveRow and LeftCol, indices -16... stored from `origin`.
    private var above = [Int](repeating: 0, count: 320)
    private var left = [Int](repeating: 0, count: 320)
    private var edge = [Int](repeating: 0, count: 320)
    private static let origin = 16

    init() {}

    /// A predictor with no buffers (allocates nothing), to hold a place while one is lent out.
    init(empty: Void) {
        above = []
        left = []
        edge = []
    }

    /// What one predict_intra call needs beyond the plane.
    struct Request {
        var x = 0, y = 0
        var haveLeft = false, haveAbove = false, haveAboveRight = false, haveBelowLeft = false
        var mode = 0
        var log2W = 2, log2H = 2
        var angleDelta = 0
        /// use_filter_intra (luma only) and its mode.
        var filterIntra = false
        var filterIntraMode = 0
        /// 1 when the block above or left is smoothly predicted (get_filter_type).
        var smoothNeighbour = false
        var maxX = 0, maxY = 0
        var bitDepth = 8
        var edgeFilter = false
    }

    static let modeToAngle = [0, 90, 180, 45, 135, 113, 157, 203, 67, 0, 0, 0, 0]
    static let smooth = 9, smoothV = 10, smoothH = 11, paeth = 12

    /// predict_intra() into `plane` (row stride `stride`).
    mutating func predict(_ q: Request, plane: UnsafeMutablePointer<UInt16>, stride: Int) {
        let w = 1 << q.log2W
        let h = 1 << q.log2H
        let o = Self.origin
        let x = q.x
        let y = q.y
        let mid = 1 << (q.bitDepth - 1)
        let n = w + h
        above.withUnsafeMutableBufferPointer { aboveBuffer in
            left.withUnsafeMutableBufferPointer { leftBuffer in
                guard let a = aboveBuffer.baseAddress.map({ $0 + o }), let l = leftBuffer.baseAddress.map({ $0 + o })
                else { return }
                // Edges past w + h are read by some directional rounding steps: fill to 2n + 16.
                let fill = min(2 * n + 16, 300)
                if !q.haveAbove && q.haveLeft {
                    let v = Int(plane[y * stride + x - 1])
                    for i in 0..<fill { a[i] = v }
                } else if !q.haveAbove && !q.haveLeft {
                    for i in 0..<fill { a[i] = mid - 1 }
                } else {
                    let limit = min(q.maxX, x + (q.haveAboveRight ? 2 * w : w) - 1)
                    let row = plane + (y - 1) * stride
                    for i in 0..<fill { a[i] = Int(row[min(limit, x + i)]) }
                }
                if !q.haveLeft && q.haveAbove {
                    let v = Int(plane[(y - 1) * stride + x])
                    for i in 0..<fill { l[i] = v }
                } else if !q.haveLeft && !q.haveAbove {
                    for i in 0..<fill { l[i] = mid + 1 }
                } else {
                    let limit = min(q.maxY, y + (q.haveBelowLeft ? 2 * h : h) - 1)
                    for i in 0..<fill { l[i] = Int(plane[min(limit, y + i) * stride + x - 1]) }
                }
                let corner: Int
                if q.haveAbove && q.haveLeft {
                    corner = Int(plane[(y - 1) * stride + x - 1])
                } else if q.haveAbove {
                    corner = Int(plane[(y - 1) * stride + x])
                } else if q.haveLeft {
                    corner = Int(plane[y * stride + x - 1])
                } else {
                    corner = mid
                }
                a[-1] = corner
                l[-1] = corner
                let out = plane + y * stride + x
                if q.filterIntra {
                    Self.recursive(q, a, l, out, stride, w, h)
                } else if AV1IntraMode.isDirectional(q.mode) {
                    edge.withUnsafeMutableBufferPointer { e in
                        guard let e = e.baseAddress else { return }
                        Self.directional(q, a, l, e, out, stride, w, h)
                    }
                } else if q.mode == Self.smooth || q.mode == Self.smoothV || q.mode == Self.smoothH {
                    Self.smooth(q, a, l, out, stride, w, h)
                } else if q.mode == AV1IntraMode.dc {
                    Self.dc(q, a, l, out, stride, w, h)
                } else {
                    Self.paeth(a, l, out, stride, w, h)
                }
            }
        }
    }

    @inline(__always) static func clip1(_ v: Int, _ bitDepth: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: min(max(v, 0), (1 << bitDepth) - 1))
    }

    @inline(__always) static func round2(_ x: Int, _ n: Int) -> Int { n == 0 ? x : (x + (1 << (n - 1))) >> n }

    @inline(__always) static func round2Signed(_ x: Int, _ n: Int) -> Int { x >= 0 ? round2(x, n) : -round2(-x, n) }

    private static func paeth(
        _ a: UnsafeMutablePointer<Int>, _ l: UnsafeMutablePointer<Int>, _ out: UnsafeMutablePointer<UInt16>,
        _ stride: Int, _ w: Int, _ h: Int
    ) {
        let corner = a[-1]
        for i in 0..<h {
            for j in 0..<w {
                let base = a[j] + l[i] - corner
                let pLeft = abs(base - l[i])
                let pTop = abs(base - a[j])
                let pTopLeft = abs(base - corner)
                let v: Int
                if pLeft <= pTop && pLeft <= pTopLeft {
                    v = l[i]
                } else if pTop <= pTopLeft {
                    v = a[j]
                } else {
                    v = corner
                }
                out[i * stride + j] = UInt16(truncatingIfNeeded: v)
            }
        }
    }

    private static func dc(
        _ q: Request, _ a: UnsafeMutablePointer<Int>, _ l: UnsafeMutablePointer<Int>,
        _ out: UnsafeMutablePointer<UInt16>, _ stride: Int, _ w: Int, _ h: Int
    ) {
        var value: Int
        if q.haveLeft && q.haveAbove {
            var sum = 0
            for k in 0..<h { sum += l[k] }
            for k in 0..<w { sum += a[k] }
            sum += (w + h) >> 1
            value = sum / (w + h)
        } else if q.haveLeft {
            var sum = 0
            for k in 0..<h { sum += l[k] }
            value = min(max((sum + (h >> 1)) >> q.log2H, 0), (1 << q.bitDepth) - 1)
        } else if q.haveAbove {
            var sum = 0
            for k in 0..<w { sum += a[k] }
            value = min(max((sum + (w >> 1)) >> q.log2W, 0), (1 << q.bitDepth) - 1)
        } else {
            value = 1 << (q.bitDepth - 1)
        }
        let v = UInt16(truncatingIfNeeded: value)
        for i in 0..<h { for j in 0..<w { out[i * stride + j] = v } }
    }

    private static func smooth(
        _ q: Request, _ a: UnsafeMutablePointer<Int>, _ l: UnsafeMutablePointer<Int>,
        _ out: UnsafeMutablePointer<UInt16>, _ stride: Int, _ w: Int, _ h: Int
    ) {
        let wx = AV1IntraTables.smoothWeights[q.log2W]
        let wy = AV1IntraTables.smoothWeights[q.log2H]
        let bottom = l[h - 1]
        let right = a[w - 1]
        for i in 0..<h {
            for j in 0..<w {
                let v: Int
                switch q.mode {
                case smooth:
                    let s = wy[i] * a[j] + (256 - wy[i]) * bottom + wx[j] * l[i] + (256 - wx[j]) * right
                    v = round2(s, 9)
                case smoothV: v = round2(wy[i] * a[j] + (256 - wy[i]) * bottom, 8)
                default: v = round2(wx[j] * l[i] + (256 - wx[j]) * right, 8)
                }
                out[i * stride + j] = UInt16(truncatingIfNeeded: v)
            }
        }
    }

    private static func recursive(
        _ q: Request, _ a: UnsafeMutablePointer<Int>, _ l: UnsafeMutablePointer<Int>,
        _ out: UnsafeMutablePointer<UInt16>, _ stride: Int, _ w: Int, _ h: Int
    ) {
        let taps = AV1IntraTables.filterTaps[min(max(q.filterIntraMode, 0), 4)]
        var p = [Int](repeating: 0, count: 7)
        for i2 in 0..<(h >> 1) {
            for j4 in 0..<(w >> 2) {
                for i in 0..<7 {
                    if i < 5 {
                        if i2 == 0 {
                            p[i] = a[(j4 << 2) + i - 1]
                        } else if j4 == 0 && i == 0 {
                            p[i] = l[(i2 << 1) - 1]
                        } else {
                            p[i] = Int(out[((i2 << 1) - 1) * stride + (j4 << 2) + i - 1])
                        }
                    } else if j4 == 0 {
                        p[i] = l[(i2 << 1) + i - 5]
                    } else {
                        p[i] = Int(out[((i2 << 1) + i - 5) * stride + (j4 << 2) - 1])
                    }
                }
                for i1 in 0..<2 {
                    for j1 in 0..<4 {
                        var pr = 0
                        for i in 0..<7 { pr += taps[((i1 << 2) + j1) * 7 + i] * p[i] }
                        out[((i2 << 1) + i1) * stride + (j4 << 2) + j1] = clip1(round2Signed(pr, 4), q.bitDepth)
                    }
                }
            }
        }
    }
}
