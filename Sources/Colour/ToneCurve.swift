import Posix

/// A curve of an ICC profile (`curv` or `para`, or a table of a LUT tag), evaluated on [0, 1] as
/// LittleCMS 2 evaluates it: a table by linear interpolation between its entries, a parametric
/// curve by its formula (ICC function types 0–4, LittleCMS's types 1–5).
struct ToneCurve: Sendable {
    enum Shape: Sendable {
        /// ICC function type 0...4 and its 1, 3, 4, 5 or 7 parameters.
        case parametric(type: Int, parameters: [Double])
        /// Entries in [0, 1], the first at 0, the last at 1.
        case table([Float])
    }

    let shape: Shape

    static let identity = ToneCurve(shape: .parametric(type: 0, parameters: [1]))

    static func gamma(_ gamma: Double) -> ToneCurve { ToneCurve(shape: .parametric(type: 0, parameters: [gamma])) }

    /// The curve at `x`, for `x` in [0, 1] (a table clamps; a formula is taken as written).
    func value(_ x: Double) -> Double {
        switch shape {
        case .table(let entries):
            let last = entries.count - 1
            let position = min(max(x, 0), 1) * Double(last)
            let i = min(Int(position), last - 1)
            let fraction = position - Double(i)
            return Double(entries[i]) + (Double(entries[i + 1]) - Double(entries[i])) * fraction
        case .parametric(let type, let p):
            return ToneCurve.parametric(type: type, p, x)
        }
    }

    /// LittleCMS's formulas (cmsgamma.c, DefaultEvalParametricFn), its edge cases included: a
    /// zero `a` is a curve of zeros, and a base that is not positive gives the constant term.
    private static func parametric(type: Int, _ p: [Double], _ x: Double) -> Double {
        switch type {
        case 0:
            return x < 0 ? (abs(p[0] - 1) < 1e-4 ? x : 0) : CMath.pow(x, p[0])
        case 1:
            guard abs(p[1]) >= 1e-4, x >= -p[2] / p[1] else { return 0 }
            let e = p[1] * x + p[2]
            return e > 0 ? CMath.pow(e, p[0]) : 0
        case 2:
            guard abs(p[1]) >= 1e-4 else { return 0 }
            guard x >= -p[2] / p[1] else { return p[3] }
            let e = p[1] * x + p[2]
            return e > 0 ? CMath.pow(e, p[0]) + p[3] : p[3]
        case 3:
            guard x >= p[4] else { return x * p[3] }
            let e = p[1] * x + p[2]
            return e > 0 ? CMath.pow(e, p[0]) : 0
        default:
            guard x >= p[4] else { return x * p[3] + p[6] }
            let e = p[1] * x + p[2]
            return e > 0 ? CMath.pow(e, p[0]) + p[5] : p[5]
        }
    }

    /// How many parameters each ICC function type has.
    static let parameterCounts = [1, 3, 4, 5, 7]

    /// Reads the `curv` or `para` at `offset` (at most `size` bytes), and the bytes it took (a LUT
    /// tag's curves follow one another, each padded to four bytes).
    static func read(
        _ data: ICCBytes, at offset: Int, size: Int, budget: inout ProfileBudget
    ) throws(ProfileError)
        -> (curve: ToneCurve, bytes: Int)
    {
        let tag = data.tag
        let type = try data.u32(offset)
        let curve: ToneCurve
        let bytes: Int
        if type == signature("curv") {
            let count = Int(try data.u32(offset + 8))
            try budget.take(floats: count, tag: tag)
            bytes = 12 + 2 * count
            guard bytes <= size else { throw .malformed(tag: tag) }
            switch count {
            case 0: curve = .identity
            case 1: curve = .gamma(Double(try data.u16(offset + 12)) / 256)
            default: curve = ToneCurve(shape: .table(try data.unitValues(offset + 12, count: count)))
            }
        } else if type == signature("para") {
            let function = try data.u16(offset + 8)
            guard function < parameterCounts.count else { throw .malformed(tag: tag) }
            let count = parameterCounts[function]
            bytes = 12 + 4 * count
            guard bytes <= size else { throw .malformed(tag: tag) }
            var parameters = [Double]()
            for i in 0..<count { parameters.append(try data.s15Fixed16(offset + 12 + 4 * i)) }
            curve = ToneCurve(shape: .parametric(type: function, parameters: parameters))
        } else {
            throw .tagType(tag: tag, type: type)
        }
        try curve.checkFinite(tag: tag)
        return (curve, bytes)
    }

    /// Refuses a curve whose formula gives no number (an overflowing power) anywhere on [0, 1].
    func checkFinite(tag: UInt32) throws(ProfileError) {
        for i in 0...64 where !value(Double(i) / 64).isFinite { throw .malformed(tag: tag) }
        if case .parametric(_, let p) = shape, p[0] > 1000 || p[0] < -1000 { throw .malformed(tag: tag) }
    }
}
