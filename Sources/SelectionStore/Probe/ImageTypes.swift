/// Supported content types; raw values are the contract's type names.
public enum ImageType: String, CaseIterable, Sendable {
    case jpeg, png, gif, webp, bmp, tiff, heic, heif, avif

    /// The name people know the format by, for listings and messages.
    public var displayName: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .gif: return "GIF"
        case .webp: return "WebP"
        case .bmp: return "BMP"
        case .tiff: return "TIFF"
        case .heic: return "HEIC"
        case .heif: return "HEIF"
        case .avif: return "AVIF"
        }
    }
}

/// What a header says about an image; enough to list and sort a selection without decoding pixels.
public struct ImageFacts: Equatable, Sendable {
    public var type: ImageType
    /// Stored width, before any orientation is applied.
    public var width: Int
    /// Stored height, before any orientation is applied.
    public var height: Int
    /// EXIF orientation 1...8; 1 when absent or out of range, so callers never see garbage.
    public var orientation: Int
    /// Number of frames (animation, pages); at least 1.
    public var frames: Int

    public init(type: ImageType, width: Int, height: Int, orientation: Int = 1, frames: Int = 1) {
        self.type = type
        self.width = width
        self.height = height
        self.orientation = orientation
        self.frames = frames
    }
}

/// Why a file is not a supported image, worded to fit a one-line message
/// ("empty file", "PDF document", "truncated PNG header", ...).
public struct ProbeError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
