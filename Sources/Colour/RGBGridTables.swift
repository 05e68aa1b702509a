/// A table-based RGB conversion on 8-bit pixels: 8-bit sRGB sampled on a 33³ grid of the input, as
/// LittleCMS resamples an 8-bit transform (OptimizeByResampling), interpolated tetrahedrally.
struct RGBGridTables: Sendable {
    static let points = 33
    /// Three floats (0...255) a node, red slowest.
    let nodes: [Float]
    /// For each 8-bit value: the grid cell below it and the fraction into that cell.
    let cells: [Int32]
    let fractions: [Float]

    /// Samples `linear` (linear sRGB of device RGB in [0, 1]) at every node.
    init(_ linear: (_ device: Device) -> Vector3) {
        let n = RGBGridTables.points
        var nodes = [Float]()
        nodes.reserveCapacity(n * n * n * 3)
        for r in 0..<n {
            for g in 0..<n {
                for b in 0..<n {
                    let scale = 1 / Double(n - 1)
                    let v = linear(Device(Double(r) * scale, Double(g) * scale, Double(b) * scale, 0))
                    for c in [v.x, v.y, v.z] { nodes.append(Float(BuiltInSRGB.encode(c) * 255)) }
                }
            }
        }
        self.nodes = nodes
        let positions = (0..<256).map { Double($0) * Double(n - 1) / 255 }
        cells = positions.map { Int32(min(Int($0), n - 2)) }
        fractions = positions.map { Float($0 - Double(min(Int($0), n - 2))) }
    }

    func apply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) {
        let n = RGBGridTables.points
        let sb = 3
        let sg = 3 * n
        let sr = 3 * n * n
        nodes.withUnsafeBufferPointer { t in
            for i in 0..<count {
                let p = pixels + i &* stride
                let (r, g, b) = (Int(p[0]), Int(p[1]), Int(p[2]))
                let (rx, ry, rz) = (fractions[r], fractions[g], fractions[b])
                let o = Int(cells[r]) &* sr &+ Int(cells[g]) &* sg &+ Int(cells[b]) &* sb
                // The tetrahedron's corners after the origin, by which fraction is largest.
                let (a, bb, c): (Int, Int, Int)
                let (f1, f2, f3): (Float, Float, Float)
                if rx >= ry && ry >= rz {
                    (a, bb, c, f1, f2, f3) = (sr, sr + sg, sr + sg + sb, rx, ry, rz)
                } else if rx >= rz && rz >= ry {
                    (a, bb, c, f1, f2, f3) = (sr, sr + sb, sr + sg + sb, rx, rz, ry)
                } else if rz >= rx && rx >= ry {
                    (a, bb, c, f1, f2, f3) = (sb, sr + sb, sr + sg + sb, rz, rx, ry)
                } else if ry >= rx && rx >= rz {
                    (a, bb, c, f1, f2, f3) = (sg, sr + sg, sr + sg + sb, ry, rx, rz)
                } else if ry >= rz && rz >= rx {
                    (a, bb, c, f1, f2, f3) = (sg, sg + sb, sr + sg + sb, ry, rz, rx)
                } else {
                    (a, bb, c, f1, f2, f3) = (sb, sg + sb, sr + sg + sb, rz, ry, rx)
                }
                for k in 0..<3 {
                    let c0 = t[o + k]
                    let c1 = t[o + a + k]
                    let c2 = t[o + bb + k]
                    let c3 = t[o + c + k]
                    let v = c0 + (c1 - c0) * f1 + (c2 - c1) * f2 + (c3 - c2) * f3
                    p[k] = UInt8(min(max(v + 0.5, 0), 255))
                }
            }
        }
    }
}
