/// Decodes WebP files: lossy (VP8, with ALPH alpha), lossless (VP8L), in the
/// simple or extended (VP8X) container; of an animation, the first frame.
///
/// The result is what Pillow shows for `Image.open(f).convert("RGBA")`: an
/// animation's first frame lies on a canvas of transparent black at its
/// offset (libwebp's animation decoder ignores the ANIM background colour),
/// and when libwebp reports no alpha (Pillow's mode RGB) every alpha is 255,
/// so the canvas outside the frame is then opaque black. EXIF orientation is
/// not applied here.
public enum WebPDecoder {
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Raster {
        try bytes.withUnsafeBufferPointer { data throws(DecodeError) -> Raster in
            let container = try WebPContainer.parse(data)
            let frame = container.frame
            try DecodeLimits.check(width: container.canvasWidth, height: container.canvasHeight, inputBytes: data.count)
            let image = UnsafeBufferPointer(rebasing: data[frame.image])
            var pixels: [UInt8]
            if frame.isLossless {
                pixels = try WebPLosslessImage.decode(image, inputBytes: data.count).1
            } else {
                let alpha = frame.alpha.map { UnsafeBufferPointer(rebasing: data[$0]) }
                pixels = try WebPLossyImage.decode(image, alpha: alpha, inputBytes: data.count)
            }
            guard pixels.count == frame.width * frame.height * 4 else {
                throw .corrupt("frame size differs from its header")
            }
            // Lossy without ALPH is opaque already; anything else may hold alpha to drop.
            var mayHoldAlpha = frame.isLossless || frame.alpha != nil
            if frame.width != container.canvasWidth || frame.height != container.canvasHeight {
                pixels = place(
                    pixels, frame: frame, canvasWidth: container.canvasWidth,
                    canvasHeight: container.canvasHeight)
                mayHoldAlpha = true
            }
            if !container.hasAlpha && mayHoldAlpha {
                pixels.withUnsafeMutableBufferPointer { p in
                    for i in stride(from: 3, to: p.count, by: 4) { p[i] = 255 }
                }
            }
            return Raster(
                width: container.canvasWidth, height: container.canvasHeight, pixels: pixels,
                hasAlpha: container.hasAlpha)
        }
    }

    /// The frame's pixels at its offset on a transparent black canvas.
    private static func place(
        _ pixels: [UInt8], frame: WebPContainer.Frame, canvasWidth: Int,
        canvasHeight: Int
    ) -> [UInt8] {
        var canvas = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
        let rowBytes = frame.width * 4
        for row in 0..<frame.height {
            let source = row * rowBytes
            let target = ((frame.y + row) * canvasWidth + frame.x) * 4
            canvas[target..<(target + rowBytes)] = pixels[source..<(source + rowBytes)]
        }
        return canvas
    }
}
