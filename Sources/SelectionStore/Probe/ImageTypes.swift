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

extension ImageType {
    /// File-name extensions (lower case, no dot) that people use for this type's content.
    public var extensions: Set<String> {
        switch self {
        case .jpeg: return ["jpg", "jpeg", "jpe", "jfif", "jif", "pjpeg", "pjp", "mpo"]
        case .png: return ["png", "apng"]
        case .gif: return ["gif"]
        case .webp: return ["webp"]
        case .bmp: return ["bmp", "dib"]
        case .tiff: return ["tif", "tiff"]
        case .heic, .heif: return ["heic", "heif", "hif", "heics", "heifs"]
        case .avif: return ["avif", "avifs"]
        }
    }

    /// Extensions of image formats imgsel does not read; content under such a name still disagrees with it.
    static let otherImageExtensions: Set<String> = [
        "ico", "cur", "svg", "svgz", "jxl", "psd", "tga", "pcx", "ppm", "pgm", "pbm", "pnm", "xpm", "xbm",
        "jp2", "j2k", "jpx", "dng", "cr2", "cr3", "nef", "arw", "orf", "rw2", "raf", "raw", "eps",
    ]

    /// Says how `path`'s extension disagrees with this content type ("named .png but the content
    /// is HEIC"), or nil when it agrees, is absent, or names no image format ("notes.bin").
    /// The type always comes from the content; this only lets `info` and `check` point out the name.
    public func nameDisagreement(_ path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = String(name[name.index(after: dot)...])
        let lower = ext.lowercased()
        guard !extensions.contains(lower) else { return nil }
        let known = ImageType.allCases.contains { $0.extensions.contains(lower) } || Self.otherImageExtensions.contains(lower)
        return known ? "named .\(ext) but the content is \(displayName)" : nil
    }
}
