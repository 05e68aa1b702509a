/// Builders for minimal image files, byte by byte, so every test states exactly what it feeds
/// the code under test. One place for every test target (the probe's, the library's and the
/// end-to-end tests), with its own CRC-32 and Adler-32 so a bug in the product's cannot hide.
public enum ImageBytes {
    public static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    public static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
    public static func le16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
    public static func le24(_ v: Int) -> [UInt8] { le16(v) + [UInt8(truncatingIfNeeded: v >> 16)] }
    public static func le32(_ v: Int) -> [UInt8] { le16(v) + le16(v >> 16) }
    public static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }
    public static func zeros(_ n: Int) -> [UInt8] { [UInt8](repeating: 0, count: n) }

    // MARK: Checksums and zlib, written here independently of the code under test

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    public static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, bytes.count - offset)
            out.append(offset + n >= bytes.count ? 1 : 0)
            out += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += bytes[offset..<(offset + n)]
            offset += n
        } while offset < bytes.count
        return out + be32(Int(adler32(bytes)))
    }
}
