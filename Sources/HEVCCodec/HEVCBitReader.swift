import ImageCore

/// Reads the fixed-length and Exp-Golomb fields of parameter sets and slice headers (H.265 7.2,
/// 9.2) from an RBSP: the NAL unit's payload with its emulation prevention bytes taken out.
/// Every read is bounds-checked; past the end it throws `truncated`, never traps.
struct HEVCBitReader {
    let bytes: [UInt8]
    private(set) var position = 0
    /// Names the structure in errors ("in the SPS").
    let section: String

    init(_ bytes: [UInt8], section: String) {
        self.bytes = bytes
        self.section = section
    }

    var bitsLeft: Int { bytes.count * 8 - position }
    /// The byte the next read starts in, once aligned.
    var byteOffset: Int { (position + 7) >> 3 }

    mutating func bit() throws(DecodeError) -> Int {
        guard position < bytes.count * 8 else { throw .truncated(section: section) }
        let value = Int(bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
        position += 1
        return value
    }

    mutating func flag() throws(DecodeError) -> Bool { try bit() == 1 }

    /// `count` bits (at most 32), most significant first.
    mutating func bits(_ count: Int) throws(DecodeError) -> Int {
        precondition((0...32).contains(count), "at most 32 bits at once")
        guard count <= bitsLeft else { throw .truncated(section: section) }
        var value = 0
        for _ in 0..<count { value = value << 1 | (try bit()) }
        return value
    }

    mutating func skip(_ count: Int) throws(DecodeError) {
        guard count >= 0, count <= bitsLeft else { throw .truncated(section: section) }
        position += count
    }

    /// ue(v). A code of more than 31 leading zeros is refused: no field of a valid stream needs it,
    /// and it keeps every value within 32 bits.
    mutating func ue() throws(DecodeError) -> Int {
        var zeros = 0
        while try bit() == 0 {
            zeros += 1
            guard zeros < 32 else { throw .corrupt("Exp-Golomb code over 32 bits \(section)") }
        }
        return (1 << zeros) - 1 + (try bits(zeros))
    }

    /// ue(v) that must lie in `range`; `name` goes in the error.
    mutating func ue(_ name: String, _ range: ClosedRange<Int>) throws(DecodeError) -> Int {
        let value = try ue()
        guard range.contains(value) else { throw .corrupt("\(name) \(value) \(section)") }
        return value
    }

    /// se(v).
    mutating func se() throws(DecodeError) -> Int {
        let code = try ue()
        return code & 1 == 1 ? (code + 1) >> 1 : -(code >> 1)
    }

    mutating func se(_ name: String, _ range: ClosedRange<Int>) throws(DecodeError) -> Int {
        let value = try se()
        guard range.contains(value) else { throw .corrupt("\(name) \(value) \(section)") }
        return value
    }

    mutating func byteAlign() { position = (position + 7) & ~7 }
}

/// NAL unit framing (H.265 7.3.1): the two-byte header and the emulation prevention bytes.
public enum HEVCNAL {
    struct Unit {
        let type: Int
        let layerID: Int
        let temporalID: Int
        /// The RBSP: the payload after the header, emulation prevention bytes removed.
        let rbsp: [UInt8]
    }

    static func parse(_ nal: ArraySlice<UInt8>) throws(DecodeError) -> Unit {
        guard nal.count >= 2 else { throw .truncated(section: "in a NAL unit header") }
        let first = Int(nal[nal.startIndex]), second = Int(nal[nal.startIndex + 1])
        guard first & 0x80 == 0 else { throw .corrupt("NAL unit forbidden_zero_bit set") }
        return Unit(
            type: first >> 1 & 0x3F, layerID: (first & 1) << 5 | second >> 3, temporalID: (second & 7) - 1,
            rbsp: unescape(nal.dropFirst(2)))
    }

    /// Drops each 0x03 that follows two zero bytes (emulation_prevention_three_byte).
    static func unescape(_ payload: ArraySlice<UInt8>) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(payload.count)
        var zeros = 0
        for byte in payload {
            if zeros >= 2 && byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            out.append(byte)
        }
        return out
    }

    /// Splits `data` into NAL units, each after a big-endian length of `lengthSize` bytes.
    static func split(_ data: [UInt8], lengthSize: Int) throws(DecodeError) -> [ArraySlice<UInt8>] {
        guard [1, 2, 4].contains(lengthSize) else { throw .corrupt("NAL length size \(lengthSize)") }
        var units = [ArraySlice<UInt8>]()
        var at = 0
        while at < data.count {
            guard data.count - at >= lengthSize else { throw .truncated(section: "in a NAL unit length") }
            var length = 0
            for i in 0..<lengthSize { length = length << 8 | Int(data[at + i]) }
            at += lengthSize
            guard length <= data.count - at else { throw .truncated(section: "in a NAL unit") }
            if length > 0 { units.append(data[at..<(at + length)]) }
            at += length
        }
        return units
    }

    /// The NAL units of an Annex B byte stream (start codes 00 00 01), trailing zero bytes
    /// dropped: what x265 writes. HEIF never holds one; the tests and the fuzzer read them.
    public static func annexBUnits(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var units = [ArraySlice<UInt8>]()
        var start = -1
        var i = 0
        func close(_ end: Int) {
            var end = end
            while end > start && bytes[end - 1] == 0 { end -= 1 }
            if end > start { units.append(bytes[start..<end]) }
        }
        while i + 2 < bytes.count {
            if bytes[i] == 0 && bytes[i + 1] == 0 && bytes[i + 2] == 1 {
                if start >= 0 { close(i) }
                i += 3
                start = i
            } else {
                i += 1
            }
        }
        if start >= 0 { close(bytes.count) }
        return units
    }
}
