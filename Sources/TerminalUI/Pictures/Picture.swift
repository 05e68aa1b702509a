import ImageDecoding

/// What the picker and the browser show in a picture's cells.
public enum Picture: Sendable, Equatable {
    /// Pixels made for the cells: `PictureRenderer.pixelSize` says how many.
    case raster(Raster)
    /// Lines of text, centred in the cells: a type imgsel does not decode (HEIC), a damaged
    /// file, an entry whose file changed (`PictureProblem`'s words).
    case placeholder([String])
}
