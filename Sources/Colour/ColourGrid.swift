/// A grid of colours over the unit cube of 1, 3 or 4 inputs, each node three outputs, interpolated
/// as LittleCMS interpolates: linearly on one input, tetrahedrally on three, and on four the first
/// input linearly between two tetrahedral interpolations of the other three (Eval4Inputs). The
/// first input varies slowest in `values`, as in an ICC table.
struct ColourGrid: Sendable {
    /// Points along each input, each at least 2.
    let points: [Int]
    /// Three floats a node.
    let values: [Float]
    /// The distance in `values` between neighbours along each input.
    let strides: [Int]

    init(points: [Int], values: [Float]) {
        precondition(!points.isEmpty && points.allSatisfy { $0 >= 2 }, "a grid of at least 2 points an input")
        self.points = points
        self.values = values
        var strides = [Int](repeating: 3, count: points.count)
        for i in stride(from: points.count - 2, through: 0, by: -1) { strides[i] = strides[i + 1] * points[i + 1] }
        precondition(values.count == strides[0] * points[0], "grid size")
        self.strides = strides
    }

    /// The node count and floats of a grid of `points` with `outputs` outputs, nil past `limit`.
    static func size(points: [Int], outputs: Int, limit: Int) -> Int? {
        var total = outputs
        for p in points {
            let (product, overflow) = total.multipliedReportingOverflow(by: p)
            guard !overflow, product <= limit else { return nil }
            total = product
        }
        return total
    }

    func evaluate(_ input: Device) -> Vector3 {
        switch points.count {
        case 1:
            let (i, f) = cell(input[0], 0)
            return mix(node(i * strides[0]), node((i + 1) * strides[0]), f)
        case 3:
            return tetrahedral(base: 0, input[0], input[1], input[2], first: 0)
        default:
            return evaluate4(input[0], input[1], input[2], input[3])
        }
    }

    /// Four inputs: the first linearly between tetrahedral interpolations of the other three.
    func evaluate4(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Vector3 {
        let (i, f) = cell(a, 0)
        let low = tetrahedral(base: i * strides[0], b, c, d, first: 1)
        guard f > 0 else { return low }
        let high = tetrahedral(base: (i + 1) * strides[0], b, c, d, first: 1)
        return mix(low, high, f)
    }

    /// The cell below `x` along input `axis` and the fraction into it (the last cell holds 1).
    private func cell(_ x: Double, _ axis: Int) -> (Int, Double) {
        let position = min(max(x.isNaN ? 0 : x, 0), 1) * Double(points[axis] - 1)
        let i = min(Int(position), points[axis] - 2)
        return (i, position - Double(i))
    }

    private func node(_ index: Int) -> Vector3 {
        Vector3(Double(values[index]), Double(values[index + 1]), Double(values[index + 2]))
    }

    private func mix(_ a: Vector3, _ b: Vector3, _ f: Double) -> Vector3 {
        Vector3(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f)
    }

    /// LittleCMS's tetrahedral interpolation over inputs `first`, `first + 1`, `first + 2`.
    private func tetrahedral(base: Int, _ x: Double, _ y: Double, _ z: Double, first: Int) -> Vector3 {
        let (ix, rx) = cell(x, first)
        let (iy, ry) = cell(y, first + 1)
        let (iz, rz) = cell(z, first + 2)
        let sx = strides[first]
        let sy = strides[first + 1]
        let sz = strides[first + 2]
        let o = base + ix * sx + iy * sy + iz * sz
        let c0 = node(o)
        let x1 = node(o + sx)
        let y1 = node(o + sy)
        let z1 = node(o + sz)
        let xy = node(o + sx + sy)
        let xz = node(o + sx + sz)
        let yz = node(o + sy + sz)
        let xyz = node(o + sx + sy + sz)
        let c1: Vector3
        let c2: Vector3
        let c3: Vector3
        if rx >= ry && ry >= rz {
            (c1, c2, c3) = (x1 - c0, xy - x1, xyz - xy)
        } else if rx >= rz && rz >= ry {
            (c1, c2, c3) = (x1 - c0, xyz - xz, xz - x1)
        } else if rz >= rx && rx >= ry {
            (c1, c2, c3) = (xz - z1, xyz - xz, z1 - c0)
        } else if ry >= rx && rx >= rz {
            (c1, c2, c3) = (xy - y1, y1 - c0, xyz - xy)
        } else if ry >= rz && rz >= rx {
            (c1, c2, c3) = (xyz - yz, y1 - c0, yz - y1)
        } else {
            (c1, c2, c3) = (xyz - yz, yz - z1, z1 - c0)
        }
        return Vector3(
            c0.x + c1.x * rx + c2.x * ry + c3.x * rz, c0.y + c1.y * rx + c2.y * ry + c3.y * rz,
            c0.z + c1.z * rx + c2.z * ry + c3.z * rz)
    }
}

extension Vector3 {
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
}
