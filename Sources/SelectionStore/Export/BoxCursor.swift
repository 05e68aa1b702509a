/// A cursor over one ISO media box's bytes, for export's HEIF metadata: every read is checked
/// against the range it was given and answers nil past it, so a crafted size cannot send it
/// outside the file or the box it is in.
struct BoxCursor {
    struct Box {
        var type: String
        var body: Range<Int>
    }

    static let maxBoxes = 10_000

    private let bytes: [UInt8]
    private let end: Int
    private var at: Int

    init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        (at, end) = (max(0, range.lowerBound), min(bytes.count, range.upperBound))
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= end - at else { return false }
        at += count
        return true
    }

    mutating func u8() -> UInt8? {
        guard at < end else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    /// A big-endian unsigned number of `size` bytes (0 reads as 0, as iloc's absent fields); nil when
    /// it does not fit an Int or runs past the range.
    mutating func uint(_ size: Int) -> Int? {
        guard size >= 0, size <= 8, size <= end - at else { return nil }
        var value: UInt64 = 0
        for _ in 0..<size { value = value << 8 | UInt64(bytes[at]); at += 1 }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    mutating func fourCC() -> String? {
        guard end - at >= 4 else { return nil }
        defer { at += 4 }
        return String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
    }

    /// A string ended by a zero byte (the zero read too); nil when none comes before the end.
    mutating func cString() -> String? {
        guard let zero = bytes[at..<end].firstIndex(of: 0) else { return nil }
        defer { at = zero + 1 }
        return String(decoding: bytes[at..<zero], as: UTF8.self)
    }

    /// The boxes from here to the end of the range, in order; stops at the first that does not fit.
    mutating func boxes() -> [Box] {
        var result: [Box] = []
        while end - at >= 8, result.count < Self.maxBoxes {
            let start = at
            guard var size = uint(4), let type = fourCC() else { break }
            if size == 1 {
                guard let large = uint(8) else { break }
                size = large
            } else if size == 0 {
                size = end - start
            }
            guard size >= at - start, size <= end - start else { break }
            result.append(Box(type: type, body: at..<(start + size)))
            at = start + size
        }
        return result
    }
}
