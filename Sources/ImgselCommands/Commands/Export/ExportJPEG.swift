import ImageEncoding

/// The JPEG encoder export hands to ImageEncoding's `--max-bytes` search.
enum ExportJPEG {
    /// Nil until imgsel's own JPEG encoder is on this branch: an entry that must become a JPEG is then
    /// refused by name rather than written some other way.
    static let encode: JPEGEncode? = nil
}
