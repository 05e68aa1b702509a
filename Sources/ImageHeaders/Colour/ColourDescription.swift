/// What a file says its pixel numbers mean, as its container holds it: the description is found
/// here and applied above the codecs (the Colour target), so the lexers stay the one place a
/// container is read. Nothing here parses a profile.
public enum ColourDescription: Sendable, Equatable {
    /// None at all: the numbers are sRGB's.
    case none
    /// PNG's `sRGB` chunk: sRGB, said outright.
    case srgbChunk
    /// An ICC profile's bytes as the file stores them (PNG's still compressed).
    case icc(EmbeddedMetadata.ICC)
    /// ITU-T H.273 code points: HEIF/AVIF `colr` `nclx` or PNG `cICP`.
    case codePoints(CodePointSource, primaries: Int, transfer: Int, matrix: Int, fullRange: Bool)
    /// A profile whose pieces do not add up to one (a JPEG's APP2 chunks missing, duplicated or
    /// disagreeing on their count): taken as sRGB, and `info` says so.
    case brokenProfile

    /// Where code points came from, for `info` to name.
    public enum CodePointSource: String, Sendable {
        case nclx, cicp
    }
}
