/// The HEIF family: HEIC, AVIF and other HEIF, three types read by one ISO-media probe
/// (ISOBMFF.swift). Each type has its own descriptor, since each has its own name, MIME type
/// and extensions; the three share the sniff, which reads the ftyp box's brands once and
/// says which of them the file is, and refuses ISO media that holds no image.
extension ImageFormat {
    static let heic: ImageFormat = ImageFormat(
        name: "heic", displayName: "HEIC", extensions: heifExtensions, mimeType: "image/heic",
        sniff: { try ISOMedia.imageType($0) == .heic }, probe: { try ISOBMFFProbe.probe($0, type: .heic) })

    static let heif: ImageFormat = ImageFormat(
        name: "heif", displayName: "HEIF", extensions: heifExtensions, mimeType: "image/heif",
        sniff: { try ISOMedia.imageType($0) == .heif }, probe: { try ISOBMFFProbe.probe($0, type: .heif) })

    static let avif: ImageFormat = ImageFormat(
        name: "avif", displayName: "AVIF", extensions: ["avif", "avifs"], mimeType: "image/avif",
        sniff: { try ISOMedia.imageType($0) == .avif }, probe: { try ISOBMFFProbe.probe($0, type: .avif) })

    /// HEIC and other HEIF share their names: either content under either name agrees with it.
    private static let heifExtensions: Set<String> = ["heic", "heif", "hif", "heics", "heifs"]
}

extension ImageType {
    public static let heic: ImageType = ImageFormat.heic.type
    public static let heif: ImageType = ImageFormat.heif.type
    public static let avif: ImageType = ImageFormat.avif.type
}

/// The ftyp box at the start of ISO base media files (MP4, QuickTime, HEIF…).
enum ISOMedia {
    /// The image type an ftyp box's brands name; nil when the file does not start with one.
    /// Throws for ISO media that is no supported image (video, audio, a raw camera file).
    static func imageType(_ sniff: Sniff) throws -> ImageType? {
        let head = sniff.head
        guard head.count >= 12 && sniff.fourCC(at: 4) == fourCC("ftyp") else { return nil }
        // A size of 1 puts a 64-bit size after the type (so the brands start 8 bytes later);
        // 0 means "to the end of the file".
        let size32 = Int(sniff.u32be(at: 0))
        let header = size32 == 1 ? 16 : 8
        let boxEnd: Int
        switch size32 {
        case 0: boxEnd = head.count
        case 1:
            boxEnd =
                head.count >= 16 ? Int(clamping: UInt64(sniff.u32be(at: 8)) << 32 | UInt64(sniff.u32be(at: 12))) : 0
        default: boxEnd = size32
        }
        guard head.count >= header + 4 else { throw ProbeError("truncated ISO media header") }
        var compatible: [UInt32] = []
        var o = header + 8
        while o + 4 <= min(boxEnd, head.count) {
            compatible.append(sniff.fourCC(at: o))
            o += 4
        }
        let major = sniff.fourCC(at: header)
        if let type = ISOBMFFProbe.imageType(major: major, compatible: compatible) { return type }
        switch major {
        case fourCC("crx "): throw ProbeError("Canon CR3 raw image (not supported)")
        case fourCC("M4A "), fourCC("M4B "): throw ProbeError("MPEG-4 audio")
        case fourCC("jxl "): throw ProbeError("JPEG XL image (not supported)")
        default: throw ProbeError("MPEG-4/QuickTime video")
        }
    }
}
