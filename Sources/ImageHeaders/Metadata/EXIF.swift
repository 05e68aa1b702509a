/// Orientation from an EXIF blob (TIFF structure), as found in JPEG APP1, PNG eXIf and WebP EXIF.
/// Works entirely in memory on a blob the caller has already bounded; never throws, because a
/// broken EXIF block should not make an otherwise good image unreadable.
enum EXIFOrientation {
    static let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
    /// The most of an EXIF blob worth reading: a JPEG APP1 holds no more, and IFD0 comes first.
    static let maxBlob = 64 << 10

    /// 1...8, or 1 when the tag is absent, malformed or out of range.
    static func orientation(_ blob: [UInt8]) -> Int {
        let base = blob.starts(with: exifPrefix) ? exifPrefix.count : 0
        guard let tiff = TIFFBlob(blob, base: base) else { return 1 }
        guard let entry = tiff.firstDirectory().first(where: { $0.tag == 0x0112 }),
            let value = tiff.scalar(entry), (1...8).contains(value)
        else { return 1 }
        return value
    }
}
