/// The metadata a picture's file carries beside its pixels, as its container's lexer finds it: the ICC
/// profile, EXIF and XMP. Export carries it over (the profile always, EXIF and XMP on request).
public struct EmbeddedMetadata: Sendable, Equatable {
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

    public static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    public static let xmpHeader: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    public static let iccHeader: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// A raw EXIF (TIFF structure) as a JPEG APP1 payload: the `Exif\0\0` header in front, once.
    public static func app1Payload(_ exif: [UInt8]) -> [UInt8] {
        exif.starts(with: exifHeader) ? exif : exifHeader + exif
    }
}
