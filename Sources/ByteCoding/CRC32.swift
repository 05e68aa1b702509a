/// The CRC-32 of PNG chunks and gzip (ISO 3309, reflected, polynomial 0xEDB88320), for the
/// probe, the decoders and the PNG writer. Eight table look-ups a step ("slicing by 8") keep a
/// whole-IDAT check cheap.
public enum CRC32 {
    /// Eight 256-entry tables, one after another: table k advances a byte that
    /// sits k places before the end of an 8-byte group.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            t[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = t[(k - 1) * 256 + n]
                t[k * 256 + n] = t[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return t
    }()

    /// The CRC of `bytes`, continuing from `crc` (the CRC of what came before; 0 to start).
    public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { t in
            var c = ~crc
            var i = 0
            let n = bytes.count
            while i + 8 <= n {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let low = UInt32(truncatingIfNeeded: word) ^ c
                let high = UInt32(truncatingIfNeeded: word >> 32)
                c =
                    t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                i += 8
            }
            while i < n {
                c = t[Int((c ^ UInt32(bytes[i])) & 0xFF)] ^ (c >> 8)
                i += 1
            }
            return ~c
        }
    }

    /// The CRC of `bytes`, continuing from `crc`: arrays and slices go the fast way.
    public static func update(_ crc: UInt32, _ bytes: some Sequence<UInt8>) -> UInt32 {
        if let done = bytes.withContiguousStorageIfAvailable({ update(crc, UnsafeRawBufferPointer($0)) }) {
            return done
        }
        return Array(bytes).withUnsafeBytes { update(crc, $0) }
    }

    /// The CRC of `bytes` alone.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 { update(0, bytes) }
}
