/// RFC 1951's fixed numbers, shared by inflate and deflate.
public enum DeflateTables {
    /// The first length of each length symbol 257...285.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// Extra bits after each length symbol 257...285.
    static let lengthExtra: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// The first distance of each distance symbol 0...29.
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    /// Extra bits after each distance symbol 0...29.
    static let distanceExtra: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which a dynamic block lists its code-length code lengths.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The fixed litlen code lengths (symbols 0...287) of block type 1.
    static let fixedLitLenLengths: [UInt8] =
        [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
        + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8)
    /// The fixed distance code lengths (symbols 0...31) of block type 1.
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 32)

    /// The most output a deflate stream can give per input byte: a 258-byte match
    /// coded in 2 bits (1-bit length and distance codes) is 1032 bytes a byte.
    public static let maxExpansion = 1032
    /// How far back a match may reach.
    static let windowSize = 32768
    /// The longest match.
    static let maxMatch = 258
}
