extension EmbeddedMetadata {
    /// The EXIF with IFD0's orientation set to 1 (the pixels were turned upright), in the structure's
    /// own byte order; unchanged when it has no orientation or does not parse.
    public static func uprighted(_ exif: [UInt8]) -> [UInt8] {
        let base = exif.starts(with: exifHeader) ? exifHeader.count : 0
        guard let tiff = TIFFBlob(exif, base: base), let offset = tiff.u32(base + 4) else { return exif }
        let ifd = base + offset
        guard ifd >= base + 8, ifd + 2 <= exif.count, let count = tiff.u16(ifd) else { return exif }
        var input = exif
        var out = exif
        for n in 0..<count {
            guard let entry = tiff.lexer.entry(in: &input, directory: ifd, index: n), entry.valueField + 4 <= exif.count
            else { break }
            guard entry.tag == 0x0112, entry.type == 3 else { continue }
            (out[entry.valueField], out[entry.valueField + 1]) = tiff.littleEndian ? (1, 0) : (0, 1)
        }
        return out
    }
}
