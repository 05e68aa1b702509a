@testable import Deflate

/// Writes deflate bit streams by hand for the inflate tests: values least
/// significant bit first, Huffman codes most significant bit first (RFC 1951 3.1.1).
struct InflateTestBits {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func put(_ value: Int, _ bits: Int) {
        for i in 0..<bits {
            if bitCount % 8 == 0 { bytes.append(0) }
            if value >> i & 1 != 0 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
            bitCount += 1
        }
    }

    /// A Huffman code of `length` bits, sent from its top bit down.
    mutating func code(_ code: Int, _ length: Int) {
        for i in stride(from: length - 1, through: 0, by: -1) { put(code >> i & 1, 1) }
    }

    mutating func alignToByte() {
        bitCount = (bitCount + 7) / 8 * 8
    }

    mutating func appendBytes(_ more: [UInt8]) {
        alignToByte()
        bytes += more
        bitCount += 8 * more.count
    }

    /// A dynamic block header whose code-length code gives symbols 0...14 and 16
    /// four bits each (a complete code: symbol s is code s, 16 is code 15), then
    /// `lengths` (litlen then distance) one symbol each.
    /// `litLenCount`/`distanceCount` declare other counts than the lengths given.
    mutating func dynamicHeader(
        final: Bool, litLen: [Int], distance: [Int],
        litLenCount: Int? = nil, distanceCount: Int? = nil
    ) {
        put(final ? 1 : 0, 1)
        put(2, 2)
        put((litLenCount ?? litLen.count) - 257, 5)
        put((distanceCount ?? distance.count) - 1, 5)
        put(19 - 4, 4)
        for symbol in DeflateTables.codeLengthOrder { put(symbol == 15 || symbol == 17 || symbol == 18 ? 0 : 4, 3) }
        for length in litLen + distance { code(length, 4) }
    }
}
