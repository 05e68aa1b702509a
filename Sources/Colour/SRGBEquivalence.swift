/// Whether converting through a profile would leave 8-bit pixels as they are (within one step, as
/// LittleCMS's own sRGB-to-sRGB transform differs by one in places), so the work can be skipped.
enum SRGBEquivalence {
    static func holds(for profile: ICCProfile) -> Bool {
        // A table-based profile is never taken as sRGB: sampling its grid is the costly part of a
        // conversion, so a parse that only wants the name never pays for it.
        if case .lut = profile.model { return false }
        guard profile.space != .cmyk else { return false }
        // Primaries that are not sRGB's are never within a step: no need to sample.
        if case .matrixShaper(_, let matrix) = profile.model {
            let toSRGB = BuiltInSRGB.fromD50 * matrix
            guard zip(toSRGB.m, Matrix3.identity.m).allSatisfy({ abs($0 - $1) < 0.02 }) else { return false }
        }
        let transform = ColourTransform(tablesOf: profile)
        var samples = [UInt8]()
        if profile.space == .grey {
            for v in 0..<256 { samples += [UInt8(v), UInt8(v), UInt8(v)] }
        } else {
            let levels = (0..<17).map { UInt8(min($0 * 16, 255)) }
            for r in levels { for g in levels { for b in levels { samples += [r, g, b] } } }
            for v in 0..<256 {
                let u = UInt8(v)
                samples += [u, u, u, u, 0, 0, 0, u, 0, 0, 0, u]
            }
        }
        var converted = samples
        converted.withUnsafeMutableBufferPointer { transform.apply($0.baseAddress!, count: $0.count / 3, stride: 3) }
        return zip(samples, converted).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }
}
