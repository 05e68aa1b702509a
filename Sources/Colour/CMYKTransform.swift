/// CMYK profile → sRGB for a CMYK/YCCK JPEG, the JPEG decoder calls it per row.
/// Inputs are TRUE ink amounts (0 = no ink), as LittleCMS's TYPE_CMYK_8 / Pillow's "CMYK" mode.
///
/// The whole conversion (A2B0, black point compensation, XYZ to sRGB) is sampled once on a 17⁴ grid,
/// as LittleCMS resamples an 8-bit CMYK transform, and interpolated as it interpolates four inputs.
public struct CMYKTransform: Sendable {
    static let points = 17
    /// Three floats (0...255) a node, cyan slowest.
    let nodes: [Float]
    let axis = Tetrahedral(points: CMYKTransform.points)

    public init(profile: ICCProfile) throws(ProfileError) {
        guard profile.space == .cmyk else { throw .unsupported(signature: signature("CMYK")) }
        let conversion = Conversion(profile)
        let n = CMYKTransform.points
        var values = [Float]()
        values.reserveCapacity(n * n * n * n * 3)
        let steps = (0..<n).map { Double($0) / Double(n - 1) }
        for c in steps {
            for m in steps {
                for y in steps {
                    for k in steps {
                        let v = conversion.linearSRGB(Device(c, m, y, k))
                        values.append(Float(BuiltInSRGB.encode(v.x) * 255))
                        values.append(Float(BuiltInSRGB.encode(v.y) * 255))
                        values.append(Float(BuiltInSRGB.encode(v.z) * 255))
                    }
                }
            }
        }
        nodes = values
    }

    /// Writes RGBA (alpha 255) for `count` pixels of interleaved CMYK: cyan linearly between two
    /// tetrahedral interpolations over magenta, yellow and black (LittleCMS's Eval4Inputs).
    public func convert(cmyk: UnsafePointer<UInt8>, rgba: UnsafeMutablePointer<UInt8>, count: Int) {
        let n = CMYKTransform.points
        let (sc, sm, sy, sk) = (3 * n * n * n, 3 * n * n, 3 * n, 3)
        nodes.withUnsafeBufferPointer { t in
            axis.cells.withUnsafeBufferPointer { cells in
                axis.fractions.withUnsafeBufferPointer { fractions in
                    for i in 0..<count {
                        let p = cmyk + i &* 4
                        let (c, m, y, k) = (Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
                        let o = Int(cells[c]) &* sc &+ Int(cells[m]) &* sm &+ Int(cells[y]) &* sy &+ Int(cells[k]) &* sk
                        let (fm, fy, fk) = (fractions[m], fractions[y], fractions[k])
                        var v = Tetrahedral.interpolate(t, origin: o, strides: sm, sy, sk, fm, fy, fk)
                        let fc = fractions[c]
                        if fc > 0 {
                            let w = Tetrahedral.interpolate(t, origin: o &+ sc, strides: sm, sy, sk, fm, fy, fk)
                            v = (v.0 + (w.0 - v.0) * fc, v.1 + (w.1 - v.1) * fc, v.2 + (w.2 - v.2) * fc)
                        }
                        let q = rgba + i &* 4
                        q[0] = Tetrahedral.byte(v.0)
                        q[1] = Tetrahedral.byte(v.1)
                        q[2] = Tetrahedral.byte(v.2)
                        q[3] = 255
                    }
                }
            }
        }
    }
}
