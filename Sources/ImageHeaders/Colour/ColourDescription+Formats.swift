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
