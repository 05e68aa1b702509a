import Posix

/// LittleCMS 2's built-in sRGB (cmsCreate_sRGBProfile), the one output every conversion ends in:
/// the BT.709 primaries and D65 white adapted to D50 by Bradford, and its curve, a `para` of type 4
/// (2.4, 1/1.055, 0.055/1.055, 1/12.92, 0.04045), inverted as LittleCMS inverts it.
enum BuiltInSRGB {
    static let toD50 = Chromaticity.rgbToD50(
        red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: (0.3127, 0.3290))
    /// XYZ (D50) to linear sRGB.
    static let fromD50 = toD50.inverse!

    /// The curve: encoded sRGB to linear light.
    static func decode(_ v: Double) -> Double {
        v >= 0.04045 ? CMath.pow((v + 0.055) / 1.055, 2.4) : v / 12.92
    }

    /// The inverse: linear light to encoded sRGB, clipped to [0, 1] (not a number: 0).
    static func encode(_ linear: Double) -> Double {
        guard !linear.isNaN else { return 0 }
        let v = min(max(linear, 0), 1)
        return v >= 0.04045 / 12.92 ? 1.055 * CMath.pow(v, 1 / 2.4) - 0.055 : v * 12.92
    }

    /// The table `encode` is read from at apply time: `outputSteps + 1` entries over linear [0, 1],
    /// 8-bit and rounded. 16384 steps, as LittleCMS's 8-bit matrix-shaper (1.14 fixed point).
    static let outputSteps = 16384
    static let outputTable: [UInt8] = (0...outputSteps).map { i in
        UInt8(min(max((encode(Double(i) / Double(outputSteps)) * 255).rounded(), 0), 255))
    }
}
