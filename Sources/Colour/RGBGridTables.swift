/// A table-based RGB conversion on 8-bit pixels: 8-bit sRGB sampled on a 33³ grid of the input, as
/// LittleCMS resamples an 8-bit transform (OptimizeByResampling), interpolated tetrahedrally.
struct RGBGridTables: Sendable {
    static let points = 33
    /// Three floats (0...255) a node, red slowest.
    let nodes: [Float]
    let axis = Tetrahedral(points: RGBGridTables.points)

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
                    nodes.append(Float(BuiltInSRGB.encode(v.x) * 255))
                    nodes.append(Float(BuiltInSRGB.encode(v.y) * 255))
                    nodes.append(Float(BuiltInSRGB.encode(v.z) * 255))
                }
            }
        }
        self.nodes = nodes
    }

    func apply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) {
        let n = RGBGridTables.points
        let (sr, sg, sb) = (3 * n * n, 3 * n, 3)
        nodes.withUnsafeBufferPointer { t in
            axis.cells.withUnsafeBufferPointer { cells in
                axis.fractions.withUnsafeBufferPointer { fractions in
                    for i in 0..<count {
                        let p = pixels + i &* stride
                        let (r, g, b) = (Int(p[0]), Int(p[1]), Int(p[2]))
                        let o = Int(cells[r]) &* sr &+ Int(cells[g]) &* sg &+ Int(cells[b]) &* sb
                        let v = Tetrahedral.interpolate(
                            t, origin: o, strides: sr, sg, sb, fractions[r], fractions[g], fractions[b])
                        p[0] = Tetrahedral.byte(v.0)
                        p[1] = Tetrahedral.byte(v.1)
                        p[2] = Tetrahedral.byte(v.2)
                    }
                }
            }
        }
    }
}
