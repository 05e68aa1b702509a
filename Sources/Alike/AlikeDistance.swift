/// How far apart two pictures look, 0 for the same picture: the least mean squared difference of
/// their normalised grids over the eight turns and mirrors of one, and over windows of the other
/// (90 to 100 % of each side, moved in steps of 2.5 %), both ways round. The turns make a picture
/// and its rotated or mirrored copy one (by pixels or by EXIF); the windows match a crop of up to a
/// tenth of a side and a burst's neighbouring frame; luma's mean and contrast are taken out, so a
/// brighter or darker copy compares as the same. Measured by `make alike-check` (tools/alike).
public struct AlikeDistance: Sendable {
    /// The default of `--distance`: every transformation of alike-check's photos, and their bursts
    /// but for one in twenty, within it; none of their distinct pairs.
    public static let defaultLimit = 20

    /// A fingerprint ready to compare: its windows and its turns as normalised vectors.
    public struct Prepared: Sendable {
        let windows: [[Float]]
        let turns: [[Float]]

        public init(_ fingerprint: Fingerprint) {
            windows = Self.windowBoxes.map { Self.vector(fingerprint, window: $0, turn: 0) }
            turns = (0..<8).map { Self.vector(fingerprint, window: (0, 0, 1, 1), turn: $0) }
        }
    }

    /// The distance of two prepared fingerprints, 0 upwards (100 is as unlike as two unrelated
    /// pictures usually are).
    public static func between(_ a: Prepared, _ b: Prepared) -> Int {
        let least = min(closest(a.windows, b.turns), closest(b.windows, a.turns))
        return Int((Double(least) * 50).rounded())
    }

    public static func between(_ a: Fingerprint, _ b: Fingerprint) -> Int {
        between(Prepared(a), Prepared(b))
    }

    private static func closest(_ windows: [[Float]], _ turns: [[Float]]) -> Float {
        var best = Float.infinity
        for window in windows {
            window.withUnsafeBufferPointer { w in
                for turn in turns {
                    turn.withUnsafeBufferPointer { t in best = min(best, squaredDistance(w, t)) }
                }
            }
        }
        return best
    }

    /// The sum of squared differences, eight lanes at a time: `add` compares a new picture with
    /// every entry's 81 windows and 8 turns both ways round, which a one-lane sum made a fifth of
    /// its time (the lanes add in another order than one lane, a difference far below a unit of distance).
    private static func squaredDistance(_ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>) -> Float {
        let count = min(a.count, b.count)
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return 0 }
        let lanes = SIMD8<Float>.scalarCount
        var sums = SIMD8<Float>()
        var i = 0
        while i + lanes <= count {
            let d =
                UnsafeRawPointer(pa + i).loadUnaligned(as: SIMD8<Float>.self)
                - UnsafeRawPointer(pb + i).loadUnaligned(as: SIMD8<Float>.self)
            sums += d * d
            i += lanes
        }
        var sum = sums.sum()
        while i < count {
            let d = pa[i] - pb[i]
            sum += d * d
            i += 1
        }
        return sum
    }
}

extension AlikeDistance.Prepared {
    typealias Box = (x: Double, y: Double, width: Double, height: Double)

    /// Windows of 100, 95 and 90 % of a side at every offset in steps of 2.5 %, on each axis.
    static let windowBoxes: [Box] = {
        var spans: [(offset: Double, side: Double)] = [(0, 1)]
        for side in [0.95, 0.9] {
            let steps = Int(((1 - side) / 0.025).rounded())
            for i in 0...steps { spans.append((Double(i) * (1 - side) / Double(steps), side)) }
        }
        return spans.flatMap { x in spans.map { y in (x.offset, y.offset, x.side, y.side) } }
    }()

    /// The grids seen through `window` (in the unit square, sampled bilinearly at each cell's
    /// centre), turned by `turn` (0–7: four quarter turns, each also mirrored), as one vector:
    /// luma less its mean over its contrast (at least 8 levels, so a flat picture's noise is not
    /// blown up), chroma as it is, each part weighted by its number of cells.
    static func vector(_ f: Fingerprint, window: Box, turn: Int) -> [Float] {
        let luma = sampled(f.luma, side: Fingerprint.lumaSide, window: window, turn: turn, centre: 0)
        let mean = luma.reduce(0, +) / Float(luma.count)
        let spread = (luma.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(luma.count)).squareRoot()
        let scale = 1 / max(spread, 8) / Float(Fingerprint.lumaSide)
        var vector = luma.map { ($0 - mean) * scale }
        let chromaScale: Float = 1 / 20 / Float(Fingerprint.lumaSide)
        for grid in [f.blue, f.red] {
            let chroma = sampled(grid, side: Fingerprint.chromaSide, window: window, turn: turn, centre: 128)
            vector += chroma.map { $0 * chromaScale }
        }
        return vector
    }

    /// Bilinear samples of `grid` through `window`, placed where `turn` takes each cell. Where a
    /// column's (and a row's) sample falls is worked out once for the column, not for every cell.
    private static func sampled(_ grid: [UInt8], side n: Int, window: Box, turn: Int, centre: Float) -> [Float] {
        func axis(_ start: Double, _ span: Double) -> [(low: Int, high: Int, fraction: Float)] {
            (0..<n).map { i in
                let u = (Double(i) + 0.5) / Double(n)
                let p = min(max((start + u * span) * Double(n) - 0.5, 0), Double(n - 1))
                let low = Int(p)
                return (low, min(low + 1, n - 1), Float(p - Double(low)))
            }
        }
        let xs = axis(window.x, window.width), ys = axis(window.y, window.height)
        var out = [Float](repeating: 0, count: n * n)
        grid.withUnsafeBufferPointer { g in
            func at(_ x: Int, _ y: Int) -> Float { Float(g[y * n + x]) - centre }
            for row in 0..<n {
                let (y0, y1, fy) = ys[row]
                for column in 0..<n {
                    let (x0, x1, fx) = xs[column]
                    let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx
                    let bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
                    let (tr, tc) = turned(row: row, column: column, side: n, turn: turn)
                    out[tr * n + tc] = top * (1 - fy) + bottom * fy
                }
            }
        }
        return out
    }

    /// Where cell (row, column) lands under one of the eight turns and mirrors of a square.
    static func turned(row: Int, column: Int, side n: Int, turn: Int) -> (Int, Int) {
        var (r, c) = (row, column)
        for _ in 0..<(turn / 2) { (r, c) = (c, n - 1 - r) }
        if turn % 2 == 1 { c = n - 1 - c }
        return (r, c)
    }
}
