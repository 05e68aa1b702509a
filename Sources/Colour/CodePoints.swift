/// An nclx (HEIF/AVIF `colr`) or PNG `cICP` description: ITU-T H.273 code points.
public struct CodePoints: Sendable, Equatable {
    public var primaries: Int, transfer: Int, matrix: Int, fullRange: Bool

    public init(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// "sRGB", "BT.709", "Display P3", "BT.2020", "BT.2020 PQ", "BT.2020 HLG", "Display P3 PQ", ...;
    /// nil when a code point is unknown (the caller says so).
    public var name: String? {
        guard let gamut = Gamut(primaries), let curve = Transfer(transfer) else { return nil }
        switch (gamut, curve) {
        case (.bt709, .srgb): return "sRGB"
        case (.bt709, .bt709): return "BT.709"
        case (.bt2020, .bt709), (.displayP3, .srgb), (.dciP3, .srgb): return gamut.name
        case (_, .pq): return gamut.name + " PQ"
        case (_, .hlg): return gamut.name + " HLG"
        case (_, .linear): return gamut.name + " linear"
        case (_, .gamma22): return gamut.name + " gamma 2.2"
        case (_, .gamma28): return gamut.name + " gamma 2.8"
        case (_, .bt709): return gamut.name + ", BT.709 transfer"
        case (_, .srgb): return gamut.name + ", sRGB transfer"
        }
    }
}

/// The primaries imgsel converts from (H.273 ColourPrimaries), with their chromaticities.
enum Gamut {
    case bt709, bt2020, displayP3, dciP3

    init?(_ code: Int) {
        switch code {
        case 1: self = .bt709
        case 9: self = .bt2020
        case 11: self = .dciP3
        case 12: self = .displayP3
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .bt709: "BT.709"
        case .bt2020: "BT.2020"
        case .displayP3: "Display P3"
        case .dciP3: "DCI-P3"
        }
    }

    /// RGB to XYZ (D50), as LittleCMS's cmsCreateRGBProfile makes it from the chromaticities.
    var toD50: Matrix3 {
        let d65 = (0.3127, 0.3290)
        switch self {
        case .bt709:
            return Chromaticity.rgbToD50(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: d65)
        case .bt2020:
            return Chromaticity.rgbToD50(
                red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: d65)
        case .displayP3:
            return Chromaticity.rgbToD50(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65)
        case .dciP3:
            return Chromaticity.rgbToD50(
                red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.314, 0.351))
        }
    }
}
