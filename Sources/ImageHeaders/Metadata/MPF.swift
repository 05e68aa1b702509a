/// The Multi-Picture Format index (CIPA DC-007) in a JPEG's APP2 "MPF\0" segment: stereo pairs
/// (MPO), panoramas and bursts store their further pictures after the first image's EOI.
/// Previews of the same picture and HDR gain maps use the same index but are not frames.
enum MultiPictureIndex {
    static let prefix: [UInt8] = [0x4D, 0x50, 0x46, 0x00]  // "MPF\0"
    static let maxEntries = 4096

    /// Type codes of MP entries that only preview the primary picture (large thumbnails).
    static let previewTypes: Set<Int> = [0x010001, 0x010002]

    /// The number of pictures the index lists, less previews; 1 for a malformed index.
    /// `blob` is the segment's payload after the "MPF\0" prefix: a TIFF structure.
    static func frames(_ blob: [UInt8]) -> Int {
        guard let tiff = TIFFBlob(blob) else { return 1 }
        let entries = tiff.firstDirectory()
        guard let countEntry = entries.first(where: { $0.tag == 0xB001 }),
            let count = tiff.scalar(countEntry), count > 1
        else { return 1 }
        let listed = min(count, maxEntries)
        // MP Entry (0xB002): UNDEFINED, 16 bytes a picture, at an offset from the TIFF header.
        guard let list = entries.first(where: { $0.tag == 0xB002 }), list.count >= 16 * listed,
            let offset = tiff.u32(list.valueField)
        else { return listed }
        var pictures = 0
        for i in 0..<listed {
            guard let attribute = tiff.u32(tiff.base + offset + 16 * i) else { return listed }
            if !previewTypes.contains(attribute & 0xFF_FFFF) { pictures += 1 }
        }
        return max(1, pictures)
    }

    /// One picture the index lists: its MP Entry attribute, its size, and its offset from the TIFF
    /// header inside the APP2 segment (0 for the first picture, which holds the segment).
    struct Entry: Equatable {
        var attribute: Int
        var size: Int
        var offset: Int
    }

    /// Every MP Entry of the index (at most `maxEntries`); empty for a malformed index.
    static func entries(_ blob: [UInt8]) -> [Entry] {
        guard let tiff = TIFFBlob(blob) else { return [] }
        let directory = tiff.firstDirectory()
        guard let countEntry = directory.first(where: { $0.tag == 0xB001 }),
            let count = tiff.scalar(countEntry), count >= 1,
            let list = directory.first(where: { $0.tag == 0xB002 }), list.count >= 16 * min(count, maxEntries),
            let offset = tiff.u32(list.valueField)
        else { return [] }
        var entries: [Entry] = []
        for i in 0..<min(count, maxEntries) {
            let at = tiff.base + offset + 16 * i
            guard let attribute = tiff.u32(at), let size = tiff.u32(at + 4), let start = tiff.u32(at + 8) else {
                return []
            }
            entries.append(Entry(attribute: attribute, size: size, offset: start))
        }
        return entries
    }

    /// Whether an XMP packet declares an Ultra HDR gain map (an hdrgm:Version attribute or
    /// element), whose MPF index lists the gain map as a second picture. Pillow makes the same
    /// exception (for the attribute form).
    static func declaresGainMap(_ xmp: [UInt8]) -> Bool {
        let needle = Array("hdrgm:Version".utf8)
        guard xmp.count >= needle.count else { return false }
        for i in 0...(xmp.count - needle.count) where xmp[i] == needle[0] {
            if xmp[i..<(i + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
