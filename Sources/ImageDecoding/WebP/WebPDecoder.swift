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
            let (canvasWidth, canvasHeight) = (container.canvasWidth, container.canvasHeight)
            let placed = frame.width != canvasWidth || frame.height != canvasHeight
            // A frame smaller than the canvas is held beside it while it is placed.
            try DecodeLimits.check(
                width: canvasWidth, height: canvasHeight,
                workingBytes: placed ? frame.width * frame.height * 4 : 0, inputBytes: data.count)
            // As for GIF's screen: a canvas over 4 megapixels that the first frame covers less than a
            // sixteenth of is refused (Pillow would fill it), so a few bytes cannot cost a gigabyte of
            // transparent canvas to allocate and shrink (a fuzzed 1.6 KB file took 4 s, 100 s in debug).
            if canvasWidth * canvasHeight > 1 << 22, canvasWidth * canvasHeight / 16 > frame.width * frame.height {
                throw .corrupt("WebP first frame covers too little of its \(canvasWidth)×\(canvasHeight) canvas")
            }
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
            if placed {
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
