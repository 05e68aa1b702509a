/// Standard base64 (RFC 4648, with padding) for the kitty and iTerm2 payloads,
/// written straight into the output buffer. Kept here and tiny until a shared
/// byte-coding target exists; it encodes whole inputs only (kitty chunks are
/// cut at multiples of three input bytes, so each chunk is a whole input).
enum PayloadBase64 {
    private static let alphabet: [UInt8] =
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The encoded length of `count` bytes.
    static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends the encoding of `bytes` to `out`.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let table = alphabet
        out.reserveCapacity(out.count + encodedCount(bytes.count))
        let n = bytes.count
        var i = 0
        while i + 3 <= n {
            let word = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(table[Int(word >> 18)])
            out.append(table[Int(word >> 12 & 0x3F)])
            out.append(table[Int(word >> 6 & 0x3F)])
            out.append(table[Int(word & 0x3F)])
            i += 3
        }
        if n - i == 1 {
            let word = UInt32(bytes[i]) << 16
            out.append(table[Int(word >> 18)])
            out.append(table[Int(word >> 12 & 0x3F)])
            out.append(0x3D)
            out.append(0x3D)
        } else if n - i == 2 {
            let word = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(table[Int(word >> 18)])
            out.append(table[Int(word >> 12 & 0x3F)])
            out.append(table[Int(word >> 6 & 0x3F)])
            out.append(0x3D)
        }
    }

    /// The encoding of `bytes` as a new array.
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { append($0, to: &out) }
        return out
    }
}
