import ImageHeaders

/// The metadata an exported picture may carry over from its file: the ICC profile always (the
/// colours mean nothing without it), EXIF and XMP only under `--keep-metadata`.
public struct ExportMetadata: Sendable, Equatable {
    /// How the file holds its ICC profile: whole (JPEG's APP2 chunks joined, WebP's `ICCP`) or
    /// zlib-compressed (PNG's `iCCP`), which the encoding side inflates.
    public enum ICC: Sendable, Equatable {
        case raw([UInt8])
        case zlib([UInt8])
    }

    public var icc: ICC?
    /// A whole JPEG APP1 Exif payload: `Exif\0\0` and the TIFF structure.
    public var exif: [UInt8]?
    /// The XMP packet itself (no namespace header).
    public var xmp: [UInt8]?

    public init(icc: ICC? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil) {
        self.icc = icc
        self.exif = exif
        self.xmp = xmp
    }

    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    static let xmpHeader: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    static let iccHeader: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

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

    /// A raw EXIF (TIFF structure) as a JPEG APP1 payload: the `Exif\0\0` header in front, once.
    static func app1Payload(_ exif: [UInt8]) -> [UInt8] {
        exif.starts(with: exifHeader) ? exif : exifHeader + exif
    }

    /// The EXIF with IFD0's orientation set to 1 (the pixels were turned upright), in the structure's
    /// own byte order; unchanged when it has no orientation or does not parse.
    public static func uprighted(_ exif: [UInt8]) -> [UInt8] {
        var out = exif
        let base = exif.starts(with: exifHeader) ? exifHeader.count : 0
        guard exif.count >= base + 8 else { return exif }
        let little: Bool
        switch (exif[base], exif[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return exif
        }
        func u16(_ at: Int) -> Int {
            little ? Int(exif[at]) | Int(exif[at + 1]) << 8 : Int(exif[at]) << 8 | Int(exif[at + 1])
        }
        func u32(_ at: Int) -> Int { little ? u16(at) | u16(at + 2) << 16 : u16(at) << 16 | u16(at + 2) }
        guard u16(base + 2) == 42 else { return exif }
        let ifd = base + u32(base + 4)
        guard ifd >= base + 8, ifd + 2 <= exif.count else { return exif }
        let count = u16(ifd)
        for n in 0..<count {
            let at = ifd + 2 + n * 12
            guard at + 12 <= exif.count else { break }
            guard u16(at) == 0x0112, u16(at + 2) == 3 else { continue }
            (out[at + 8], out[at + 9]) = little ? (1, 0) : (0, 1)
        }
        return out
    }
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
