/// A profile's whole way to linear sRGB as LittleCMS links it to its built-in sRGB for the
/// perceptual intent: the device model to XYZ (D50), black point compensation where LittleCMS
/// applies it, and XYZ to linear sRGB.
///
/// LittleCMS's built-in sRGB is a version 4 profile, and `_cmsLinkProfiles` forces black point
/// compensation for a version 4 profile on the perceptual intent, so every conversion to it has
/// BPC: the source's black point (`cmsDetectBlackPoint`) is scaled onto sRGB's (0, a matrix-shaper
/// with curves through 0) in XYZ, D50 kept. The source's black is LittleCMS's fixed perceptual black
/// for a version 4 LUT profile (one without a matrix-shaper's tags besides), else the device's
/// darkest colour (RGB 0, grey 0, all four inks at 100 %) converted, taken as 0 when its L* is past
/// 50. LittleCMS's source makes that black neutral (a* = b* = 0), but 2.19's conversions of
/// Ghostscript's default_cmyk.icc (whose black has a* 0.8, b* 0.3) match its chromatic black: mean
/// ΔE2000 0.003 against 0.29 neutral, the darkest colours 1.0 apart at worst against 2.5; so do a
/// written profile's with a tinted black (colour-engine-check). A version 4 profile with both
/// tables and matrix-shaper tags reaches its black through A2B1 in LittleCMS; imgsel reads A2B0
/// alone, the same table in the profiles seen.
struct Conversion: Sendable {
    let model: DeviceModel
    /// XYZ' = scale · XYZ + offset, per component; identity when the source's black is already 0.
    let scale: Vector3
    let offset: Vector3

    /// LittleCMS's perceptual black (cmsPERCEPTUAL_BLACK_X, _Y, _Z).
    static let perceptualBlack = Vector3(0.00336, 0.0034731, 0.00287)

    init(_ profile: ICCProfile) {
        model = profile.model
        var black: Vector3
        if case .lut = profile.model, profile.isVersion4, !profile.hasMatrixShaperTags {
            black = Conversion.perceptualBlack
        } else {
            let darkest = profile.model.xyz(profile.space == .cmyk ? Device(1, 1, 1, 1) : Device())
            let l = Lab.lightness(darkest.y)
            black = l > 50 || l < 0 || !l.isFinite ? .zero : darkest
        }
        // A black as bright as the white in any component (only a broken profile has one) would
        // scale by infinity: no compensation then.
        let white = Chromaticity.d50
        if ![black.x / white.x, black.y / white.y, black.z / white.z].allSatisfy({ $0.isFinite && abs($0) < 0.9 }) {
            black = .zero
        }
        func scale(_ b: Double, _ w: Double) -> Double { -w / (b - w) }
        func offset(_ b: Double, _ w: Double) -> Double { -w * -b / (b - w) }
        self.scale = Vector3(scale(black.x, white.x), scale(black.y, white.y), scale(black.z, white.z))
        self.offset = Vector3(offset(black.x, white.x), offset(black.y, white.y), offset(black.z, white.z))
    }

    /// Linear sRGB, unclipped, of device values in [0, 1].
    func linearSRGB(_ device: Device) -> Vector3 {
        BuiltInSRGB.fromD50 * compensated(model.xyz(device))
    }

    func compensated(_ xyz: Vector3) -> Vector3 {
        Vector3(xyz.x * scale.x + offset.x, xyz.y * scale.y + offset.y, xyz.z * scale.z + offset.z)
    }
}

extension DeviceModel {
    /// XYZ (D50) of device values in [0, 1].
    func xyz(_ device: Device) -> Vector3 {
        switch self {
        case .matrixShaper(let curves, let matrix):
            return matrix * Vector3(curves[0].value(device[0]), curves[1].value(device[1]), curves[2].value(device[2]))
        case .grey(let curve, let pcsIsLab):
            return Chromaticity.d50 * greyY(curve.value(device[0]), pcsIsLab: pcsIsLab)
        case .lut(let pipeline):
            return pipeline.evaluate(device)
        }
    }

    /// The Y of a grey curve's value: the value itself, or, in Lab, Y of L* = 100 · value.
    func greyY(_ value: Double, pcsIsLab: Bool) -> Double {
        pcsIsLab ? Lab.toXYZ(l: value * 100, a: 0, b: 0).y : value
    }
}
