/// CMYK profile → sRGB for a CMYK/YCCK JPEG, the JPEG decoder calls it per row.
/// Inputs are TRUE ink amounts (0 = no ink), as LittleCMS's TYPE_CMYK_8 / Pillow's "CMYK" mode.
///
/// The whole conversion (A2B0, black point compensation, XYZ to sRGB) is sampled once on a 17⁴ grid,
/// as LittleCMS resamples an 8-bit CMYK transform, and interpolated as it interpolates four inputs.
public struct CMYKTransform: Sendable {
    static let points = 17
    let grid: ColourGrid

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
                        for e in [v.x, v.y, v.z] { values.append(Float(BuiltInSRGB.encode(e) * 255)) }
                    }
                }
            }
        }
        grid = ColourGrid(points: [n, n, n, n], values: values)
    }

    /// Writes RGBA (alpha 255) for `count` pixels of interleaved CMYK.
    public func convert(cmyk: UnsafePointer<UInt8>, rgba: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let p = cmyk + i &* 4
            let v = grid.evaluate4(
                Double(p[0]) / 255, Double(p[1]) / 255, Double(p[2]) / 255, Double(p[3]) / 255)
            let q = rgba + i &* 4
            q[0] = CMYKTransform.byte(v.x)
            q[1] = CMYKTransform.byte(v.y)
            q[2] = CMYKTransform.byte(v.z)
            q[3] = 255
        }
    }

    @inline(__always)
    static func byte(_ v: Double) -> UInt8 { UInt8(min(max(v + 0.5, 0), 255)) }
}
