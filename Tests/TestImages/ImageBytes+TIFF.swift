extension ImageBytes {
    // MARK: TIFF / EXIF

    public struct Entry {
        public var tag: Int, type: Int, value: Int
        public init(_ tag: Int, _ type: Int, _ value: Int) { self.tag = tag; self.type = type; self.value = value }
    }

    /// Offset at which `trailer` lands in `tiff(...)`.
    public static func tiffTrailerOffset(_ ifds: [[Entry]]) -> Int {
        8 + ifds.reduce(0) { $0 + 2 + 12 * $1.count + 4 }
    }

    /// A classic TIFF structure: header, IFDs chained in order (count-1 values inline), then `trailer`.
    public static func tiff(littleEndian le: Bool, ifds: [[Entry]], trailer: [UInt8] = []) -> [UInt8] {
        let u16 = le ? le16 : be16
        let u32 = le ? le32 : be32
        var out: [UInt8] = le ? [0x49, 0x49] : [0x4D, 0x4D]
        out += u16(42) + u32(ifds.isEmpty ? 0 : 8)
        var offset = 8
        for (i, ifd) in ifds.enumerated() {
            out += u16(ifd.count)
            for e in ifd {
                out += u16(e.tag) + u16(e.type) + u32(1)
                out += e.type == 3 ? u16(e.value) + [0, 0] : u32(e.value)
            }
            offset += 2 + 12 * ifd.count + 4
            out += u32(i == ifds.count - 1 ? 0 : offset)
        }
        return out + trailer
    }

    /// EXIF TIFF blob (no "Exif\0\0" prefix) with IFD0 orientation, optionally an IFD1 thumbnail.
    public static func exif(orientation: Int?, littleEndian: Bool = true, thumbnail: [UInt8]? = nil) -> [UInt8] {
        var ifd0 = [Entry(0x011A, 4, 72), Entry(0x0128, 3, 2)]
        if let o = orientation { ifd0.insert(Entry(0x0112, 3, o), at: 1) }
        guard let thumb = thumbnail else { return tiff(littleEndian: littleEndian, ifds: [ifd0]) }
        let ifd1 = [Entry(0x0201, 4, 0), Entry(0x0202, 4, thumb.count)]
        let at = tiffTrailerOffset([ifd0, ifd1])
        return tiff(
            littleEndian: littleEndian, ifds: [ifd0, [Entry(0x0201, 4, at), Entry(0x0202, 4, thumb.count)]],
            trailer: thumb)
    }

    public static let exifPrefix: [UInt8] = ascii("Exif") + [0, 0]
}
