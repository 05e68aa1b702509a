import CSHA256

/// Streaming SHA-256 (FIPS 180-4), so content identity needs no crypto library
/// and files of any size hash in constant memory.
///
/// The work is done by the C target CSHA256, which uses the CPU's SHA
/// instructions where it has them (chosen at run time) and plain C elsewhere.
/// Call `finalize()` once; it resets the hasher for reuse.
public struct SHA256: Sendable {
    /// A compression function; tests run every available one against the same vectors.
    public enum Implementation: Int32, CaseIterable, Sendable {
        case portable = 1
        case x86SHA = 2
        case armv8SHA2 = 3

        /// Whether this CPU can run it.
        public var isAvailable: Bool { csha256_impl_available(cValue) != 0 }

        /// What `SHA256()` uses on this CPU.
        public static var best: Implementation {
            Implementation(rawValue: Int32(csha256_best_impl().rawValue)) ?? .portable
        }

        var cValue: csha256_impl { csha256_impl(rawValue: UInt32(rawValue)) }
    }

    private var context = csha256_ctx()
    /// The implementation this hasher runs (an unavailable request falls back to `.portable`).
    public private(set) var implementation: Implementation

    public init() { self.init(implementation: .best) }

    public init(implementation: Implementation) {
        let used = csha256_init(&context, implementation.cValue)
        self.implementation = Implementation(rawValue: Int32(used.rawValue)) ?? .portable
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        csha256_update(&context, base, bytes.count)
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of everything passed to `update` since init (or the last finalize).
    public mutating func finalize() -> [UInt8] {
        let digest = [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
            csha256_final(&context, buffer.baseAddress!)
            count = 32
        }
        csha256_init(&context, implementation.cValue)
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
    public static func hash(_ bytes: [UInt8], implementation: Implementation = .best) -> String {
        var h = SHA256(implementation: implementation)
        h.update(bytes)
        return hex(h.finalize())
    }
}
