import ByteCoding

/// What two pictures are compared by: the upright picture (its crop applied), squeezed to a square
/// whatever its aspect, as a 16×16 grid of luma and 8×8 grids of the two chroma differences. The
/// squeeze makes a crop of one side a stretch, which `AlikeDistance`'s windows undo; the grids are
/// small enough to keep in the selection file and coarse enough that re-encoding, shrinking and a
/// slight blur leave them nearly as they were.
public struct Fingerprint: Equatable, Sendable {
    public static let lumaSide = 16
    public static let chromaSide = 8

    /// Luma (BT.601), row by row, 0–255.
    public var luma: [UInt8]
    /// B−Y and R−Y (as JPEG's Cb and Cr), 128 for grey.
    public var blue: [UInt8]
    public var red: [UInt8]

    public init(luma: [UInt8], blue: [UInt8], red: [UInt8]) {
        precondition(luma.count == Self.lumaSide * Self.lumaSide)
        precondition(blue.count == Self.chromaSide * Self.chromaSide && red.count == blue.count)
        self.luma = luma
        self.blue = blue
        self.red = red
    }

    /// The text kept in a selection file: `a1:` (this layout, so a later one can be told apart and
    /// recomputed) and the grids in base64, 516 characters.
    public var text: String { Self.prefix + Base64.encode(luma + blue + red) }

    /// The fingerprint of `text`, or nil for any other text (another layout, damage): the caller
    /// computes it again from the picture.
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix),
            let bytes = Self.base64Decoded(Array(text.utf8.dropFirst(Self.prefix.count))),
            bytes.count == Self.byteCount
        else { return nil }
        let l = Self.lumaSide * Self.lumaSide, c = Self.chromaSide * Self.chromaSide
        self.init(luma: Array(bytes[0..<l]), blue: Array(bytes[l..<l + c]), red: Array(bytes[(l + c)...]))
    }

    static let prefix = "a1:"
    static let byteCount = lumaSide * lumaSide + 2 * chromaSide * chromaSide
}
