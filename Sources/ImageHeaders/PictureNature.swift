/// Which types hold photographs, the per-type fact export's natural format is chosen by (SPEC,
/// "Export": JPEG for a photograph, PNG for the rest).
extension ImageType {
    /// Photographs whatever their coding.
    static let photographs: Set<ImageType> = [.jpeg, .heic, .heif, .avif, .tiff, .bmp]
    /// Coded either way, and a photograph only when lossy (WebP's VP8, not VP8L).
    static let photographsWhenLossy: Set<ImageType> = [.webp]

    /// Whether a picture of this type is a photograph; `lossy` says how it is coded, for the types
    /// coded either way, and is ignored for the rest.
    public func holdsPhotograph(lossy: Bool) -> Bool {
        Self.photographs.contains(self) || (lossy && Self.photographsWhenLossy.contains(self))
    }
}
