/// What a container lexer reads through: the bytes in memory (the decoders and the metadata surgery,
/// where reading cannot fail) or the probe's budgeted reader over a ByteSource (which seeks over
/// what it does not need, and throws when the source fails or the budget runs out). A lexer reads
/// only headers through it, always at offsets below `count`; the spans it yields are offsets, which
/// each caller reads in its own way.
public protocol ContainerBytes {
    associatedtype Failure: Error
    /// How many bytes the container has.
    var count: Int { get }
    /// The byte at `offset`, 0 ≤ offset < count.
    mutating func byte(at offset: Int) throws(Failure) -> UInt8
    mutating func u16be(at offset: Int) throws(Failure) -> UInt16
    mutating func u16le(at offset: Int) throws(Failure) -> UInt16
    mutating func u32be(at offset: Int) throws(Failure) -> UInt32
    mutating func u32le(at offset: Int) throws(Failure) -> UInt32
}

extension ContainerBytes {
    public mutating func u16be(at offset: Int) throws(Failure) -> UInt16 {
        UInt16(try byte(at: offset)) << 8 | UInt16(try byte(at: offset + 1))
    }

    public mutating func u16le(at offset: Int) throws(Failure) -> UInt16 {
        UInt16(try byte(at: offset)) | UInt16(try byte(at: offset + 1)) << 8
    }

    public mutating func u32be(at offset: Int) throws(Failure) -> UInt32 {
        UInt32(try u16be(at: offset)) << 16 | UInt32(try u16be(at: offset + 2))
    }

    public mutating func u32le(at offset: Int) throws(Failure) -> UInt32 {
        UInt32(try u16le(at: offset)) | UInt32(try u16le(at: offset + 2)) << 16
    }
}

extension Array: ContainerBytes where Element == UInt8 {
    public typealias Failure = Never
    public func byte(at offset: Int) -> UInt8 { self[offset] }
}

extension UnsafeBufferPointer: ContainerBytes where Element == UInt8 {
    public typealias Failure = Never
    public func byte(at offset: Int) -> UInt8 { self[offset] }
}

/// The probe reads through its reader, so its budget and read-ahead govern what is fetched.
extension ByteReader: ContainerBytes {
    typealias Failure = any Error
    var count: Int { size }

    mutating func byte(at offset: Int) throws -> UInt8 {
        try seek(to: offset)
        return try u8()
    }

    mutating func u16be(at offset: Int) throws -> UInt16 {
        try seek(to: offset)
        return try u16be()
    }

    mutating func u16le(at offset: Int) throws -> UInt16 {
        try seek(to: offset)
        return try u16le()
    }

    mutating func u32be(at offset: Int) throws -> UInt32 {
        try seek(to: offset)
        return try u32be()
    }

    mutating func u32le(at offset: Int) throws -> UInt32 {
        try seek(to: offset)
        return try u32le()
    }
}

/// A four-character code as text, for messages.
func fourCCName(_ code: UInt32) -> String {
    String(
        decoding: [UInt8(code >> 24), UInt8(code >> 16 & 0xFF), UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF)],
        as: UTF8.self)
}
