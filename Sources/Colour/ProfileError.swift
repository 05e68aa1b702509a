/// Why an ICC profile was refused. Each case carries the numbers that explain it (a tag's
/// signature as its four bytes in a UInt32, a count, a size); the caller words it, and a picture
/// whose profile is refused is shown as sRGB, never failed.
public enum ProfileError: Error, Sendable, Equatable {
    /// Fewer bytes than a header and its tag count, or than the header's declared size needs.
    case truncated(bytes: Int)
    /// No `acsp` at offset 36.
    case notAProfile
    /// A device space other than RGB, grey or CMYK, or a class imgsel cannot convert from (link,
    /// abstract, named colour), or a connection space other than XYZ or Lab.
    case unsupported(signature: UInt32)
    /// A tag count past what the bytes can hold.
    case tagCount(Int)
    /// A tag whose offset or size falls outside the profile.
    case tagOutOfRange(tag: UInt32)
    /// Two tags that overlap without being the same bytes.
    case overlappingTags(tag: UInt32, other: UInt32)
    /// A tag the conversion needs is missing.
    case missingTag(UInt32)
    /// A tag holds a type imgsel does not read for it.
    case tagType(tag: UInt32, type: UInt32)
    /// A tag's contents are short, malformed or out of range (a curve of no entries where one is
    /// needed, a parameter that makes a curve meaningless, a grid of one point, a colorant far off).
    case malformed(tag: UInt32)
    /// A curve or grid that would need more memory than the profile budget allows.
    case overBudget(tag: UInt32, bytes: Int)
}

/// A four-character signature as the big-endian number ProfileError carries.
@inlinable
func signature(_ text: StaticString) -> UInt32 {
    precondition(text.utf8CodeUnitCount == 4, "a signature is four bytes")
    let p = text.utf8Start
    return UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
}
