import Colour
import Deflate
import ImageDecoding
import ImageHeaders

/// What a picture's colour description comes to: how `info` names it, and how its numbers become
/// sRGB's (SPEC "Colour"). Made once per picture from the description its container holds; a
/// description that cannot be read or applied is sRGB, and says so, never an error.
public struct PictureColour: Sendable {
    /// Where the description came from, as `info --json` spells it.
    public enum Source: String, Sendable {
        case icc, nclx, cicp
        case srgbChunk = "srgb-chunk"
        case none, unreadable
    }

    public let source: Source
    /// "Display P3", "Adobe RGB (1998)", "BT.2020 PQ", "sRGB"…
    public let name: String
    /// Set when the description is not applied (code points imgsel does not know, a profile of a
    /// kind it does not convert): the pixels are taken as sRGB.
    public let ignored: Bool
    /// An RGB or grey picture's numbers to sRGB; nil when they are sRGB's already.
    public let toSRGB: ColourTransform?
    /// A CMYK picture's ink to sRGB through its profile, for the decoder; nil without a CMYK profile.
    public let cmyk: CMYKToRGB?
    /// An RGB profile's bytes, for export to write with pixels it keeps in their own space; nil for
    /// every other description (an nclx or CMYK picture is written in sRGB).
    public let rgbProfile: [UInt8]?

    /// sRGB said by nothing at all.
    public static let plain = PictureColour(
        source: .none, name: "sRGB", ignored: false, toSRGB: nil, cmyk: nil, rgbProfile: nil)

    /// The colour of a file of `type`: its description found by its container's lexer, then read.
    public static func of(_ bytes: [UInt8], type: ImageType) -> PictureColour {
        of(ColourDescription.read(bytes, type: type))
    }

    public static func of(_ description: ColourDescription) -> PictureColour {
        switch description {
        case .none: return plain
        case .srgbChunk:
            return PictureColour(
                source: .srgbChunk, name: "sRGB", ignored: false, toSRGB: nil, cmyk: nil, rgbProfile: nil)
        case .brokenProfile: return unreadable
        case .icc(let stored):
            let bytes: [UInt8]?
            switch stored {
            case .raw(let raw): bytes = raw
            case .zlib(let compressed): bytes = try? Inflate.zlib(compressed, limit: 16 << 20)
            }
            guard let bytes else { return unreadable }
            return profile(bytes)
        case let .codePoints(source, primaries, transfer, matrix, fullRange):
            let points = CodePoints(primaries: primaries, transfer: transfer, matrix: matrix, fullRange: fullRange)
            let from: Source = source == .nclx ? .nclx : .cicp
            guard let name = points.name else {
                return PictureColour(
                    source: from, name: "primaries \(primaries), transfer \(transfer)", ignored: true, toSRGB: nil,
                    cmyk: nil, rgbProfile: nil)
            }
            return PictureColour(
                source: from, name: name, ignored: false, toSRGB: ColourTransform(codePoints: points), cmyk: nil,
                rgbProfile: nil)
        }
    }

    private static let unreadable = PictureColour(
        source: .unreadable, name: "unreadable ICC profile", ignored: true, toSRGB: nil, cmyk: nil, rgbProfile: nil)

    /// A profile parsed and made a transform; one that does not parse, or cannot be applied, is unreadable.
    private static func profile(_ bytes: [UInt8]) -> PictureColour {
        guard let profile = try? ICCProfile.parse(bytes) else { return unreadable }
        let name = profile.description ?? "unnamed profile"
        switch profile.space {
        case .cmyk:
            guard let transform = try? CMYKTransform(profile: profile) else { return unreadable }
            let convert = CMYKToRGB { cmyk, rgba, count in transform.convert(cmyk: cmyk, rgba: rgba, count: count) }
            return PictureColour(source: .icc, name: name, ignored: false, toSRGB: nil, cmyk: convert, rgbProfile: nil)
        case .rgb, .grey:
            let transform: ColourTransform?
            do {
                transform = try ColourTransform(profile: profile)
            } catch {
                return unreadable
            }
            return PictureColour(
                source: .icc, name: name, ignored: false, toSRGB: transform, cmyk: nil,
                rgbProfile: profile.space == .rgb ? bytes : nil)
        }
    }

    /// `info`'s words: `Display P3 (ICC)`, `sRGB (none)`, `unreadable ICC profile (taken as sRGB)`.
    public var words: String {
        if source == .unreadable { return name + " (taken as sRGB)" }
        let said: String
        switch source {
        case .icc: said = "ICC"
        case .nclx: said = "nclx"
        case .cicp: said = "cICP"
        case .srgbChunk: said = "sRGB chunk"
        case .none, .unreadable: said = "none"
        }
        return ignored ? "\(name) (\(said), taken as sRGB)" : "\(name) (\(said))"
    }

    /// Whether its numbers are not sRGB's as they stand (what `--colour srgb` converts).
    public var changesPixels: Bool { toSRGB != nil || cmyk != nil }

    /// `raster` in sRGB: converted in place where the description says it is not sRGB already.
    public func sRGB(_ raster: Raster) -> Raster {
        guard let toSRGB else { return raster }
        var converted = raster
        toSRGB.apply(to: &converted)
        return converted
    }
}
