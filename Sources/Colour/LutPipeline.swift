/// An A2B0 table (`mft1`, `mft2` or `mAB `) as LittleCMS reads it into a pipeline: a matrix (mft2 and
/// mft1 with three inputs, where it is not the identity, as LittleCMS applies it), the A curves, the
/// grid, the M curves, a matrix with offsets, the B curves, all over values in [0, 1]; then the
/// connection space decoded to XYZ (D50).
struct LutPipeline: Sendable {
    var inputMatrix: Matrix3?
    var aCurves: [ToneCurve]
    var grid: ColourGrid?
    var mCurves: [ToneCurve]
    var matrix: Matrix3?
    var offset = Vector3.zero
    var bCurves: [ToneCurve]
    /// The connection space is Lab (else XYZ).
    let pcsIsLab: Bool
    /// An mft2 in Lab: the 16-bit v2 encoding (L 100 at 0xFF00), which LittleCMS turns into v4's.
    let legacyLab: Bool

    /// The connection-space colour (XYZ, D50, 1 the white's Y) of device values in [0, 1].
    func evaluate(_ device: Device) -> Vector3 {
        var values = device
        if let inputMatrix, aCurves.count == 3 {
            let v = inputMatrix * Vector3(values[0], values[1], values[2])
            values = Device(v.x, v.y, v.z, 0)
        }
        for (i, curve) in aCurves.enumerated() { values[i] = curve.value(values[i]) }
        var v = grid.map { $0.evaluate(values) } ?? Vector3(values[0], values[1], values[2])
        if !mCurves.isEmpty { v = Vector3(mCurves[0].value(v.x), mCurves[1].value(v.y), mCurves[2].value(v.z)) }
        if let matrix { v = matrix * v + offset }
        v = Vector3(bCurves[0].value(v.x), bCurves[1].value(v.y), bCurves[2].value(v.z))
        return pcsIsLab ? Lab.toXYZ(v, legacy: legacyLab) : Vector3(v.x, v.y, v.z) * (65535.0 / 32768)
    }
}

extension Vector3 {
    static func * (v: Vector3, s: Double) -> Vector3 { Vector3(v.x * s, v.y * s, v.z * s) }
}

/// CIE L*a*b* against D50, as LittleCMS converts it.
enum Lab {
    /// XYZ of encoded Lab (v4: L = 100 v, a = 255 v - 128), the v2 16-bit encoding scaled first.
    static func toXYZ(_ encoded: Vector3, legacy: Bool) -> Vector3 {
        let e = legacy ? encoded * (65535.0 / 65280) : encoded
        return toXYZ(l: e.x * 100, a: e.y * 255 - 128, b: e.z * 255 - 128)
    }

    static func toXYZ(l: Double, a: Double, b: Double) -> Vector3 {
        let fy = (l + 16) / 116
        let fx = fy + a / 500
        let fz = fy - b / 200
        func inverse(_ t: Double) -> Double { t > 24.0 / 116 ? t * t * t : 108.0 / 841 * (t - 16.0 / 116) }
        let white = Chromaticity.d50
        return Vector3(inverse(fx) * white.x, inverse(fy) * white.y, inverse(fz) * white.z)
    }

    /// L* of a relative luminance Y (white 1).
    static func lightness(_ y: Double) -> Double {
        let t = y > 216.0 / 24389 ? cubeRoot(y) : 841.0 / 108 * y + 16.0 / 116
        return 116 * t - 16
    }

    private static func cubeRoot(_ x: Double) -> Double {
        var r = x > 1 ? x / 3 : 1.0
        for _ in 0..<60 { r -= (r * r * r - x) / (3 * r * r) }
        return r
    }
}
