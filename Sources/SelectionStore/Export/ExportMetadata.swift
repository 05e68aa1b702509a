import ImageHeaders

/// The metadata an exported picture may carry over from its file: the ICC profile always (the
/// colours mean nothing without it), EXIF and XMP only under `--keep-metadata`. The value, and
/// the reading of each container and the choice of reader by type, are ImageHeaders'
/// (`EmbeddedMetadata.read(_:type:)`).
public typealias ExportMetadata = EmbeddedMetadata

extension EmbeddedMetadata {
    /// Whether a WebP's picture is lossy (a photograph, written as JPEG) rather than lossless.
    public static func isLossyWebP(_ bytes: [UInt8]) -> Bool { WebPMetadata.isLossy(bytes) }
}

/// A copy's bytes with the metadata removed losslessly: the pixels are the file's own bytes.
public enum MetadataStrip {
    /// The copy, or why the file's structure cannot be walked (it is then refused, never copied
    /// half-read). Types without a way of removing metadata here (GIF, BMP, HEIF, AVIF) come back as they are.
    public static func stripped(_ bytes: [UInt8], type: ImageType) -> Result<[UInt8], StripError> {
        guard let result = EmbeddedMetadata.stripped(bytes, type: type) else { return .failure(StripError(type: type)) }
        return .success(result)
    }

    /// Whether a copy of this type has its metadata removed (the others are copied as they are).
    public static func strips(_ type: ImageType) -> Bool { EmbeddedMetadata.strips(type) }

    public struct StripError: Error, Equatable, Sendable {
        public let type: ImageType

        public init(type: ImageType) { self.type = type }

        public var reason: String { "its \(type.displayName) structure is damaged, so its metadata cannot be removed" }
    }
}
