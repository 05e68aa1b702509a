/// The CRC-32 of PNG chunks and zlib's gzip (ISO 3309, reflected, polynomial 0xEDB88320).
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The checksum of `bytes` whole.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        update(0, bytes)
    }

    /// The checksum of what `crc` covered followed by `bytes`: feed an input in pieces,
    /// starting from 0.
    public static func update(_ crc: UInt32, _ bytes: some Sequence<UInt8>) -> UInt32 {
        var c = ~crc
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }
}
