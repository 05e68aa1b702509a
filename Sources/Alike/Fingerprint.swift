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
            let bytes = Base64.decode(Array(text.utf8.dropFirst(Self.prefix.count))),
            bytes.count == Self.byteCount
        else { return nil }
        let l = Self.lumaSide * Self.lumaSide, c = Self.chromaSide * Self.chromaSide
        self.init(luma: Array(bytes[0..<l]), blue: Array(bytes[l..<l + c]), red: Array(bytes[(l + c)...]))
    }

    /// Whether the grids show anything to compare: a spread of at least 5 levels in luma or in a
    /// chroma difference. A solid colour, or fine noise that the grids average away, has none: its
    /// normalised grids are near zero and would be "alike" any other such picture, so it is never alike.
    public var hasFeatures: Bool {
        func spread(_ grid: [UInt8]) -> Double {
            let mean = Double(grid.reduce(0) { $0 + Int($1) }) / Double(grid.count)
            return (grid.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(grid.count))
                .squareRoot()
        }
        return spread(luma) >= 5 || spread(blue) >= 5 || spread(red) >= 5
    }

    public static let prefix = "a1:"
    static let byteCount = lumaSide * lumaSide + 2 * chromaSide * chromaSide
}
