/// Which container's reader finds each type's description. The readers stop before the pixels
/// (a JPEG's first scan, a PNG's first IDAT), so asking costs a walk of the headers only.
extension ColourDescription {
    /// The description a file of `type` carries; `.none` for types that carry none here (GIF, BMP)
    /// or a structure that does not walk.
    public static func read(_ bytes: [UInt8], type: ImageType) -> ColourDescription {
        switch type {
        case .jpeg: return JPEGColour.read(bytes)
        case .png: return PNGColour.read(bytes)
        case .webp: return WebPMetadata.read(bytes)?.icc.map { .icc($0) } ?? .none
        case .tiff: return TIFFColour.read(bytes)
        case .heic, .heif, .avif: return HEIFColourBox.read(MemoryByteSource(bytes))
        default: return .none
        }
    }
}

extension ColourDescription {
    /// How much of the start of a file the byte readers look at when reading through a source
    /// (`info` on a file of any size): every JPEG profile fits (255 APP2 chunks of 64 KiB), and
    /// PNG, WebP and TIFF put theirs before the pixels in every file seen.
    public static let headLimit = 17 << 20

    /// The description of a file read through `source`, without reading it whole: a HEIF's boxes
    /// where they are, the other types' first `headLimit` bytes.
    public static func read(_ source: any ByteSource, type: ImageType) -> ColourDescription {
        switch type {
        case .heic, .heif, .avif: return HEIFColourBox.read(source)
        case .jpeg, .png, .webp, .tiff:
            guard let head = try? source.read(at: 0, count: min(source.size, headLimit)) else { return .none }
            return read(head, type: type)
        default: return .none
        }
    }
}
