import ImageCore
import ImageHeaders

/// The first image file directory of a TIFF (classic or BigTIFF, either byte order), cut out by TIFFLexer and
/// read as a map from tag to its values. Only the first IFD is read, so a chain of IFDs that loops is never followed.
struct TIFFDirectory {
    let bytes: [UInt8]
    let bigEndian: Bool
    /// Tag → (field type, value count, offset of the values in the file).
    private var entries: [Int: (type: Int, count: Int, at: Int)] = [:]

    init(_ bytes: [UInt8]) throws(DecodeError) {
        self.bytes = bytes
        guard bytes.count >= 8 else { throw .truncated(section: "TIFF header") }
        var input = bytes
        guard let tiff = TIFFLexer.header(in: &input) else { throw .corrupt("not a TIFF file") }
        bigEndian = !tiff.littleEndian
        switch tiff.version {
        case 42: break
        case 43:
            guard bytes.count >= 16, tiff.offsetSize(in: &input) == 8 else { throw .corrupt("BigTIFF header") }
        default:
            throw .corrupt("TIFF version \(tiff.version)")
        }
        let ifd = tiff.firstDirectory(in: &input) ?? -1
        guard ifd <= bytes.count - tiff.countSize else {
            // Writers often put the directory after the image data: a file cut in its data ends before it.
            throw .truncated(
                section: "before the TIFF directory: it starts at byte \(ifd), the file has \(bytes.count) bytes")
        }
        guard ifd >= 8 else { throw .corrupt("TIFF directory at byte \(ifd), inside the header") }
        let count = tiff.entryCount(in: &input, directory: ifd) ?? -1
        // A BigTIFF count past Int.max reads as -1: refused with every other count the directory cannot hold.
        guard count >= 0, count <= (bytes.count - ifd - tiff.countSize) / tiff.entrySize else {
            throw .truncated(section: "TIFF directory (\(count) entries)")
        }
        for i in 0..<count {
            guard let entry = tiff.entry(in: &input, directory: ifd, index: i),
                let size = TIFFLexer.typeSize(entry.type), entries[entry.tag] == nil
            else { continue }
            // Values that fit in the entry are stored in it; others at an offset, which must lie in the file.
            let (total, overflow) = entry.count.multipliedReportingOverflow(by: size)
            guard !overflow, entry.count >= 0 else { continue }
            let valuesAt =
                total <= tiff.valueFieldSize
                ? entry.valueField
                : tiff.unsigned(in: &input, at: entry.valueField, size: tiff.valueFieldSize) ?? -1
            guard valuesAt >= 0, valuesAt <= bytes.count, total <= bytes.count - valuesAt else { continue }
            entries[entry.tag] = (entry.type, entry.count, valuesAt)
        }
    }

    func has(_ tag: Int) -> Bool { entries[tag] != nil }

    /// How many values the tag claims (0 when absent), known before any is read.
    func count(_ tag: Int) -> Int { entries[tag]?.count ?? 0 }

    /// The tag's values as integers (BYTE, SHORT, LONG, LONG8 and their signed kinds), nil when absent;
    /// refused when the tag holds more than `most` values.
    func values(_ tag: Int, most: Int = 1 << 20) throws(DecodeError) -> [Int]? {
        guard let entry = entries[tag] else { return nil }
        guard entry.count <= most else { throw .corrupt("TIFF tag \(tag) has \(entry.count) values") }
        guard let size = Self.typeSize(entry.type), [1, 3, 4, 6, 8, 9, 16, 17].contains(entry.type) else {
            throw .corrupt("TIFF tag \(tag) has field type \(entry.type)")
        }
        var out: [Int] = []
        out.reserveCapacity(entry.count)
        for i in 0..<entry.count {
            out.append(Self.unsigned(bytes, at: entry.at + i * size, size: size, bigEndian: bigEndian))
        }
        return out
    }

    /// The tag's first value: read alone, not by reading all of a tag that may claim a million (each
    /// single-valued tag was an array of up to 8 MB, built a dozen times a decode and counted nowhere).
    func value(_ tag: Int) throws(DecodeError) -> Int? {
        guard let entry = entries[tag] else { return nil }
        guard entry.count <= 1 << 20 else { throw .corrupt("TIFF tag \(tag) has \(entry.count) values") }
        guard let size = Self.typeSize(entry.type), [1, 3, 4, 6, 8, 9, 16, 17].contains(entry.type) else {
            throw .corrupt("TIFF tag \(tag) has field type \(entry.type)")
        }
        guard entry.count >= 1 else { return nil }
        return Self.unsigned(bytes, at: entry.at, size: size, bigEndian: bigEndian)
    }

    static func typeSize(_ type: Int) -> Int? { TIFFLexer.typeSize(type) }

    /// An unsigned field of 1, 2, 4 or 8 bytes; 8-byte values past Int.max read as -1 (and fail range checks).
    static func unsigned(_ bytes: [UInt8], at: Int, size: Int, bigEndian: Bool) -> Int {
        var value: UInt64 = 0
        for i in 0..<size {
            let byte = UInt64(bytes[bigEndian ? at + i : at + size - 1 - i])
            value = value << 8 | byte
        }
        return value > UInt64(Int.max) ? -1 : Int(value)
    }
}
