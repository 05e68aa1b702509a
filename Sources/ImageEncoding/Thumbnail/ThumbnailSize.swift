import ImageDecoding

/// The sizes a thumbnail is made at, as arithmetic both `thumbnail` and `sheet`
/// share, and that the pixel check against Pillow repeats.
public enum ThumbnailSize {
    /// Within `box`×`box` with the aspect ratio kept (the short side rounded half
    /// up, at least 1), never larger than the image itself.
    public static func fitting(width: Int, height: Int, within box: Int) -> (width: Int, height: Int) {
        precondition(width >= 1 && height >= 1 && box >= 1)
        if width <= box && height <= box { return (width, height) }
        if width >= height { return (box, max(1, (2 * height * box + width) / (2 * width))) }
        return (max(1, (2 * width * box + height) / (2 * height)), box)
    }

    /// The DCT scale (1, 2, 4 or 8) a JPEG of `width`×`height` is decoded at so
    /// that the result still covers `target`: the largest whose scaled image is at
    /// least the target by whole multiples, which is Pillow's `draft` rule, so the
    /// pixel check can compare like with like.
    public static func jpegScale(width: Int, height: Int, covering target: (width: Int, height: Int)) -> Int {
        guard target.width >= 1, target.height >= 1 else { return 1 }
        let room = min(width / target.width, height / target.height)
        for scale in [8, 4, 2] where room >= scale { return scale }
        return 1
    }

    /// The image's area in a JPEG decoded at 1/`scale`: W/scale × H/scale, where the decoded raster is
    /// ceil(W/scale) × ceil(H/scale), its last column and row only partly image. The shrink takes this
    /// box (as Pillow's `thumbnail` takes `draft`'s), so that partial row counts by its share. Nil at
    /// scale 1, or when the decoded size is not the header's scaled (then the raster is all there is).
    public static func scaledArea(
        width: Int, height: Int, scale: Int, decoded: (width: Int, height: Int)
    ) -> ShrinkArea? {
        guard scale > 1, decoded.width == (width + scale - 1) / scale, decoded.height == (height + scale - 1) / scale
        else { return nil }
        // Pillow computes the box in Python floats and hands it to C as floats.
        return ShrinkArea(width: Float(Double(width) / Double(scale)), height: Float(Double(height) / Double(scale)))
    }
}
