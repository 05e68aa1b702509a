/// The one ISO base media file format lexer (ISO/IEC 14496-12): boxes cut out of any ByteSource,
/// each bounded by its parent, every read checked against the box being read, and the whole
/// walk under a ByteReader's byte budget. The probe, the HEIF decoder and export's metadata
/// reading all take their boxes from here; the HEIF item model (HEIFItems.swift and beside it)
/// is built on it.
public struct ISOBMFFReader {
    /// At most this many boxes are read at one level: a file of tiny boxes cannot make a list
    /// without end.
    public static let maxChildren = 10_000

    private var reader: ByteReader
    /// Reads stop here: the end of the box being read, or of the file.
    public private(set) var end: Int
    /// What is being read, for `truncated` ("iloc box", "box header").
    private var section: String

    /// - Parameter budget: the bytes that may be fetched from `source` in all (see ByteReader).
    public init(_ source: any ByteSource, budget: Int = 1 << 20, readAhead: Int = 1024) {
        reader = ByteReader(source, format: "ISO media", readAhead: readAhead, budget: budget)
        end = reader.size
        section = "box header"
    }

    public var size: Int { reader.size }
    public var offset: Int { reader.offset }
    public var remaining: Int { end - reader.offset }

    /// Reads within `box`'s payload from its start (after `skipping` bytes), or throws
    /// truncated naming it.
    public mutating func enter(_ box: ISOBMFFBox, skipping: Int = 0) throws(ISOBMFFError) {
        (end, section) = (box.end, "\(box.name) box")
        try seek(to: box.payload)
        try skip(skipping)
    }

    public mutating func seek(to position: Int) throws(ISOBMFFError) {
        guard position >= 0, position <= end else { throw .truncated(section) }
        try wrap { r throws in try r.seek(to: position) }
    }

    public mutating func skip(_ count: Int) throws(ISOBMFFError) {
        guard count >= 0, count <= remaining else { throw .truncated(section) }
        try wrap { r throws in try r.skip(count) }
    }

    public mutating func u8() throws(ISOBMFFError) -> UInt8 { UInt8(try unsigned(1)) }
    public mutating func u16() throws(ISOBMFFError) -> Int { Int(try unsigned(2)) }
    public mutating func u32() throws(ISOBMFFError) -> Int { Int(try unsigned(4)) }

    /// An unsigned big-endian field of 0 to 8 bytes (iloc's are 0, 4 or 8 bytes long).
    public mutating func unsigned(_ size: Int) throws(ISOBMFFError) -> UInt64 {
        guard size >= 0, size <= 8, size <= remaining else { throw .truncated(section) }
        guard size > 0 else { return 0 }
        let bytes = try wrap { r throws in try r.bytes(size) }
        return bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// An unsigned field as an Int; a value past Int.max is taken as Int.max, which every later
    /// bounds check refuses.
    public mutating func size(_ size: Int) throws(ISOBMFFError) -> Int { clampedInt(try unsigned(size)) }

    public mutating func bytes(_ count: Int) throws(ISOBMFFError) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw .truncated(section) }
        return try wrap { r throws in try r.bytes(count) }
    }

    /// A FullBox's version and flags.
    public mutating func versionAndFlags() throws(ISOBMFFError) -> (version: Int, flags: Int) {
        let word = try u32()
        return (word >> 24, word & 0xFF_FFFF)
    }

    /// A string ended by a zero byte or by the box (the zero is read too).
    public mutating func cString() throws(ISOBMFFError) -> String {
        var chars: [UInt8] = []
        while remaining > 0 {
            let c = try u8()
            if c == 0 { break }
            chars.append(c)
        }
        return String(decoding: chars, as: UTF8.self)
    }

    /// The box whose header starts here, within [offset, limit): size 1 puts a 64-bit size after
    /// the type, size 0 runs to `limit`. With `cutShort`, a box running past `limit` is cut to
    /// it (a file's truncated mdat is then reported as the item it cuts short); else truncated.
    public mutating func box(limit: Int, cutShort: Bool = false) throws(ISOBMFFError) -> ISOBMFFBox {
        let start = offset
        (end, section) = (limit, "box header")
        guard limit - start >= 8 else { throw .truncated(section) }
        var size = try self.size(4)
        let type = UInt32(try unsigned(4))
        if size == 1 {
            size = try self.size(8)
        } else if size == 0 {
            size = limit - start
        }
        let header = offset - start
        guard size >= header else { throw .boxSize(size) }
        if size > limit - start {
            guard cutShort else { throw .truncated("\(ISOBMFFBox.name(type)) box") }
            size = limit - start
        }
        return ISOBMFFBox(type: type, start: start, payload: start + header, end: start + size)
    }

    /// The boxes laid one after another in [from, to), at most maxChildren; with `cutShort`, a
    /// last box running past `to` is kept, cut to it.
    public mutating func children(from: Int, to: Int, cutShort: Bool = false) throws(ISOBMFFError) -> [ISOBMFFBox] {
        var boxes: [ISOBMFFBox] = []
        let to = min(to, size)
        var at = from
        while to - at >= 8, boxes.count < Self.maxChildren {
            (end, section) = (to, "box header")
            try seek(to: at)
            let b = try box(limit: to, cutShort: cutShort)
            boxes.append(b)
            at = b.end
        }
        return boxes
    }

    /// The boxes inside `box`, after `skipping` bytes of its payload (4 for a FullBox).
    public mutating func children(of box: ISOBMFFBox, skipping: Int = 0) throws(ISOBMFFError) -> [ISOBMFFBox] {
        guard skipping <= box.end - box.payload else { throw .truncated("\(box.name) box") }
        return try children(from: box.payload + skipping, to: box.end)
    }

    /// ByteReader's errors (the file or the budget ends) as this lexer's.
    private mutating func wrap<T>(_ read: (inout ByteReader) throws -> T) throws(ISOBMFFError) -> T {
        do {
            return try read(&reader)
        } catch let error as ProbeError where error == reader.exhausted {
            throw .exhausted(budget: reader.budget)
        } catch {
            throw .truncated(section)
        }
    }
}

/// One box: its four-character type and where its header, payload and end lie in the file.
public struct ISOBMFFBox: Equatable, Sendable {
    public var type: UInt32
    public var start: Int
    public var payload: Int
    public var end: Int

    public init(type: UInt32, start: Int, payload: Int, end: Int) {
        (self.type, self.start, self.payload, self.end) = (type, start, payload, end)
    }

    public var name: String { Self.name(type) }
    public var payloadRange: Range<Int> { payload..<end }

    public static func name(_ type: UInt32) -> String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: type >> (24 - 8 * $0)) }, as: UTF8.self)
    }

    /// A four-character code as boxes carry it ("meta"), for callers outside ImageHeaders.
    public static func code(_ s: StaticString) -> UInt32 { fourCC(s) }
}

/// What the lexer and the HEIF item model find wrong, as values: each reader (probe, decoder,
/// metadata) words it its own way.
public enum ISOBMFFError: Error, Equatable, Sendable {
    /// The bytes end inside `section` ("iloc box", "item 3 data").
    case truncated(String)
    /// The file contradicts itself or the format ("HEIF file without a meta box").
    case corrupt(String)
    /// A box whose size is smaller than its own header.
    case boxSize(Int)
    /// Valid, but of a kind not read ("HEIF iloc version 3").
    case unsupported(String)
    /// More bytes than the budget were fetched.
    case exhausted(budget: Int)
}
