/// The Adler-32 checksum that ends a zlib stream (RFC 1950): inflate checks it, the PNG
/// writer's deflate writes it.
public enum Adler32 {
    @inline(__always) private static var modulus: UInt32 { 65521 }
    /// The most bytes summed before the sums must be reduced so `b` cannot pass 2^32 (zlib's NMAX).
    @inline(__always) private static var blockLength: Int { 5552 }

    /// The checksum of `bytes`, continuing from `adler` (1 to start).
    public static func update(_ adler: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var a = adler & 0xFFFF
        var b = adler >> 16
        var i = 0
        let n = bytes.count
        while i < n {
            let end = min(n, i + blockLength)
            while i + 4 <= end {
                a &+= UInt32(bytes[i]); b &+= a
                a &+= UInt32(bytes[i + 1]); b &+= a
                a &+= UInt32(bytes[i + 2]); b &+= a
                a &+= UInt32(bytes[i + 3]); b &+= a
                i += 4
            }
            while i < end {
                a &+= UInt32(bytes[i]); b &+= a
                i += 1
            }
            a %= modulus
            b %= modulus
        }
        return b << 16 | a
    }

    /// The checksum of `bytes`, continuing from `adler`.
    public static func update(_ adler: UInt32, _ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(adler, $0) }
    }

    /// The checksum of `bytes` alone.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 { update(1, bytes) }
}
