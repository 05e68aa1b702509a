/// A HEIC made JPEG needs its ICC profile always (a phone's Display P3 values read as sRGB come
/// out dull) and, under `--keep-metadata`, its EXIF and XMP. They are found in the file's items
/// (HEIFMetadataItems); this makes them what a JPEG carries.
enum HEIFMetadata {
    static func read(_ bytes: [UInt8]) -> EmbeddedMetadata? {
        guard let items = HEIFMetadataItems.read(MemoryByteSource(bytes)) else { return nil }
        var metadata = EmbeddedMetadata()
        metadata.exif = items.exif.flatMap(tiff(fromExifItem:))
        metadata.xmp = items.xmp
        metadata.icc = items.icc.map { .raw($0) }
        return metadata
    }

    /// An `Exif` item is a 32-bit offset to the TIFF header, then the payload (often `Exif\0\0` first).
    /// The orientation is set to 1: in HEIF it is informative only (irot and imir turn the pixels,
    /// and export writes them upright), so a viewer must not turn them again.
    static func tiff(fromExifItem block: [UInt8]) -> [UInt8]? {
        guard block.count >= 4 else { return nil }
        let skip = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        guard skip <= block.count - 4 - 8 else { return nil }
        let tiff = Array(block[(4 + skip)...])
        guard tiff.starts(with: [0x49, 0x49, 0x2A, 0]) || tiff.starts(with: [0x4D, 0x4D, 0, 0x2A]) else { return nil }
        return EmbeddedMetadata.uprighted(EmbeddedMetadata.app1Payload(tiff))
    }
}
