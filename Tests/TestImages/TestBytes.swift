/// Bytes for tests that need many of them, and a hash to pin them by.
public enum TestBytes {
    /// `count` bytes of xorshift64 noise from `seed`: incompressible, and the same on every run.
    public static func noise(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    /// 64-bit FNV-1a, to pin a picture's pixels in one number.
    public static func fnv(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
