/// The coefficient contexts the transform blocks leave above and to the left of them, per plane
/// and 4×4 column or row of the plane (AboveLevelContext, AboveDcContext, LeftLevelContext,
/// LeftDcContext): cleared at each tile (above) and superblock row (left), written by coeffs().
/// Sized past the frame by a 64-sample transform, as the spec writes them unclipped.
struct AV1LevelContexts {
    var aboveLevel: [[UInt8]], aboveDC: [[UInt8]]
    var leftLevel: [[UInt8]], leftDC: [[UInt8]]

    init(miCols: Int, miRows: Int) {
        aboveLevel = [[UInt8]](repeating: [UInt8](repeating: 0, count: miCols + 32), count: 3)
        aboveDC = aboveLevel
        leftLevel = [[UInt8]](repeating: [UInt8](repeating: 0, count: miRows + 32), count: 3)
        leftDC = leftLevel
    }

    /// clear_left_context(), at each superblock row of a tile.
    mutating func clearLeft() {
        for plane in 0..<3 {
            for i in leftLevel[plane].indices {
                leftLevel[plane][i] = 0
                leftDC[plane][i] = 0
            }
        }
    }

    /// Sets the contexts a transform block of w4×h4 units at (x4, y4) leaves.
    mutating func set(plane: Int, x4: Int, y4: Int, w4: Int, h4: Int, level: Int, dc: Int) {
        for i in 0..<w4 where x4 + i < aboveLevel[plane].count {
            aboveLevel[plane][x4 + i] = UInt8(level)
            aboveDC[plane][x4 + i] = UInt8(dc)
        }
        for i in 0..<h4 where y4 + i < leftLevel[plane].count {
            leftLevel[plane][y4 + i] = UInt8(level)
            leftDC[plane][y4 + i] = UInt8(dc)
        }
    }

    /// all_zero's context for a transform block of w4×h4 units at (x4, y4): how its neighbours'
    /// levels compare (within maxX4 × maxY4, the plane's units), and whether it covers its whole
    /// block (`coversBlock`) or the block is larger (`blockIsLarger`, chroma).
    func allZeroContext(
        plane: Int, x4: Int, y4: Int, w4: Int, h4: Int, maxX4: Int, maxY4: Int, coversBlock: Bool,
        blockIsLarger: Bool
    ) -> Int {
        if plane == 0 {
            var top = 0
            var left = 0
            for k in 0..<w4 where x4 + k < maxX4 { top = max(top, Int(aboveLevel[0][x4 + k])) }
            for k in 0..<h4 where y4 + k < maxY4 { left = max(left, Int(leftLevel[0][y4 + k])) }
            if coversBlock { return 0 }
            if top == 0 && left == 0 { return 1 }
            if top == 0 || left == 0 { return 2 + (max(top, left) > 3 ? 1 : 0) }
            if max(top, left) <= 3 { return 4 }
            if min(top, left) <= 3 { return 5 }
            return 6
        }
        var above = 0
        var left = 0
        for i in 0..<w4 where x4 + i < maxX4 { above |= Int(aboveLevel[plane][x4 + i] | aboveDC[plane][x4 + i]) }
        for i in 0..<h4 where y4 + i < maxY4 { left |= Int(leftLevel[plane][y4 + i] | leftDC[plane][y4 + i]) }
        return 7 + (above != 0 ? 1 : 0) + (left != 0 ? 1 : 0) + (blockIsLarger ? 3 : 0)
    }
}
