/// A 3×3 matrix of doubles, rows first: the colour matrices of a conversion, made once per picture.
struct Matrix3: Sendable, Equatable {
    var m: [Double]

    init(_ m: [Double]) {
        precondition(m.count == 9, "a 3×3 matrix has nine numbers")
        self.m = m
    }

    /// The matrix whose columns are the three vectors.
    init(columns a: Vector3, _ b: Vector3, _ c: Vector3) {
        m = [a.x, b.x, c.x, a.y, b.y, c.y, a.z, b.z, c.z]
    }

    static let identity = Matrix3([1, 0, 0, 0, 1, 0, 0, 0, 1])

    static func diagonal(_ v: Vector3) -> Matrix3 { Matrix3([v.x, 0, 0, 0, v.y, 0, 0, 0, v.z]) }

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = a.m[i * 3] * b.m[j] + a.m[i * 3 + 1] * b.m[3 + j] + a.m[i * 3 + 2] * b.m[6 + j]
            }
        }
        return Matrix3(r)
    }

    static func * (a: Matrix3, v: Vector3) -> Vector3 {
        Vector3(
            a.m[0] * v.x + a.m[1] * v.y + a.m[2] * v.z, a.m[3] * v.x + a.m[4] * v.y + a.m[5] * v.z,
            a.m[6] * v.x + a.m[7] * v.y + a.m[8] * v.z)
    }

    /// The inverse, nil when the matrix is (nearly) singular.
    var inverse: Matrix3? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7]
        let c1 = a[5] * a[6] - a[3] * a[8]
        let c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard abs(det) > 1e-9, det.isFinite else { return nil }
        return Matrix3([
            c0 / det, (a[2] * a[7] - a[1] * a[8]) / det, (a[1] * a[5] - a[2] * a[4]) / det,
            c1 / det, (a[0] * a[8] - a[2] * a[6]) / det, (a[2] * a[3] - a[0] * a[5]) / det,
            c2 / det, (a[1] * a[6] - a[0] * a[7]) / det, (a[0] * a[4] - a[1] * a[3]) / det,
        ])
    }
}

/// Device values in [0, 1]: one (grey), three (RGB) or four (CMYK) of the four, the rest 0.
typealias Device = SIMD4<Double>

struct Vector3: Sendable, Equatable {
    var x, y, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    static let zero = Vector3(0, 0, 0)

    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
}

/// The connection space's white, and the chromaticities LittleCMS builds RGB profiles from.
enum Chromaticity {
    /// D50 as LittleCMS has it (cmsD50X, cmsD50Y, cmsD50Z).
    static let d50 = Vector3(0.9642, 1.0, 0.8249)

    /// The XYZ of chromaticity (x, y) at Y = 1.
    static func xyz(_ x: Double, _ y: Double) -> Vector3 { Vector3(x / y, 1, (1 - x - y) / y) }

    /// Bradford's cone response matrix.
    static let bradford = Matrix3([0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296])

    /// The Bradford adaptation from the white `from` to D50.
    static func adaptationToD50(from white: Vector3) -> Matrix3 {
        let coneFrom = bradford * white
        let coneTo = bradford * d50
        let scale = Matrix3.diagonal(Vector3(coneTo.x / coneFrom.x, coneTo.y / coneFrom.y, coneTo.z / coneFrom.z))
        return bradford.inverse! * scale * bradford
    }

    /// The RGB to XYZ (D50) matrix of the primaries and white, as cmsCreateRGBProfile makes it:
    /// the primaries scaled so that RGB 1, 1, 1 is the white, then adapted to D50 by Bradford.
    static func rgbToD50(
        red: (Double, Double), green: (Double, Double), blue: (Double, Double),
        white: (Double, Double)
    ) -> Matrix3 {
        let primaries = Matrix3(
            columns: xyz(red.0, red.1), xyz(green.0, green.1), xyz(blue.0, blue.1))
        let whiteXYZ = xyz(white.0, white.1)
        let scale = primaries.inverse! * whiteXYZ
        return adaptationToD50(from: whiteXYZ) * primaries * Matrix3.diagonal(scale)
    }
}
