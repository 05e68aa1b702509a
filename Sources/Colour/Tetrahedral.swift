/// Tetrahedral interpolation in a grid of three outputs a node, on 8-bit inputs, as LittleCMS's
/// 8-bit paths do it: each input's cell and fraction looked up, the cube's tetrahedron chosen by
/// the order of the three fractions.
struct Tetrahedral: Sendable {
    /// For each 8-bit value, the cell below it along an input of `points` nodes.
    let cells: [Int32]
    /// For each 8-bit value, the fraction into that cell.
    let fractions: [Float]

    init(points: Int) {
        let positions = (0..<256).map { Double($0) * Double(points - 1) / 255 }
        cells = positions.map { Int32(min(Int($0), points - 2)) }
        fractions = positions.map { Float($0 - Double(min(Int($0), points - 2))) }
    }

    /// The three outputs at fractions (fx, fy, fz) into the cube at `origin` of `nodes`, whose
    /// neighbours along the three inputs are `sx`, `sy`, `sz` apart.
    @inline(__always)
    static func interpolate(
        _ nodes: UnsafeBufferPointer<Float>, origin o: Int, strides sx: Int, _ sy: Int, _ sz: Int,
        _ fx: Float, _ fy: Float, _ fz: Float
    ) -> (Float, Float, Float) {
        // The corners after the origin, walked from the largest fraction to the smallest.
        let (a, b, f1, f2, f3): (Int, Int, Float, Float, Float)
        if fx >= fy && fy >= fz {
            (a, b, f1, f2, f3) = (sx, sx + sy, fx, fy, fz)
        } else if fx >= fz && fz >= fy {
            (a, b, f1, f2, f3) = (sx, sx + sz, fx, fz, fy)
        } else if fz >= fx && fx >= fy {
            (a, b, f1, f2, f3) = (sz, sx + sz, fz, fx, fy)
        } else if fy >= fx && fx >= fz {
            (a, b, f1, f2, f3) = (sy, sx + sy, fy, fx, fz)
        } else if fy >= fz && fz >= fx {
            (a, b, f1, f2, f3) = (sy, sy + sz, fy, fz, fx)
        } else {
            (a, b, f1, f2, f3) = (sz, sy + sz, fz, fy, fx)
        }
        let c = sx + sy + sz
        func channel(_ k: Int) -> Float {
            let c0 = nodes[o &+ k]
            let c1 = nodes[o &+ a &+ k]
            let c2 = nodes[o &+ b &+ k]
            let c3 = nodes[o &+ c &+ k]
            return c0 + (c1 - c0) * f1 + (c2 - c1) * f2 + (c3 - c2) * f3
        }
        return (channel(0), channel(1), channel(2))
    }

    /// A value in 0...255 (with 0.5 added) as a byte, clipped.
    @inline(__always)
    static func byte(_ v: Float) -> UInt8 { UInt8(min(max(v + 0.5, 0), 255)) }
}
