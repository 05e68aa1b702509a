/// A supported content type. Its raw value is the contract's type name ("jpeg"), the one the
/// selection file records. Each format declares its own in its own file (`ImageType.jpeg` in
/// Formats/JPEG.swift), and `ImageType(rawValue:)` knows only the names in `ImageFormats.all`,
/// so adding a format touches no list of cases.
public struct ImageType: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Everything known about the type: names, extensions, MIME type, sniff and probe.
    public let format: ImageFormat

    init(_ format: ImageFormat) { self.format = format }

    /// A registered type name, or nil.
    public init?(rawValue: String) {
        guard let format = ImageFormats.all.first(where: { $0.name == rawValue }) else { return nil }
        self.format = format
    }

    public var rawValue: String { format.name }
    public var description: String { format.name }

    /// The name people know the format by, for listings and messages.
    public var displayName: String { format.displayName }
    /// File-name extensions (lower case, no dot) that people use for this type's content.
    public var extensions: Set<String> { format.extensions }
    /// The media type a data URI and a browser know it by.
    public var mimeType: String { format.mimeType }

    /// Every supported type, in the registry's order.
    public static var allCases: [ImageType] { ImageFormats.all.map(\.type) }

    public static func == (a: ImageType, b: ImageType) -> Bool { a.format.name == b.format.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(format.name) }
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
    /// Whether the header says the picture has an alpha channel or any transparency (a PNG's
    /// colour type or `tRNS`, a GIF's transparent colour, a WebP's alpha flag, a BMP's alpha mask,
    /// a TIFF's ExtraSamples, a HEIF alpha auxiliary image): what `--no-alpha` judges, as the
    /// decoders read the same headers. Read from headers only; false for JPEG.
    public var alpha = false

    public init(type: ImageType, width: Int, height: Int, orientation: Int = 1, frames: Int = 1, alpha: Bool = false) {
        self.type = type
        self.width = width
        self.height = height
        self.orientation = orientation
        self.frames = frames
        self.alpha = alpha
    }

    /// Whether EXIF orientations 5–8 turn the image a quarter, swapping its sides.
    public var swapsSides: Bool { (5...8).contains(orientation) }

    /// The size a viewer shows, orientation applied: the one place it is worked out.
    public var uprightSize: (width: Int, height: Int) { swapsSides ? (height, width) : (width, height) }
}

/// Why a file is not a supported image, worded to fit a one-line message
/// ("empty file", "PDF document", "truncated PNG header", ...).
public struct ProbeError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension ImageType {
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
        let known =
            ImageFormats.all.contains { $0.extensions.contains(lower) } || Self.otherImageExtensions.contains(lower)
        return known ? "named .\(ext) but the content is \(displayName)" : nil
    }
}
