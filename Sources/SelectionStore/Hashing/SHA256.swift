/// Streaming SHA-256 (FIPS 180-4) in plain Swift, so content identity needs no Foundation or
/// crypto library, and files of any size hash in constant memory.
/// Call `finalize()` once; it resets the hasher for reuse.
public struct SHA256: Sendable {
    private var state = State()
    /// A partial block waiting for more input (always 64 bytes of storage).
    private var pending = [UInt8](repeating: 0, count: 64)
    private var pendingCount = 0
    private var totalBytes: UInt64 = 0

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var p = bytes.baseAddress, bytes.count > 0 else { return }
        var n = bytes.count
        totalBytes &+= UInt64(n)
        if pendingCount > 0 {
            let take = min(64 - pendingCount, n)
            let at = pendingCount
            pending.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: at).copyMemory(from: p, byteCount: take) }
            pendingCount += take
            p += take
            n -= take
            guard pendingCount == 64 else { return }
            let block = pending
            block.withUnsafeBytes { state.compress($0.baseAddress!) }
            pendingCount = 0
        }
        while n >= 64 {
            state.compress(p)
            p += 64
            n -= 64
        }
        if n > 0 {
            pending.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: p, byteCount: n) }
            pendingCount = n
        }
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of everything passed to `update` since init (or the last finalize).
    public mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: pendingCount < 56 ? 55 - pendingCount : 119 - pendingCount)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        update(tail)
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state.words {
            digest += [UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                       UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        self = SHA256()
        return digest
    }

    /// Lower-case hex, the form digests are stored and compared in.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(digest.count * 2)
        for b in digest {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Hex digest of a byte array, for small inputs and tests.
    public static func hash(_ bytes: [UInt8]) -> String {
        var h = SHA256()
        h.update(bytes)
        return hex(h.finalize())
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private struct State: Sendable {
        var h0: UInt32 = 0x6a09e667, h1: UInt32 = 0xbb67ae85, h2: UInt32 = 0x3c6ef372, h3: UInt32 = 0xa54ff53a
        var h4: UInt32 = 0x510e527f, h5: UInt32 = 0x9b05688c, h6: UInt32 = 0x1f83d9ab, h7: UInt32 = 0x5be0cd19

        var words: [UInt32] { [h0, h1, h2, h3, h4, h5, h6, h7] }

        @inline(__always)
        private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }

        /// Processes one 64-byte block starting at `block`.
        mutating func compress(_ block: UnsafeRawPointer) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for i in 0..<16 {
                    w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                }
                for i in 16..<64 {
                    let x = w[i - 15], y = w[i - 2]
                    let s0 = Self.rotr(x, 7) ^ Self.rotr(x, 18) ^ (x >> 3)
                    let s1 = Self.rotr(y, 17) ^ Self.rotr(y, 19) ^ (y >> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                SHA256.k.withUnsafeBufferPointer { k in
                    for i in 0..<64 {
                        let s1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
                        let ch = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ ch &+ k[i] &+ w[i]
                        let s0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
                        let maj = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ maj
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                }
                h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
            }
        }
    }
}
