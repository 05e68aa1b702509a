/// A matrix-shaper conversion on 8-bit pixels: each channel to linear light by a 256-entry table,
/// a 3×3 matrix and an offset to linear sRGB, and back to 8 bits by BuiltInSRGB's output table.
struct ShaperTables: Sendable {
    /// 3 × 256 linear values: red's, green's, blue's.
    let curves: [Float]
    /// Rows first, then the offset: twelve numbers.
    let matrix: [Float]

    init(curves: [[Double]], matrix: Matrix3, offset: Vector3) {
        // A curve's formula may overflow between the points it was checked at: such a value is 0.
        self.curves = curves.flatMap { $0.map { $0.isFinite ? Float(min(max($0, -1e6), 1e6)) : 0 } }
        // Finite and bounded, so that no sum below is infinite or not a number.
        self.matrix = (matrix.m + [offset.x, offset.y, offset.z]).map { $0.isFinite ? Float(min(max($0, -64), 64)) : 0 }
    }

    func apply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) {
        let steps = Float(BuiltInSRGB.outputSteps)
        curves.withUnsafeBufferPointer { c in
            BuiltInSRGB.outputTable.withUnsafeBufferPointer { out in
                let m = matrix
                let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
                let (o0, o1, o2) = (m[9] * steps + 0.5, m[10] * steps + 0.5, m[11] * steps + 0.5)
                let (s0, s1, s2, s3, s4, s5, s6, s7, s8) = (
                    m0 * steps, m1 * steps, m2 * steps, m3 * steps, m4 * steps, m5 * steps, m6 * steps, m7 * steps,
                    m8 * steps
                )
                for i in 0..<count {
                    let p = pixels + i &* stride
                    let r = c[Int(p[0])]
                    let g = c[256 &+ Int(p[1])]
                    let b = c[512 &+ Int(p[2])]
                    p[0] = out[ShaperTables.index(s0 * r + s1 * g + s2 * b + o0, steps)]
                    p[1] = out[ShaperTables.index(s3 * r + s4 * g + s5 * b + o1, steps)]
                    p[2] = out[ShaperTables.index(s6 * r + s7 * g + s8 * b + o2, steps)]
                }
            }
        }
    }

    /// The output table's index of a scaled value, clipped to the table (NaN to 0).
    @inline(__always)
    static func index(_ v: Float, _ steps: Float) -> Int {
        Int(min(max(v, 0), steps))
    }
}
