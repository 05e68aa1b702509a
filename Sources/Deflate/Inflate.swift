import ByteCoding

/// Inflating whole streams: zlib (RFC 1950) and raw deflate (RFC 1951). Every
/// length and distance is checked, output past `limit` is refused, and every
/// loop consumes input or produces bounded output, so corrupt data fails fast.
public enum Inflate {
    /// A zlib stream inflated; its Adler-32 is checked. More than `limit` bytes of
    /// output is refused (`corrupt`), as is a stream that ends early (`truncated`).
    public static func zlib(_ input: ArraySlice<UInt8>, limit: Int) throws(DecodeError) -> [UInt8] {
        var inflater = Inflater(source: input, segments: [input.indices], zlib: true, section: "in the zlib data")
        let output = try inflateAll(&inflater, inputCount: input.count, limit: limit)
        guard let stored = inflater.storedAdler, stored == Adler32.checksum(output) else {
            throw .corrupt("zlib data fails its Adler-32 check")
        }
        return output
    }

    public static func zlib(_ input: [UInt8], limit: Int) throws(DecodeError) -> [UInt8] {
        try zlib(input[...], limit: limit)
    }

    /// A raw deflate stream inflated, with the same limits.
    public static func raw(_ input: ArraySlice<UInt8>, limit: Int) throws(DecodeError) -> [UInt8] {
        var inflater = Inflater(source: input, segments: [input.indices], zlib: false, section: "in the deflate data")
        return try inflateAll(&inflater, inputCount: input.count, limit: limit)
    }

    public static func raw(_ input: [UInt8], limit: Int) throws(DecodeError) -> [UInt8] {
        try raw(input[...], limit: limit)
    }

    /// Inflates into a buffer that grows (doubling, never past `limit` + 1, the
    /// byte that proves the output too long) and keeps all history in place.
    private static func inflateAll(
        _ inflater: inout Inflater, inputCount: Int,
        limit: Int
    ) throws(DecodeError) -> [UInt8] {
        let limit = max(0, limit)
        let most = min(
            limit,
            inputCount.multipliedReportingOverflow(by: DeflateTables.maxExpansion).overflow
                ? limit : inputCount * DeflateTables.maxExpansion + DeflateTables.maxMatch)
        var capacity = min(most + 1, max(inputCount * 4, 1 << 12))
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var count = 0
        while try !inflater.decode(into: buffer, count: &count, capacity: capacity) {
            if capacity > limit { throw .corrupt("inflated data longer than \(limit) bytes") }
            let larger = min(most + 1, capacity * 2)
            guard larger > capacity else { throw .corrupt("inflated data longer than its input could hold") }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            grown.initialize(from: buffer, count: count)
            buffer.deallocate()
            buffer = grown
            capacity = larger
        }
        return Array(UnsafeBufferPointer(start: buffer, count: count))
    }
}
