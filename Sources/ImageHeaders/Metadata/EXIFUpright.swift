extension EmbeddedMetadata {
    /// The EXIF with IFD0's orientation set to 1 (the pixels were turned upright), in the structure's
    /// own byte order; unchanged when it has no orientation or does not parse.
    public static func uprighted(_ exif: [UInt8]) -> [UInt8] {
        var out = exif
        let base = exif.starts(with: exifHeader) ? exifHeader.count : 0
        guard exif.count >= base + 8 else { return exif }
        let little: Bool
        switch (exif[base], exif[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return exif
        }
        func u16(_ at: Int) -> Int {
            little ? Int(exif[at]) | Int(exif[at + 1]) << 8 : Int(exif[at]) << 8 | Int(exif[at + 1])
        }
        func u32(_ at: Int) -> Int { little ? u16(at) | u16(at + 2) << 16 : u16(at) << 16 | u16(at + 2) }
        guard u16(base + 2) == 42 else { return exif }
        let ifd = base + u32(base + 4)
        guard ifd >= base + 8, ifd + 2 <= exif.count else { return exif }
        let count = u16(ifd)
        for n in 0..<count {
            let at = ifd + 2 + n * 12
            guard at + 12 <= exif.count else { break }
            guard u16(at) == 0x0112, u16(at + 2) == 3 else { continue }
            (out[at + 8], out[at + 9]) = little ? (1, 0) : (0, 1)
        }
        return out
    }
}
