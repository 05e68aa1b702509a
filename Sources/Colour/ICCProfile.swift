/// An ICC profile, parsed (v2 and v4), bounded: never allocates past `ProfileBudget.limit` (16 MiB)
/// whatever the bytes say, and refuses what it cannot convert with a `ProfileError`.
public struct ICCProfile: Sendable {
    public enum Space: Sendable { case rgb, grey, cmyk }

    public let space: Space
    /// The name `info` shows: the `desc` text (v2 `desc` ASCII or v4 `mluc` first record), trimmed,
    /// printable ASCII only, at most 64 characters; nil when the profile has none.
    public let description: String?
    /// True when converting through it changes no 8-bit RGB value by more than one step, on a cube
    /// of 17³ values and every grey and primary ramp (an sRGB profile): callers skip the work.
    public private(set) var isSRGBEquivalent = false
    /// Major version 4 or later: LittleCMS forces black point compensation on the perceptual intent
    /// and takes a LUT's black as the fixed perceptual black.
    let isVersion4: Bool
    /// The profile has a matrix-shaper's tags (rXYZ… and rTRC…, or kTRC), whatever else it has:
    /// LittleCMS then takes a version 4 profile's black from the device's black (cmsIsMatrixShaper).
    let hasMatrixShaperTags: Bool
    /// The conversion from device values to the connection space (D50), as LittleCMS picks it for
    /// the perceptual intent.
    let model: DeviceModel

    public static func parse(_ bytes: [UInt8]) throws(ProfileError) -> ICCProfile {
        var profile = try ICCProfile(bytes)
        profile.isSRGBEquivalent = SRGBEquivalence.holds(for: profile)
        return profile
    }

    private init(_ all: [UInt8]) throws(ProfileError) {
        guard all.count >= 132 else { throw .truncated(bytes: all.count) }
        let declared = ICCBytes(all)
        let size = Int(try declared.u32(0))
        // LittleCMS reads no further than the smaller of the declared and the actual size.
        guard size >= 132 else { throw .truncated(bytes: size) }
        let data = size < all.count ? ICCBytes(Array(all[0..<size])) : declared
        guard try data.u32(36) == signature("acsp") else { throw .notAProfile }
        let deviceClass = try data.u32(12)
        guard ![signature("link"), signature("abst"), signature("nmcl")].contains(deviceClass) else {
            throw .unsupported(signature: deviceClass)
        }
        let spaceSignature = try data.u32(16)
        switch spaceSignature {
        case signature("RGB "): space = .rgb
        case signature("GRAY"): space = .grey
        case signature("CMYK"): space = .cmyk
        default: throw .unsupported(signature: spaceSignature)
        }
        let pcs = try data.u32(20)
        guard pcs == signature("XYZ ") || pcs == signature("Lab ") else { throw .unsupported(signature: pcs) }
        isVersion4 = try data.u8(8) >= 4
        let tags = try TagTable(data)
        let shaperTags = space == .grey ? ["kTRC"] : ["rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"]
        hasMatrixShaperTags = space != .cmyk && shaperTags.allSatisfy { tags.has(signature(fourCharacters: $0)) }
        description = try ProfileDescription.read(data, tags)
        model = try DeviceModel.read(data, tags, space: space, pcsIsLab: pcs == signature("Lab "))
    }
}
