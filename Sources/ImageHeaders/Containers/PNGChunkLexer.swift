import ByteCoding

/// One PNG chunk as the lexer cuts it out: where it starts (its length field), its type and the
/// length its header claims. Nothing past the header has been read: whether its data and CRC are
/// all there (`end` against the bytes' count) is for the caller to judge, as is its CRC.
public struct PNGChunk: Sendable, Equatable {
    public let start: Int
    /// As the header claims it, 0 to 2^32-1 (the specification allows 2^31-1).
    public let length: Int
    public let type: UInt32

    /// The chunk's data, as claimed.
    public var data: Range<Int> { (start + 8)..<(start + 8 + length) }
    /// Where its CRC (over type and data) is.
    public var crcOffset: Int { start + 8 + length }
    /// Where the next chunk starts: after length, type, data and CRC.
    public var end: Int { start + 12 + length }
    /// The type as its four characters.
    public var name: String { fourCCName(type) }
    /// Whether each of the type's bytes is an ASCII letter.
    public var typeIsLetters: Bool {
        (0..<4).allSatisfy { shift in (0x41...0x5A).contains(UInt8(type >> (shift * 8) & 0xFF) & 0xDF) }
    }
    /// A critical chunk (upper-case first letter) must be understood to read the image.
    public var isCritical: Bool { type & 0x2000_0000 == 0 }

    public static let ihdr = fourCC("IHDR")
    public static let plte = fourCC("PLTE")
    public static let idat = fourCC("IDAT")
    public static let iend = fourCC("IEND")
    public static let trns = fourCC("tRNS")
    public static let actl = fourCC("acTL")
    public static let exif = fourCC("eXIf")
    public static let iccp = fourCC("iCCP")
    public static let itxt = fourCC("iTXt")
    public static let text = fourCC("tEXt")
    public static let ztxt = fourCC("zTXt")
    public static let time = fourCC("tIME")
    /// Apple's Xcode-optimised PNG puts this before IHDR.
    public static let cgbi = fourCC("CgBI")
}

/// The one place PNG chunks are cut out of a file, for the probe, the decoder and the metadata
/// surgery alike: after the signature, each chunk's header gives its length, and the next chunk
/// starts 12 bytes after its data. The lexer checks nothing a reader might forgive: each reader
/// has its own policy for lengths, CRCs, damage and IEND (see PNGProbe, PNGChunks, PNGMetadata).
public struct PNGChunkLexer: Sendable {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Where the next chunk's header is.
    public private(set) var position: Int

    public init(position: Int = 8) {
        self.position = position
    }

    /// The chunk whose header is at `position`, moving past the whole chunk; nil when fewer than the
    /// header's 8 bytes are left (or the last chunk claimed more bytes than there are).
    public mutating func next<Bytes: ContainerBytes>(in bytes: inout Bytes) throws(Bytes.Failure) -> PNGChunk? {
        guard position >= 0, position <= bytes.count - 8 else { return nil }
        let chunk = PNGChunk(
            start: position, length: Int(try bytes.u32be(at: position)), type: try bytes.u32be(at: position + 4))
        position = chunk.end
        return chunk
    }

    /// Whether a chunk's stored CRC matches its type and data; false when they are not all there.
    public static func crcMatches(_ chunk: PNGChunk, in bytes: [UInt8]) -> Bool {
        guard chunk.end <= bytes.count else { return false }
        var input = bytes
        return CRC32.update(0, Array(bytes[(chunk.start + 4)..<chunk.crcOffset])) == input.u32be(at: chunk.crcOffset)
    }
}
