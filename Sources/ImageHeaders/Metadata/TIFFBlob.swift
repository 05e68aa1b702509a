/// A TIFF structure held in memory (EXIF in JPEG APP1, PNG eXIf and WebP EXIF; MPF in JPEG APP2).
/// Every access is bounds-checked and returns nil instead of trapping, since the blob is untrusted.
struct TIFFBlob {
    let bytes: [UInt8]
    /// Where the TIFF header starts; offsets inside the structure count from here.
    let base: Int
    let littleEndian: Bool

    /// nil unless `bytes` holds a TIFF header ("II*\0" or "MM\0*") at `base`.
    init?(_ bytes: [UInt8], base: Int = 0) {
        guard base >= 0, bytes.count - base >= 8 else { return nil }
        switch (bytes[base], bytes[base + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.bytes = bytes
        self.base = base
        guard u16(base + 2) == 42 else { return nil }
    }

    /// An unsigned 16-bit value at an absolute index into `bytes`.
    func u16(_ o: Int) -> Int? {
        guard o >= 0, o <= bytes.count - 2 else { return nil }
        let a = Int(bytes[o]), b = Int(bytes[o + 1])
        return littleEndian ? b << 8 | a : a << 8 | b
    }

    func u32(_ o: Int) -> Int? {
        guard let a = u16(o), let b = u16(o + 2) else { return nil }
        return littleEndian ? b << 16 | a : a << 16 | b
    }

    /// One directory entry; `valueField` is the absolute index of its 4-byte value/offset field.
    struct Entry {
        let tag: Int, type: Int, count: Int, valueField: Int
    }

    /// The entries of the first IFD (at most `limit`), stopping at the first one out of bounds.
    func firstDirectory(limit: Int = 1000) -> [Entry] {
        guard let offset = u32(base + 4), let count = u16(base + offset) else { return [] }
        var entries: [Entry] = []
        let first = base + offset + 2
        for i in 0..<min(count, limit) {
            let e = first + 12 * i
            guard let tag = u16(e), let type = u16(e + 2), let n = u32(e + 4), e + 12 <= bytes.count else { break }
            entries.append(Entry(tag: tag, type: type, count: n, valueField: e + 8))
        }
        return entries
    }

    /// A single integer held inline in an entry, of any integer type: the standard says SHORT
    /// for most tags, but writers use the others too (Orientation as SLONG), and Pillow,
    /// ExifTool and gdk-pixbuf read them all.
    func scalar(_ e: Entry) -> Int? {
        guard e.count == 1, e.valueField < bytes.count else { return nil }
        // Left-justified in the value field, so its first bytes in the file's byte order.
        switch e.type {
        case 1: return Int(bytes[e.valueField])  // BYTE
        case 3: return u16(e.valueField)  // SHORT
        case 4: return u32(e.valueField)  // LONG
        case 6: return Int(Int8(bitPattern: bytes[e.valueField]))  // SBYTE
        case 8: return u16(e.valueField).map { Int(Int16(truncatingIfNeeded: $0)) }  // SSHORT
        case 9: return u32(e.valueField).map { Int(Int32(truncatingIfNeeded: $0)) }  // SLONG
        default: return nil
        }
    }
}
