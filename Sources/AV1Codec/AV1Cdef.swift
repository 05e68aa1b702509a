/// CDEF, the constrained directional enhancement filter (AV1 7.15), applied in place: each row of
/// 8×8 blocks is filtered from a copy of the deblocked lines it reads (its own, two above and two
/// below), so no second frame is held. Each block's direction and variance come from its luma;
/// the primary taps follow the direction, the secondary ones the directions 45° either side.
struct AV1Cdef {
    let frame: AV1FrameHeader
    let colour: AV1ColourConfig
    let grid: AV1ModeGrid

    static let uvDirection: [[[Int]]] = [
        [[0, 1, 2, 3, 4, 5, 6, 7], [1, 2, 2, 2, 3, 4, 6, 0]],
        [[7, 0, 2, 4, 5, 6, 6, 6], [0, 1, 2, 3, 4, 5, 6, 7]],
    ]
    /// Cdef_Directions[dir][k]: (dy, dx).
    static let directions: [[(Int, Int)]] = [
        [(-1, 1), (-2, 2)], [(0, 1), (-1, 2)], [(0, 1), (0, 2)], [(0, 1), (1, 2)],
        [(1, 1), (2, 2)], [(1, 0), (2, 1)], [(1, 0), (2, 0)], [(1, 0), (2, -1)],
    ]
    static let divTable = [0, 840, 420, 280, 210, 168, 140, 120, 105]

    /// Whether the frame's presets filter anything at all.
    static func isActive(_ frame: AV1FrameHeader, enabled: Bool) -> Bool {
        guard enabled, !frame.codedLossless, !frame.allowIntraBC else { return false }
        let cdef = frame.cdef
        return cdef.yStrengths.contains { $0.primary != 0 || $0.secondary != 0 }
            || cdef.uvStrengths.contains { $0.primary != 0 || $0.secondary != 0 }
    }

    /// The CDEF process over the whole frame.
    static func apply(_ planes: inout AV1FramePlanes, frame: AV1FrameHeader, colour: AV1ColourConfig, grid: AV1ModeGrid)
    {
        let cdef = AV1Cdef(frame: frame, colour: colour, grid: grid)
        let count = colour.planes
        // Per plane: the lines a block row reads (its own and two each side), and the two last
        // deblocked lines of the row before, kept before that row was filtered.
        var windows = (0..<count).map { [UInt16](repeating: 0, count: ((8 >> cdef.subY($0)) + 4) * planes.strides[$0]) }
        var kept = (0..<count).map { [UInt16](repeating: 0, count: 2 * planes.strides[$0]) }
        for r in stride(from: 0, to: frame.miRows, by: 2) {
            for plane in 0..<count {
                let stride = planes.strides[plane]
                let offset = planes.offsets[plane]
                let height = 8 >> cdef.subY(plane)
                let top = (r * 4) >> cdef.subY(plane)
                for line in 0..<(height + 4) {
                    let y = top - 2 + line
                    guard y >= 0, y < planes.rows[plane] else { continue }
                    for x in 0..<stride {
                        windows[plane][line * stride + x] =
                            y < top ? kept[plane][(y - top + 2) * stride + x] : planes.samples[offset + y * stride + x]
                    }
                }
                for line in 0..<2 {
                    let y = top + height - 2 + line
                    for x in 0..<stride { kept[plane][line * stride + x] = planes.samples[offset + y * stride + x] }
                }
            }
            for c in stride(from: 0, to: frame.miCols, by: 2) {
                cdef.block(&planes, windows, r, c)
            }
        }
    }

    func subX(_ plane: Int) -> Int { plane > 0 ? colour.subsamplingX : 0 }
    func subY(_ plane: Int) -> Int { plane > 0 ? colour.subsamplingY : 0 }

    /// The CDEF block process (7.15.1) of the 8×8 block at unit (r, c).
    private func block(_ planes: inout AV1FramePlanes, _ windows: [[UInt16]], _ r: Int, _ c: Int) {
        let index = Int(grid.cdefIndex[grid.cdefSlot(r, c)])
        guard index >= 0 else { return }
        let skip =
            grid.skips[grid.index(r, c)] != 0 && grid.skips[grid.index(r + 1, c)] != 0
            && grid.skips[grid.index(r, c + 1)] != 0 && grid.skips[grid.index(r + 1, c + 1)] != 0
        guard !skip else { return }
        let cdef = frame.cdef
        guard index < cdef.yStrengths.count, index < cdef.uvStrengths.count else { return }
        let shift = colour.bitDepth - 8
        let (yDir, variance) = direction(windows[0], planes.strides[0], c)
        var priStr = cdef.yStrengths[index].primary << shift
        var secStr = cdef.yStrengths[index].secondary << shift
        var dir = priStr == 0 ? 0 : yDir
        let varStr = (variance >> 6) != 0 ? min(Self.floorLog2(variance >> 6), 12) : 0
        priStr = variance != 0 ? (priStr * (4 + varStr) + 8) >> 4 : 0
        filter(&planes, windows[0], 0, r, c, priStr, secStr, cdef.damping + shift, dir)
        guard colour.planes > 1 else { return }
        priStr = cdef.uvStrengths[index].primary << shift
        secStr = cdef.uvStrengths[index].secondary << shift
        dir = priStr == 0 ? 0 : Self.uvDirection[colour.subsamplingX][colour.subsamplingY][yDir]
        for plane in 1...2 {
            filter(&planes, windows[plane], plane, r, c, priStr, secStr, cdef.damping + shift - 1, dir)
        }
    }

    static func floorLog2(_ x: Int) -> Int {
        var s = 0
        var v = x
        while v > 1 {
            v >>= 1
            s += 1
        }
        return s
    }

    /// The CDEF direction process (7.15.2), on the luma window (its rows 2 ... 9 are the block's).
    private func direction(_ window: [UInt16], _ rowLength: Int, _ c: Int) -> (Int, Int) {
        // partial[120 + 15] and cost[8] on the stack: no allocation per block.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 8 * 15 + 8) { buffer in
            guard let partial = buffer.baseAddress else { return (0, 0) }
            let cost = partial + 8 * 15
            for k in 0..<(8 * 15 + 8) { partial[k] = 0 }
            return direction(window, rowLength, c, partial, cost)
        }
    }

    private func direction(
        _ window: [UInt16], _ rowLength: Int, _ c: Int, _ partial: UnsafeMutablePointer<Int>,
        _ cost: UnsafeMutablePointer<Int>
    ) -> (Int, Int) {
        let x0 = c * 4
        let shift = colour.bitDepth - 8
        for i in 0..<8 {
            for j in 0..<8 {
                let x = (Int(window[(i + 2) * rowLength + x0 + j]) >> shift) - 128
                partial[i + j] += x
                partial[15 + i + j / 2] += x
                partial[30 + i] += x
                partial[45 + 3 + i - j / 2] += x
                partial[60 + 7 + i - j] += x
                partial[75 + 3 - i / 2 + j] += x
                partial[90 + j] += x
                partial[105 + i / 2 + j] += x
            }
        }
        let div = Self.divTable
        for i in 0..<8 {
            cost[2] += partial[30 + i] * partial[30 + i]
            cost[6] += partial[90 + i] * partial[90 + i]
        }
        cost[2] *= div[8]
        cost[6] *= div[8]
        for i in 0..<7 {
            cost[0] +=
                (partial[i] * partial[i] + partial[14 - i] * partial[14 - i])
                * div[i + 1]
            cost[4] +=
                (partial[60 + i] * partial[60 + i] + partial[60 + 14 - i] * partial[60 + 14 - i])
                * div[i + 1]
        }
        cost[0] += partial[7] * partial[7] * div[8]
        cost[4] += partial[60 + 7] * partial[60 + 7] * div[8]
        for i in stride(from: 1, to: 8, by: 2) {
            for j in 0..<5 { cost[i] += partial[i * 15 + 3 + j] * partial[i * 15 + 3 + j] }
            cost[i] *= div[8]
            for j in 0..<3 {
                cost[i] +=
                    (partial[i * 15 + j] * partial[i * 15 + j] + partial[i * 15 + 10 - j]
                        * partial[i * 15 + 10 - j]) * div[2 * j + 2]
            }
        }
        var best = 0
        var yDir = 0
        for i in 0..<8 where cost[i] > best {
            best = cost[i]
            yDir = i
        }
        return (yDir, (best - cost[(yDir + 4) & 7]) >> 10)
    }

    /// The CDEF filter process (7.15.3) of one plane of the block, from the window into the frame.
    private func filter(
        _ planes: inout AV1FramePlanes, _ window: [UInt16], _ plane: Int, _ r: Int, _ c: Int, _ priStr: Int,
        _ secStr: Int, _ damping: Int, _ dir: Int
    ) {
        guard priStr != 0 || secStr != 0 else { return }
        let subX = subX(plane)
        let subY = subY(plane)
        let stride = planes.strides[plane]
        let offset = planes.offsets[plane]
        let x0 = (c * 4) >> subX
        let y0 = (r * 4) >> subY
        let w = 8 >> subX
        let h = 8 >> subY
        let shift = colour.bitDepth - 8
        let priTaps = (priStr >> shift) & 1 == 0 ? (4, 2) : (3, 3)
        let maxX = (frame.miCols * 4) >> subX
        let maxY = (frame.miRows * 4) >> subY
        let priDamping = priStr == 0 ? 0 : max(0, damping - Self.floorLog2(priStr))
        let secDamping = secStr == 0 ? 0 : max(0, damping - Self.floorLog2(secStr))
        @inline(__always) func constrain(_ diff: Int, _ threshold: Int, _ adjust: Int) -> Int {
            guard threshold != 0 else { return 0 }
            let magnitude = min(max(threshold - (abs(diff) >> adjust), 0), abs(diff))
            return diff < 0 ? -magnitude : magnitude
        }
        for i in 0..<h {
            for j in 0..<w {
                let x = Int(window[(i + 2) * stride + x0 + j])
                var sum = 0
                var high = x
                var low = x
                for k in 0..<2 {
                    let priTap = k == 0 ? priTaps.0 : priTaps.1
                    let secTap = k == 0 ? 2 : 1
                    for s in 0..<2 {
                        let sign = s == 0 ? -1 : 1
                        for t in 0..<3 {
                            let isPrimary = t == 0
                            let d = t == 0 ? dir : t == 1 ? (dir + 2) & 7 : (dir + 6) & 7
                            let (dy, dx) = Self.directions[d][k]
                            let yy = y0 + i + sign * dy
                            let xx = x0 + j + sign * dx
                            guard yy >= 0, xx >= 0, yy < maxY, xx < maxX, yy - y0 + 2 >= 0 else { continue }
                            let p = Int(window[(yy - y0 + 2) * stride + xx])
                            sum +=
                                isPrimary
                                ? priTap * constrain(p - x, priStr, priDamping)
                                : secTap * constrain(p - x, secStr, secDamping)
                            high = max(p, high)
                            low = min(p, low)
                        }
                    }
                }
                let value = x + ((8 + sum - (sum < 0 ? 1 : 0)) >> 4)
                planes.samples[offset + (y0 + i) * stride + x0 + j] = UInt16(
                    truncatingIfNeeded: min(max(value, low), high))
            }
        }
    }
}
