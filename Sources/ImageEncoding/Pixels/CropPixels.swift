import ImageDecoding
import ImageHeaders

extension Raster {
    /// The part of this upright raster an entry's crop keeps (`imgsel crop`): its pixels copied
    /// as they are. The crop is in this raster's pixels (the upright image at full size); one
    /// outside it is clamped to it, so a caller's mistake costs pixels, never memory or a trap.
    /// What `export` applies before shrinking, and the thumbnails at full scale.
    public func cropped(to crop: Crop) -> Raster {
        let x = Swift.min(Swift.max(0, crop.x), width), y = Swift.min(Swift.max(0, crop.y), height)
        let w = Swift.max(0, Swift.min(crop.width, width - x)), h = Swift.max(0, Swift.min(crop.height, height - y))
        if x == 0, y == 0, w == width, h == height { return self }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            let from = ((y + row) * width + x) * 4
            out.replaceSubrange((row * w * 4)..<((row + 1) * w * 4), with: pixels[from..<(from + w * 4)])
        }
        return Raster(width: w, height: h, pixels: out, hasAlpha: hasAlpha)
    }
}
