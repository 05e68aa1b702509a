/// Standard base64 (RFC 4648, with padding): the page's data URIs and CSP hashes, and the
/// terminal's image payloads. One alphabet and one inner loop for both.
///
/// `Base64.append` encodes a whole input straight into an output buffer; `Base64Encoder`
/// takes a file in chunks of any size and carries the one or two bytes left over between
/// calls, so a page can embed a large image in bounded memory.
/// `Base64.decode` (Base64Decoding.swift) reads it back, strictly: the fingerprints and AV1's tables.
public enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        String(decoding: encodedBytes(bytes), as: UTF8.self)
    }

    /// The encoding as ASCII bytes, for output that is assembled as bytes.
    public static func encodedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        bytes.withUnsafeBytes { append($0, to: &out) }
        return out
    }

    /// Encoded length of `count` input bytes.
    public static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends the encoding of `bytes`, a whole input (padded at its end), to `out`.
    public static func append(_ bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + encodedCount(bytes.count))
        let whole = bytes.count / 3 * 3
        appendGroups(bytes, count: whole, to: &out)
        appendTail(bytes[whole...], to: &out)
    }

    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        append(UnsafeRawBufferPointer(bytes), to: &out)
    }

    /// The first `count` bytes (a multiple of three), four characters a group.
    static func appendGroups(_ bytes: UnsafeRawBufferPointer, count: Int, to out: inout [UInt8]) {
        let table = alphabet
        var i = 0
        while i + 3 <= count {
            let word = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(table[Int(word >> 18)])
            out.append(table[Int(word >> 12 & 0x3F)])
            out.append(table[Int(word >> 6 & 0x3F)])
            out.append(table[Int(word & 0x3F)])
            i += 3
        }
    }

    /// The last one or two bytes of an input, with `=` padding; nothing for none.
    static func appendTail(_ tail: some Collection<UInt8>, to out: inout [UInt8]) {
        let table = alphabet
        var bytes = tail.makeIterator()
        guard let a = bytes.next() else { return }
        let b = bytes.next()
        let word = UInt32(a) << 16 | UInt32(b ?? 0) << 8
        out.append(table[Int(word >> 18)])
        out.append(table[Int(word >> 12 & 0x3F)])
        out.append(b == nil ? 0x3D : table[Int(word >> 6 & 0x3F)])
        out.append(0x3D)
    }
}

/// Base64 of an input that arrives in pieces: the same output as `Base64.append` on the whole.
public struct Base64Encoder: Sendable {
    private var carry: [UInt8] = []

    public init() {}

    /// Appends the encoding of every complete 3-byte group so far; keeps the rest for later.
    public mutating func encode(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        var rest = bytes[...]
        out.reserveCapacity(out.count + Base64.encodedCount(bytes.count + carry.count))
        // Complete the group left from the previous call first.
        while !carry.isEmpty, carry.count < 3, let next = rest.first {
            carry.append(next)
            rest = rest.dropFirst()
        }
        if carry.count == 3 {
            carry.withUnsafeBytes { Base64.appendGroups($0, count: 3, to: &out) }
            carry.removeAll(keepingCapacity: true)
        }
        guard carry.isEmpty else { return }
        let remaining = UnsafeRawBufferPointer(rebasing: rest)
        let whole = remaining.count / 3 * 3
        Base64.appendGroups(remaining, count: whole, to: &out)
        carry.append(contentsOf: remaining[whole...])
    }

    /// Writes the last one or two bytes with `=` padding; the encoder is then empty again.
    public mutating func finish(into out: inout [UInt8]) {
        Base64.appendTail(carry, to: &out)
        carry.removeAll(keepingCapacity: true)
    }
}
