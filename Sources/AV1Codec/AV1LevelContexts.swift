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
}
