/// The profile's bytes read big-endian with every offset checked, so that no number a profile
/// claims can read past its end: a read out of range throws `malformed` for the tag being read.
struct ICCBytes {
    let bytes: [UInt8]
    /// The tag being read, named in the error a short read throws.
    var tag: UInt32 = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    func check(_ offset: Int, _ length: Int) throws(ProfileError) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw .malformed(tag: tag)
        }
    }

    func u8(_ offset: Int) throws(ProfileError) -> Int {
        try check(offset, 1)
        return Int(bytes[offset])
    }

    func u16(_ offset: Int) throws(ProfileError) -> Int {
        try check(offset, 2)
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func u32(_ offset: Int) throws(ProfileError) -> UInt32 {
        try check(offset, 4)
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// An s15Fixed16Number: every bit pattern is a finite number, so the callers bound the range.
    func s15Fixed16(_ offset: Int) throws(ProfileError) -> Double {
        Double(Int32(bitPattern: try u32(offset))) / 65536
    }

    /// `count` 16-bit values from `offset`, each divided by 65535.
    func unitValues(_ offset: Int, count: Int) throws(ProfileError) -> [Float] {
        guard count >= 0, count <= Int.max / 2 else { throw .malformed(tag: tag) }
        try check(offset, count * 2)
        return (0..<count).map { i in
            Float(Int(bytes[offset + 2 * i]) << 8 | Int(bytes[offset + 2 * i + 1])) / 65535
        }
    }

    /// `count` 8-bit values from `offset`, each divided by 255.
    func unitBytes(_ offset: Int, count: Int) throws(ProfileError) -> [Float] {
        try check(offset, count)
        return (0..<count).map { i in Float(bytes[offset + i]) / 255 }
    }
}

/// What a profile may make imgsel allocate, whatever its bytes claim: the sum over its curves and
/// grids of the floats they are read into. 16 MiB is a 33-point CMYK grid sixteen times over.
struct ProfileBudget {
    static let limit = 16 << 20
    private(set) var used = 0

    /// Takes `count` floats of the budget for `tag`, or throws when they would pass it.
    mutating func take(floats count: Int, tag: UInt32) throws(ProfileError) {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: 4)
        guard !overflow, count >= 0, bytes <= ProfileBudget.limit - used else {
            throw .overBudget(tag: tag, bytes: overflow ? Int.max : bytes)
        }
        used += bytes
    }
}
