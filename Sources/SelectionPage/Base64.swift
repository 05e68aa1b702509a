/// Standard base64 (RFC 4648, with padding), for data URIs, CSP hashes and the
/// terminal's inline-image sequences (the executable uses it too: one encoder, one set of tests).
///
/// `Base64Encoder` takes a file in chunks of any size and carries the one or two
/// bytes left over between calls, so a page can embed a large image in bounded memory.
public enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        String(decoding: encodedBytes(bytes), as: UTF8.self)
    }

    /// The encoding as ASCII bytes, for output that is assembled as bytes.
    public static func encodedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var encoder = Base64Encoder()
        var out: [UInt8] = []
        out.reserveCapacity(encodedCount(bytes.count))
        bytes.withUnsafeBytes { encoder.encode($0, into: &out) }
        encoder.finish(into: &out)
        return out
    }

    /// Encoded length of `count` input bytes.
    public static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }
}

public struct Base64Encoder: Sendable {
    private var carry: (UInt8, UInt8) = (0, 0)
    private var carried = 0

    public init() {}

    /// Appends the encoding of every complete 3-byte group so far; keeps the rest for later.
    public mutating func encode(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        var i = 0
        let n = bytes.count
        out.reserveCapacity(out.count + Base64.encodedCount(n + carried))
        // Complete the group left from the previous call first.
        if carried == 1, i < n {
            carry.1 = bytes[i]
            carried = 2
            i += 1
        }
        if carried == 2, i < n {
            append(carry.0, carry.1, bytes[i], into: &out)
            carried = 0
            i += 1
        }
        if carried > 0 { return }
        while i + 3 <= n {
            append(bytes[i], bytes[i + 1], bytes[i + 2], into: &out)
            i += 3
        }
        if i < n {
            carry.0 = bytes[i]
            carried = 1
            if i + 1 < n { carry.1 = bytes[i + 1]; carried = 2 }
        }
    }

    /// Writes the last one or two bytes with `=` padding; the encoder is then empty again.
    public mutating func finish(into out: inout [UInt8]) {
        let table = Base64.alphabet
        switch carried {
        case 1:
            out += [table[Int(carry.0 >> 2)], table[Int((carry.0 & 0x03) << 4)], 0x3D, 0x3D]
        case 2:
            out += [table[Int(carry.0 >> 2)], table[Int((carry.0 & 0x03) << 4 | carry.1 >> 4)],
                    table[Int((carry.1 & 0x0F) << 2)], 0x3D]
        default: break
        }
        carried = 0
    }

    private func append(_ a: UInt8, _ b: UInt8, _ c: UInt8, into out: inout [UInt8]) {
        let table = Base64.alphabet
        out.append(table[Int(a >> 2)])
        out.append(table[Int((a & 0x03) << 4 | b >> 4)])
        out.append(table[Int((b & 0x0F) << 2 | c >> 6)])
        out.append(table[Int(c & 0x3F)])
    }
}
