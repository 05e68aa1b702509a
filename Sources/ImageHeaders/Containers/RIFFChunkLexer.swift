/// One RIFF chunk as the lexer cuts it out: where its header starts, its four-character code and
/// the size its header claims. Whether its data, and the pad byte after an odd size, fit in their
/// container is for the caller to judge.
public struct RIFFChunk: Sendable, Equatable {
    public let start: Int
    public let code: UInt32
    /// As the header claims it, 0 to 2^32-1.
    public let size: Int

    /// The chunk's data, as claimed.
    public var data: Range<Int> { (start + 8)..<(start + 8 + size) }
    /// Where the next chunk starts: after the data and, when the size is odd, a pad byte.
    public var paddedEnd: Int { start + 8 + size + (size & 1) }
    /// The code as its four characters ("VP8 ").
    public var name: String { fourCCName(code) }

    public static let vp8 = fourCC("VP8 ")
    public static let vp8l = fourCC("VP8L")
    public static let vp8x = fourCC("VP8X")
    public static let alph = fourCC("ALPH")
    public static let anim = fourCC("ANIM")
    public static let anmf = fourCC("ANMF")
    public static let iccp = fourCC("ICCP")
    public static let exif = fourCC("EXIF")
    public static let xmp = fourCC("XMP ")
}

/// The one place RIFF chunks are cut out, for the WebP probe, decoder and metadata surgery alike:
/// a 12-byte header ("RIFF", the size of what follows, the form type), then chunks of an 8-byte
/// header (code, little-endian size) and their data, padded to an even length. An ANMF frame's
/// payload holds chunks of the same shape, which a lexer over that range cuts out.
public struct RIFFChunkLexer: Sendable {
    public static let riff = fourCC("RIFF")
    public static let webp = fourCC("WEBP")
    public static let wave = fourCC("WAVE")
    public static let avi = fourCC("AVI ")

    /// The RIFF header's size field and form type; nil when the bytes do not start with "RIFF" and
    /// a whole header.
    public static func header<Bytes: ContainerBytes>(
        in bytes: inout Bytes
    ) throws(Bytes.Failure) -> (size: Int, form: UInt32)? {
        guard bytes.count >= 12, try bytes.u32be(at: 0) == riff else { return nil }
        return (Int(try bytes.u32le(at: 4)), try bytes.u32be(at: 8))
    }

    /// Where the next chunk's header is.
    public private(set) var position: Int
    /// Where the chunks end: the RIFF's end, or an ANMF payload's.
    public let end: Int

    /// Chunks from `position` (12, after the RIFF header, unless inside a chunk) up to `end`.
    public init(position: Int = 12, end: Int) {
        self.position = position
        self.end = end
    }

    /// The bytes left before `end`, when fewer than a chunk header: stray bytes, or 0 at the end.
    public var leftOver: Int { max(0, end - position) }

    /// The chunk whose header is at `position`, moving past it and its pad byte; nil when fewer than
    /// the header's 8 bytes are left before `end`.
    public mutating func next<Bytes: ContainerBytes>(in bytes: inout Bytes) throws(Bytes.Failure) -> RIFFChunk? {
        guard position >= 0, end - position >= 8, position <= bytes.count - 8 else { return nil }
        let chunk = RIFFChunk(
            start: position, code: try bytes.u32be(at: position), size: Int(try bytes.u32le(at: position + 4)))
        position = chunk.paddedEnd
        return chunk
    }
}
