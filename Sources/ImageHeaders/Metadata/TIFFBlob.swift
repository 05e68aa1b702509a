/// A TIFF structure held in memory (EXIF in JPEG APP1, PNG eXIf and WebP EXIF; MPF in JPEG APP2),
/// cut up by TIFFLexer. Every access is bounds-checked and returns nil instead of trapping, since
/// the blob is untrusted.
struct TIFFBlob {
    let bytes: [UInt8]
    let lexer: TIFFLexer
    /// Where the TIFF header starts; offsets inside the structure count from here.
    var base: Int { lexer.base }
    var littleEndian: Bool { lexer.littleEndian }

    /// nil unless `bytes` holds a classic TIFF header ("II*\0" or "MM\0*") at `base`.
    init?(_ bytes: [UInt8], base: Int = 0) {
        var input = bytes
        guard base >= 0, bytes.count - base >= 8, let lexer = TIFFLexer.header(in: &input, base: base),
            lexer.version == 42
        else { return nil }
        self.bytes = bytes
        self.lexer = lexer
    }

    /// An unsigned 16-bit value at an absolute index into `bytes`.
    func u16(_ o: Int) -> Int? {
        var input = bytes
        return lexer.unsigned(in: &input, at: o, size: 2)
    }

    func u32(_ o: Int) -> Int? {
        var input = bytes
        return lexer.unsigned(in: &input, at: o, size: 4)
    }

    /// The entries of the first IFD (at most `limit`), stopping at the first one out of bounds.
    func firstDirectory(limit: Int = 1000) -> [TIFFEntry] {
        var input = bytes
        guard let offset = lexer.firstDirectory(in: &input),
            let count = lexer.entryCount(in: &input, directory: base + offset)
        else { return [] }
        var entries: [TIFFEntry] = []
        for i in 0..<min(count, limit) {
            guard let entry = lexer.entry(in: &input, directory: base + offset, index: i),
                entry.valueField + 4 <= bytes.count
            else { break }
            entries.append(entry)
        }
        return entries
    }

    /// A single integer held inline in an entry, of any integer type: the standard says SHORT
    /// for most tags, but writers use the others too (Orientation as SLONG), and Pillow,
    /// ExifTool and gdk-pixbuf read them all.
    func scalar(_ e: TIFFEntry) -> Int? {
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
