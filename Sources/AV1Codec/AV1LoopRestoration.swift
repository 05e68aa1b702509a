/// Loop restoration (AV1 7.17), applied in place stripe by stripe: each stripe of 64 luma rows
/// (offset 8 up) is filtered unit by unit, Wiener or self-guided, from a window holding the
/// stripe's CDEF output and, for the three rows each side, the deblocked rows before CDEF (kept
/// by `keepStripeEdges` before CDEF runs, two rows each side of every stripe boundary).
struct AV1LoopRestoration {
    let frame: AV1FrameHeader
    let colour: AV1ColourConfig
    let units: AV1RestorationUnits

    static let sgrParams: [[Int]] = [
        [2, 12, 1, 4], [2, 15, 1, 6], [2, 18, 1, 8], [2, 21, 1, 9], [2, 24, 1, 10], [2, 29, 1, 11], [2, 36, 1, 12],
        [2, 45, 1, 13], [2, 56, 1, 14], [2, 68, 1, 15], [0, 0, 1, 5], [0, 0, 1, 8], [0, 0, 1, 11], [0, 0, 1, 14],
        [2, 30, 0, 0], [2, 75, 0, 0],
    ]

    /// The deblocked rows loop restoration reads across stripe boundaries, per plane, by row.
    typealias Edges = [[Int: [UInt16]]]

    /// Keeps, before CDEF, the two rows above and below every stripe boundary of each restored plane.
    static func keepStripeEdges(_ planes: AV1FramePlanes, frame: AV1FrameHeader, colour: AV1ColourConfig) -> Edges {
        var edges: Edges = [[:], [:], [:]]
        for plane in 0..<colour.planes where frame.restoration.types[plane] != .none {
            let subY = plane == 0 ? 0 : colour.subsamplingY
            let planeEndY = ((frame.height + subY) >> subY) - 1
            let stride = planes.strides[plane]
            var s = 1
            while true {
                let start = (-8 + 64 * s) >> subY
                guard start <= planeEndY + 2 else { break }
                for y in (start - 2)..<(start + 2) where y >= 0 && y <= planeEndY {
                    let at = planes.offsets[plane] + y * stride
                    edges[plane][y] = Array(planes.samples[at..<at + stride])
                }
                s += 1
            }
        }
        return edges
    }

    /// The loop restoration process over the frame.
    static func apply(
        _ planes: inout AV1FramePlanes, edges: Edges, frame: AV1FrameHeader, colour: AV1ColourConfig,
        units: AV1RestorationUnits
    ) {
        let restoration = AV1LoopRestoration(frame: frame, colour: colour, units: units)
        for plane in 0..<colour.planes where frame.restoration.types[plane] != .none {
            restoration.filter(&planes, edges[plane], plane)
        }
    }

    private func filter(_ planes: inout AV1FramePlanes, _ edges: [Int: [UInt16]], _ plane: Int) {
        let subX = plane == 0 ? 0 : colour.subsamplingX
        let subY = plane == 0 ? 0 : colour.subsamplingY
        let unitSize = frame.restoration.unitSizes[plane]
        let planeEndX = ((frame.width + subX) >> subX) - 1
        let planeEndY = ((frame.height + subY) >> subY) - 1
        let stride = planes.strides[plane]
        let offset = planes.offsets[plane]
        let unitRows = units.rows[plane]
        let unitCols = units.columns[plane]
        guard unitRows > 0, unitCols > 0 else { return }
        var window = [Int](repeating: 0, count: ((64 >> subY) + 6) * (planeEndX + 1))
        var s = 0
        while true {
            let stripeStart = (-8 + 64 * s) >> subY
            let stripeEnd = stripeStart + (64 >> subY) - 1
            let y0 = max(0, stripeStart)
            let y1 = min(planeEndY, stripeEnd)
            guard y0 <= y1 else { break }
            // The window: rows y0 - 3 ... y1 + 3 as get_source_sample gives them (x clamped later).
            let width = planeEndX + 1
            for row in 0..<(y1 - y0 + 7) {
                var y = min(max(y0 - 3 + row, 0), planeEndY)
                var source: [UInt16]? = nil
                if y < stripeStart {
                    y = max(stripeStart - 2, y)
                    source = edges[y]
                } else if y > stripeEnd {
                    y = min(stripeEnd + 2, y)
                    source = edges[y]
                }
                let at = offset + y * stride
                for x in 0..<width { window[row * width + x] = Int(source?[x] ?? planes.samples[at + x]) }
            }
            let unitRow = min(unitRows - 1, (y0 + (8 >> subY)) / unitSize)
            for unitCol in 0..<unitCols {
                let x0 = unitCol * unitSize
                guard x0 <= planeEndX else { break }
                let x1 = unitCol == unitCols - 1 ? planeEndX : min(planeEndX, x0 + unitSize - 1)
                let unit = unitRow * unitCols + unitCol
                let area = Area(x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, windowTop: y0 - 3, width: width)
                switch units.types[plane][unit] {
                case 1: wiener(&planes, window, area, plane, unit, stride, offset)
                case 2: selfGuided(&planes, window, area, plane, unit, stride, offset)
                default: break
                }
            }
            s += 1
        }
    }

    /// A block of the plane to filter, and where the window's rows start.
    struct Area {
        let x: Int, y: Int, w: Int, h: Int
        let windowTop: Int, width: Int

        /// get_source_sample(x, y) for y within three rows of the block: the window's sample.
        @inline(__always) func at(_ window: [Int], _ x: Int, _ y: Int) -> Int {
            window[(y - windowTop) * width + min(max(x, 0), width - 1)]
        }
    }

    /// The Wiener filter process (7.17.4).
    private func wiener(
        _ planes: inout AV1FramePlanes, _ window: [Int], _ a: Area, _ plane: Int, _ unit: Int, _ stride: Int,
        _ offset: Int
    ) {
        let bitDepth = colour.bitDepth
        let round0 = bitDepth == 12 ? 5 : 3
        let round1 = bitDepth == 12 ? 9 : 11
        let coefficients = units.wiener[plane][(unit * 6)..<(unit * 6 + 6)].map { Int($0) }
        func taps(_ c: ArraySlice<Int>) -> [Int] {
            let c = Array(c)
            return [c[0], c[1], c[2], 128 - 2 * (c[0] + c[1] + c[2]), c[2], c[1], c[0]]
        }
        let vertical = taps(coefficients[0..<3])
        let horizontal = taps(coefficients[3..<6])
        let filterBits = 7
        let rounding = 1 << (round0 - 1)
        let offsetValue = 1 << (bitDepth + filterBits - round0 - 1)
        let limit = (1 << (bitDepth + 1 + filterBits - round0)) - 1
        var intermediate = [Int](repeating: 0, count: (a.h + 6) * a.w)
        for r in 0..<(a.h + 6) {
            for c in 0..<a.w {
                var s = 0
                for t in 0..<7 { s += horizontal[t] * a.at(window, a.x + c + t - 3, a.y + r - 3) }
                let v = (s + rounding) >> round0
                intermediate[r * a.w + c] = min(max(v, -offsetValue), limit - offsetValue)
            }
        }
        let top = (1 << bitDepth) - 1
        for r in 0..<a.h {
            for c in 0..<a.w {
                var s = 0
                for t in 0..<7 { s += vertical[t] * intermediate[(r + t) * a.w + c] }
                let v = (s + (1 << (round1 - 1))) >> round1
                planes.samples[offset + (a.y + r) * stride + a.x + c] = UInt16(truncatingIfNeeded: min(max(v, 0), top))
            }
        }
    }
}
