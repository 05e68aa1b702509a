/// One directory entry as the lexer cuts it out: its tag, field type and value count, and where
/// its value field is (its values when they fit there, 4 bytes or 8 in BigTIFF; else their offset).
/// Whether the values are all there is for the caller to judge.
public struct TIFFEntry: Sendable, Equatable {
    public let tag: Int
    public let type: Int
    /// As claimed; a BigTIFF count past Int.max reads as -1.
    public let count: Int
    /// The absolute offset of the entry's value field.
    public let valueField: Int
}

/// The one place TIFF structures are cut up, for the TIFF probe and decoder and for the EXIF (and
/// MPF) blobs inside JPEG, PNG and WebP: the byte order mark, the version (42, or 43 for BigTIFF),
/// the first directory's offset, and each directory's entries and the offset of the next. Offsets
/// inside the structure count from `base` (after `Exif\0\0` in an APP1). Attacker-chosen offsets
/// and counts are the reader's to bound: the lexer reads only the fields asked for.
public struct TIFFLexer: Sendable {
    public let littleEndian: Bool
    /// 42 for classic TIFF, 43 for BigTIFF; anything else is the reader's to refuse.
    public let version: Int
    public let base: Int

    public var big: Bool { version == 43 }
    public var countSize: Int { big ? 8 : 2 }
    public var entrySize: Int { big ? 20 : 12 }
    public var valueFieldSize: Int { big ? 8 : 4 }

    /// The structure at `base`: nil when there are not 4 bytes there or they do not start with a
    /// byte order mark ("II" or "MM").
    public static func header<Bytes: ContainerBytes>(
        in bytes: inout Bytes, base: Int = 0
    ) throws(Bytes.Failure) -> TIFFLexer? {
        guard base >= 0, base <= bytes.count - 4 else { return nil }
        let little: Bool
        switch (try bytes.byte(at: base), try bytes.byte(at: base + 1)) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let version = Int(little ? try bytes.u16le(at: base + 2) : try bytes.u16be(at: base + 2))
        return TIFFLexer(littleEndian: little, version: version, base: base)
    }

    /// An unsigned field of 1, 2, 4 or 8 bytes at an absolute offset, in the structure's byte order;
    /// nil when it is not all there. 8-byte values past Int.max read as -1 (and fail range checks).
    public func unsigned<Bytes: ContainerBytes>(
        in bytes: inout Bytes, at offset: Int, size: Int
    ) throws(Bytes.Failure) -> Int? {
        guard offset >= 0, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for i in 0..<size {
            value = value << 8 | UInt64(try bytes.byte(at: littleEndian ? offset + size - 1 - i : offset + i))
        }
        return value > UInt64(Int.max) ? -1 : Int(value)
    }

    /// BigTIFF's offset size (8 in every BigTIFF there is), after the version.
    public func offsetSize<Bytes: ContainerBytes>(in bytes: inout Bytes) throws(Bytes.Failure) -> Int? {
        try unsigned(in: &bytes, at: base + 4, size: 2)
    }

    /// The first directory's offset, from `base`.
    public func firstDirectory<Bytes: ContainerBytes>(in bytes: inout Bytes) throws(Bytes.Failure) -> Int? {
        big ? try unsigned(in: &bytes, at: base + 8, size: 8) : try unsigned(in: &bytes, at: base + 4, size: 4)
    }

    /// How many entries the directory at absolute offset `directory` claims.
    public func entryCount<Bytes: ContainerBytes>(
        in bytes: inout Bytes, directory: Int
    ) throws(Bytes.Failure) -> Int? {
        try unsigned(in: &bytes, at: directory, size: countSize)
    }

    /// Entry `index` of the directory at `directory`; nil when its tag, type and count are not all there.
    public func entry<Bytes: ContainerBytes>(
        in bytes: inout Bytes, directory: Int, index: Int
    ) throws(Bytes.Failure) -> TIFFEntry? {
        let at = directory + countSize + index * entrySize
        guard let tag = try unsigned(in: &bytes, at: at, size: 2),
            let type = try unsigned(in: &bytes, at: at + 2, size: 2),
            let count = try unsigned(in: &bytes, at: at + 4, size: big ? 8 : 4)
        else { return nil }
        return TIFFEntry(tag: tag, type: type, count: count, valueField: at + 4 + (big ? 8 : 4))
    }

    /// The offset of the directory after the one at `directory`, of `count` entries (0 ends the chain).
    public func nextDirectory<Bytes: ContainerBytes>(
        in bytes: inout Bytes, directory: Int, count: Int
    ) throws(Bytes.Failure) -> Int? {
        try unsigned(in: &bytes, at: directory + countSize + count * entrySize, size: valueFieldSize)
    }

    /// The size of one value of a field type, nil for a type TIFF does not define.
    public static func typeSize(_ type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12, 16, 17, 18: 8
        default: nil
        }
    }
}
