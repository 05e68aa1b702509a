// INTERIM: replaced by the probe and hashing files; not to be committed.
#if canImport(Glibc)
import Glibc
#endif
public enum ImageType: String, CaseIterable, Sendable { case jpeg, png, gif, webp, bmp, tiff, heic, heif, avif
    public var displayName: String { self == .webp ? "WebP" : rawValue.uppercased() }
}
public struct ImageFacts: Equatable, Sendable {
    public var type: ImageType; public var width: Int; public var height: Int; public var orientation: Int; public var frames: Int
    public init(type: ImageType, width: Int, height: Int, orientation: Int = 1, frames: Int = 1) {
        self.type = type; self.width = width; self.height = height; self.orientation = orientation; self.frames = frames }
}
public struct ProbeError: Error, Equatable, Sendable { public let description: String; public init(_ d: String) { description = d } }
public protocol ByteSource { var size: Int { get }; func read(at offset: Int, count: Int) throws -> [UInt8] }
public struct FileDescriptorByteSource: ByteSource {
    let fd: Int32; public let size: Int
    public init(fd: Int32, size: Int) { self.fd = fd; self.size = size }
    public func read(at offset: Int, count: Int) throws -> [UInt8] {
        var b = [UInt8](repeating: 0, count: count)
        let n = b.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, count, off_t(offset)) }
        if n < 0 { throw ProbeError("read error") }
        return Array(b[0..<n])
    }
}
public enum ImageProbe {
    public static func probe(_ s: ByteSource) throws -> ImageFacts {
        let h = try s.read(at: 0, count: 32)
        if h.isEmpty { throw ProbeError("empty file") }
        func be32(_ i: Int) -> Int { Int(h[i]) << 24 | Int(h[i+1]) << 16 | Int(h[i+2]) << 8 | Int(h[i+3]) }
        if h.count >= 24, h.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return ImageFacts(type: .png, width: be32(16), height: be32(20)) }
        if h.count >= 10, h.starts(with: Array("GIF8".utf8)) { return ImageFacts(type: .gif, width: Int(h[6]) | Int(h[7]) << 8, height: Int(h[8]) | Int(h[9]) << 8) }
        if h.starts(with: Array("%PDF".utf8)) { throw ProbeError("PDF document") }
        throw ProbeError("unrecognized data")
    }
}
public struct SHA256: Sendable {
    private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    private var pending: [UInt8] = []; private var length: UInt64 = 0
    static let k: [UInt32] = [0x428a2f98,0x71374491,0xb5c0fbcf,0xe9b5dba5,0x3956c25b,0x59f111f1,0x923f82a4,0xab1c5ed5,0xd807aa98,0x12835b01,0x243185be,0x550c7dc3,0x72be5d74,0x80deb1fe,0x9bdc06a7,0xc19bf174,0xe49b69c1,0xefbe4786,0x0fc19dc6,0x240ca1cc,0x2de92c6f,0x4a7484aa,0x5cb0a9dc,0x76f988da,0x983e5152,0xa831c66d,0xb00327c8,0xbf597fc7,0xc6e00bf3,0xd5a79147,0x06ca6351,0x14292967,0x27b70a85,0x2e1b2138,0x4d2c6dfc,0x53380d13,0x650a7354,0x766a0abb,0x81c2c92e,0x92722c85,0xa2bfe8a1,0xa81a664b,0xc24b8b70,0xc76c51a3,0xd192e819,0xd6990624,0xf40e3585,0x106aa070,0x19a4c116,0x1e376c08,0x2748774c,0x34b0bcb5,0x391c0cb3,0x4ed8aa4a,0x5b9cca4f,0x682e6ff3,0x748f82ee,0x78a5636f,0x84c87814,0x8cc70208,0x90befffa,0xa4506ceb,0xbef9a3f7,0xc67178f2]
    public init() {}
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { update(Array(bytes)) }
    public mutating func update(_ bytes: [UInt8]) {
        length += UInt64(bytes.count); pending += bytes
        var i = 0
        while pending.count - i >= 64 { block(pending, i); i += 64 }
        pending.removeFirst(i)
    }
    private mutating func block(_ b: [UInt8], _ o: Int) {
        func r(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
        var w = [UInt32](repeating: 0, count: 64)
        for t in 0..<16 { w[t] = UInt32(b[o+4*t]) << 24 | UInt32(b[o+4*t+1]) << 16 | UInt32(b[o+4*t+2]) << 8 | UInt32(b[o+4*t+3]) }
        for t in 16..<64 { let s0 = r(w[t-15],7) ^ r(w[t-15],18) ^ (w[t-15] >> 3); let s1 = r(w[t-2],17) ^ r(w[t-2],19) ^ (w[t-2] >> 10); w[t] = w[t-16] &+ s0 &+ w[t-7] &+ s1 }
        var a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
        for t in 0..<64 {
            let t1 = hh &+ (r(e,6) ^ r(e,11) ^ r(e,25)) &+ ((e & f) ^ (~e & g)) &+ SHA256.k[t] &+ w[t]
            let t2 = (r(a,2) ^ r(a,13) ^ r(a,22)) &+ ((a & bb) ^ (a & c) ^ (bb & c))
            hh = g; g = f; f = e; e = d &+ t1; d = c; c = bb; bb = a; a = t1 &+ t2
        }
        h[0] &+= a; h[1] &+= bb; h[2] &+= c; h[3] &+= d; h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
    }
    public mutating func finalize() -> [UInt8] {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bits >> (UInt64(i) * 8))) }
        let l = length; update(tail); length = l
        return h.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32($0))) } }
    }
    public static func hash(_ b: [UInt8]) -> String { var s = SHA256(); s.update(b); return hex(s.finalize()) }
    public static func hex(_ d: [UInt8]) -> String { d.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
}
