/// Which container's metadata reader and remover serve each type: export asks by type, and the
/// per-format knowledge stays here beside the readers.
extension EmbeddedMetadata {
    /// What a file of `type` holds; empty for types no metadata is read from, or a structure that
    /// does not parse (the picture is still made, with no metadata).
    public static func read(_ bytes: [UInt8], type: ImageType) -> EmbeddedMetadata {
        switch type {
        case .jpeg: return JPEGMetadata.read(bytes) ?? EmbeddedMetadata()
        case .png: return PNGMetadata.read(bytes) ?? EmbeddedMetadata()
        case .webp: return WebPMetadata.read(bytes) ?? EmbeddedMetadata()
        case .heic, .heif, .avif: return HEIFMetadata.read(bytes) ?? EmbeddedMetadata()
        default: return EmbeddedMetadata()
        }
    }

    /// A copy's bytes with the metadata removed losslessly, or nil when the file's structure cannot be
    /// walked. Types without a way of removing metadata here (GIF, BMP, TIFF, HEIF, AVIF) come back as they are.
    public static func stripped(_ bytes: [UInt8], type: ImageType) -> [UInt8]? {
        guard let remover = remover(of: type) else { return bytes }
        return remover(bytes)
    }

    /// Whether a copy of this type has its metadata removed (the others are copied as they are).
    public static func strips(_ type: ImageType) -> Bool { remover(of: type) != nil }

    private static func remover(of type: ImageType) -> (([UInt8]) -> [UInt8]?)? {
        switch type {
        case .jpeg: return { JPEGMetadata.stripped($0) }
        case .png: return PNGMetadata.stripped
        case .webp: return WebPMetadata.stripped
        default: return nil
        }
    }
}
