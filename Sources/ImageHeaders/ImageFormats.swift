/// The registry: every supported format, in the order the probe tries them (no two claim the
/// same first bytes, so the order only decides which refusal a damaged file gets) and the
/// order listings show them. A new format is one file in Formats/ declaring its `ImageFormat`
/// and `ImageType`, plus one line here.
public enum ImageFormats {
    public static let all: [ImageFormat] = [
        .jpeg,
        .png,
        .gif,
        .webp,
        .bmp,
        .tiff,
        .heic,
        .heif,
        .avif,
    ]
}
