import ImageCore
import ImageHeaders

/// Big-endian reads within one property's or item's payload of a HEIF file held whole in memory
/// (hvcC, clap, a grid's header): every read is checked against the payload's end, and a short
/// one is "truncated" naming it, as the other decoders name their sections. Boxes themselves
/// are cut out by ImageHeaders' lexer (ISOBMFFReader), never here.
struct HEIFCursor {
    let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int
    /// The box being read ("iloc", "hvcC"...), for the error message.
    let section: String

    init(_ bytes: [UInt8], from start: Int, to end: Int, section: String) {
        self.bytes = bytes
        self.offset = start
        self.end = min(end, bytes.count)
        self.section = section
    }

    init(_ bytes: [UInt8], box: ISOBMFFBox) {
        self.init(bytes, from: box.payload, to: box.end, section: box.name)
    }

    var remaining: Int { end - offset }

    private var truncated: DecodeError { .truncated(section: "HEIF \(section) box") }

    mutating func skip(_ count: Int) throws(DecodeError) {
        guard count >= 0, count <= remaining else { throw truncated }
        offset += count
    }

    mutating func u8() throws(DecodeError) -> UInt8 {
        guard remaining >= 1 else { throw truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16() throws(DecodeError) -> Int { Int(try unsigned(2)) }
    mutating func u32() throws(DecodeError) -> Int { Int(try unsigned(4)) }

    /// An unsigned big-endian field of 0 to 8 bytes (iloc's sizes are 0, 4 or 8); a value past
    /// Int.max is taken as Int.max, which every later bounds check then refuses.
    mutating func unsigned(_ size: Int) throws(DecodeError) -> UInt64 {
        guard size >= 0, size <= 8, size <= remaining else { throw truncated }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
        offset += size
        return value
    }

    /// An unsigned field as an Int, saturated (see `unsigned`).
    mutating func size(_ size: Int) throws(DecodeError) -> Int {
        let value = try unsigned(size)
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }

    mutating func i32() throws(DecodeError) -> Int { Int(Int32(bitPattern: UInt32(try unsigned(4)))) }

    mutating func take(_ count: Int) throws(DecodeError) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw truncated }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// A FullBox's version (its flags are returned too, for ipma's and infe's).
    mutating func versionAndFlags() throws(DecodeError) -> (version: Int, flags: Int) {
        let word = try u32()
        return (word >> 24, word & 0xFF_FFFF)
    }

    /// A NUL-terminated UTF-8 string, as auxC's type names its kind of auxiliary image.
    mutating func cString() throws(DecodeError) -> String {
        var chars: [UInt8] = []
        while remaining > 0 {
            let c = try u8()
            if c == 0 { break }
            chars.append(c)
        }
        return String(decoding: chars, as: UTF8.self)
    }
}

/// A four-character code as the big-endian number boxes carry.
func heifCode(_ s: StaticString) -> UInt32 {
    precondition(s.utf8CodeUnitCount == 4)
    return s.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
}
