/// Random access to the bytes of something, so the probe can seek past large segments
/// instead of reading whole files, and tests can probe in-memory bytes.
public protocol ByteSource {
    var size: Int { get }
    /// Up to `count` bytes at `offset`; fewer only at end of data.
    func read(at offset: Int, count: Int) throws -> [UInt8]
}

/// Bytes already in memory (tests, small buffers).
public struct MemoryByteSource: ByteSource, Sendable {
    public let bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public var size: Int { bytes.count }
    public func read(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0, offset < bytes.count else { return [] }
        let end = offset + min(count, bytes.count - offset)
        return Array(bytes[offset..<end])
    }
}
