/// Orientation from an EXIF blob (TIFF structure), as found in JPEG APP1, PNG eXIf and WebP EXIF.
/// Works entirely in memory on a blob the caller has already bounded; never throws, because a
/// broken EXIF block should not make an otherwise good image unreadable.
enum EXIFOrientation {
    static let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"

    /// 1...8, or 1 when the tag is absent, malformed or out of range.
    static func orientation(_ blob: [UInt8]) -> Int {
        var base = 0
        if blob.count >= 6 && blob[0..<6].elementsEqual(exifPrefix) { base = 6 }
        guard blob.count - base >= 8 else { return 1 }
        let little: Bool
        switch (blob[base], blob[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return 1
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o <= blob.count - 2 else { return nil }
            let a = Int(blob[o]), b = Int(blob[o + 1])
            return little ? b << 8 | a : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? b << 16 | a : a << 16 | b
        }
        guard u16(base + 2) == 42, let ifd = u32(base + 4), let count = u16(base + ifd) else { return 1 }
        let first = base + ifd + 2
        for i in 0..<min(count, 1000) {
            let e = first + 12 * i
            guard let tag = u16(e), let type = u16(e + 2) else { return 1 }
            guard tag == 0x0112 else { continue }
            let value: Int?
            switch type {
            case 3: value = u16(e + 8)  // SHORT, left-justified in the value field
            case 4: value = u32(e + 8)  // LONG, seen from a few writers
            default: value = nil
            }
            if let v = value, (1...8).contains(v) { return v }
            return 1
        }
        return 1
    }
}
