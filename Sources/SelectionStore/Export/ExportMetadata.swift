import ImageHeaders

/// The metadata an exported picture may carry over from its file: the ICC profile always (the
/// colours mean nothing without it), EXIF and XMP only under `--keep-metadata`. The value, and
/// the reading of each container, are ImageHeaders'; export picks the reader by type.
public typealias ExportMetadata = EmbeddedMetadata

extension EmbeddedMetadata {
    /// What a file of `type` holds; empty for types export does not read metadata from, or a
    /// structure that does not parse (the picture is still made, with no metadata).
    public static func read(_ bytes: [UInt8], type: ImageType) -> ExportMetadata {
        switch type {
        case .jpeg: return JPEGMetadata.read(bytes) ?? ExportMetadata()
        case .png: return PNGMetadata.read(bytes) ?? ExportMetadata()
        case .webp: return WebPMetadata.read(bytes) ?? ExportMetadata()
        case .heic, .heif, .avif: return HEIFMetadata.read(bytes) ?? ExportMetadata()
        default: return ExportMetadata()
        }
    }

    /// Whether a WebP's picture is lossy (a photograph, written as JPEG) rather than lossless.
    public static func isLossyWebP(_ bytes: [UInt8]) -> Bool { WebPMetadata.isLossy(bytes) }
}

/// A copy's bytes with the metadata removed losslessly: the pixels are the file's own bytes.
public enum MetadataStrip {
    /// The copy, or why the file's structure cannot be walked (it is then refused, never copied
    /// half-read). Types without a way of removing metadata here (GIF, BMP, HEIF, AVIF) come back as they are.
    public static func stripped(_ bytes: [UInt8], type: ImageType) -> Result<[UInt8], StripError> {
        let result: [UInt8]?
        switch type {
        case .jpeg: result = JPEGMetadata.stripped(bytes)
        case .png: result = PNGMetadata.stripped(bytes)
        case .webp: result = WebPMetadata.stripped(bytes)
        default: return .success(bytes)
        }
        guard let result else { return .failure(StripError(type: type)) }
        return .success(result)
    }

    /// Whether a copy of this type has its metadata removed (the others are copied as they are).
    public static func strips(_ type: ImageType) -> Bool { type == .jpeg || type == .png || type == .webp }

    public struct StripError: Error, Equatable, Sendable {
        public let type: ImageType
        public var reason: String { "its \(type.displayName) structure is damaged, so its metadata cannot be removed" }
    }
}
