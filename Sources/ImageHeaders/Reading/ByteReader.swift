/// A cursor over a ByteSource for header parsing. It buffers reads (so many small reads cost few
/// system calls), seeks without reading, and turns every out-of-bounds access into
/// ProbeError("truncated <format> header") instead of a trap. A byte budget bounds the work on
/// any input, however its size fields chain: seeking is free, fetching counts.
struct ByteReader {
    /// The most any single read may request; header fields cannot make us allocate more.
    static let maxRead = 1 << 20
    /// What a reader may fetch in total unless told otherwise: headers are small.
    static let defaultBudget = 1 << 20

    let source: any ByteSource
    let format: String
    /// Bytes fetched per refill. Small when hopping between chunk headers, large when streaming.
    var readAhead: Int
    let size: Int
    private(set) var offset: Int = 0
    /// Total bytes fetched from the source, for budgets.
    private(set) var bytesRead: Int = 0
    /// Fetching more than this many bytes in all fails with `exhausted`.
    let budget: Int
    private var buffer: [UInt8] = []
    private var bufferStart: Int = 0

    init(_ source: any ByteSource, format: String, readAhead: Int = 4096, budget: Int = ByteReader.defaultBudget) {
        self.source = source
        self.format = format
        self.readAhead = readAhead
        self.budget = budget
        self.size = max(0, source.size)
    }

    var truncated: ProbeError { ProbeError("truncated \(format) header") }
    var exhausted: ProbeError { corrupt("headers run past \(budget >> 20) MiB") }
    func corrupt(_ why: String) -> ProbeError { ProbeError("corrupt \(format) header (\(why))") }

    var remaining: Int { max(0, size - offset) }

    mutating func seek(to position: Int) throws {
        guard position >= 0, position <= size else { throw truncated }
        offset = position
    }

    mutating func skip(_ count: Int) throws {
        guard count >= 0, count <= size - offset else { throw truncated }
        offset += count
    }

    /// Makes `count` bytes at `offset` available in the buffer and returns their index there.
    @inline(__always)
    private mutating func ensure(_ count: Int) throws -> Int {
        let rel = offset &- bufferStart
        if rel >= 0, rel <= buffer.count, count <= buffer.count - rel { return rel }
        return try refill(count)
    }

    private mutating func refill(_ count: Int) throws -> Int {
        guard count >= 0, count <= Self.maxRead, count <= size - offset else { throw truncated }
        let allowed = budget - bytesRead
        guard count <= allowed else { throw exhausted }
        let want = min(max(count, readAhead), Self.maxRead, size - offset, allowed)
        let data = try source.read(at: offset, count: want)
        bytesRead &+= data.count
        buffer = data
        bufferStart = offset
        guard data.count >= count else { throw truncated }
        return 0
    }

    mutating func u8() throws -> UInt8 {
        let i = try ensure(1)
        offset += 1
        return buffer[i]
    }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        let i = try ensure(count)
        offset += count
        return Array(buffer[i..<(i + count)])
    }

    /// Reads up to `count` bytes (clamped to what exists and to maxRead) without failing at end of data.
    mutating func bytes(upTo count: Int) throws -> [UInt8] {
        try bytes(min(max(0, count), remaining, Self.maxRead))
    }

    mutating func u16be() throws -> UInt16 {
        let i = try ensure(2)
        offset += 2
        return UInt16(buffer[i]) << 8 | UInt16(buffer[i + 1])
    }

    mutating func u16le() throws -> UInt16 {
        let i = try ensure(2)
        offset += 2
        return UInt16(buffer[i + 1]) << 8 | UInt16(buffer[i])
    }

    mutating func u24le() throws -> UInt32 {
        let i = try ensure(3)
        offset += 3
        return UInt32(buffer[i + 2]) << 16 | UInt32(buffer[i + 1]) << 8 | UInt32(buffer[i])
    }

    mutating func u32be() throws -> UInt32 {
        let i = try ensure(4)
        offset += 4
        return UInt32(buffer[i]) << 24 | UInt32(buffer[i + 1]) << 16 | UInt32(buffer[i + 2]) << 8
            | UInt32(buffer[i + 3])
    }

    mutating func u32le() throws -> UInt32 {
        let i = try ensure(4)
        offset += 4
        return UInt32(buffer[i + 3]) << 24 | UInt32(buffer[i + 2]) << 16 | UInt32(buffer[i + 1]) << 8
            | UInt32(buffer[i])
    }

    mutating func u64be() throws -> UInt64 {
        let hi = try u32be()
        return UInt64(hi) << 32 | UInt64(try u32be())
    }

    mutating func u64le() throws -> UInt64 {
        let lo = try u32le()
        return UInt64(try u32le()) << 32 | UInt64(lo)
    }

    mutating func u16(littleEndian: Bool) throws -> UInt16 { littleEndian ? try u16le() : try u16be() }
    mutating func u32(littleEndian: Bool) throws -> UInt32 { littleEndian ? try u32le() : try u32be() }
    mutating func u64(littleEndian: Bool) throws -> UInt64 { littleEndian ? try u64le() : try u64be() }
}

/// A four-character code as a big-endian integer, for comparing chunk and box types.
@inline(__always)
func fourCC(_ s: StaticString) -> UInt32 {
    let p = s.utf8Start
    return UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
}

/// Converts a 64-bit size or offset from a header to Int, saturating so comparisons against the
/// source size reject it instead of overflowing.
@inline(__always)
func clampedInt(_ v: UInt64) -> Int { v > UInt64(Int.max) ? Int.max : Int(v) }
