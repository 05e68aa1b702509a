import ImageCore

/// Every frame of an animated WebP, composited as libwebp's animation decoder (which Pillow uses) does:
/// the canvas starts transparent black (the ANIM background colour is ignored); a frame is alpha-blended
/// over the canvas (libwebp's non-premultiplied blend, to the bit) or replaces its area; a frame marked
/// "dispose to background" has its area cleared to transparent once shown. Without the VP8X alpha flag
/// Pillow's frames are RGB: every alpha is then 255.
public enum WebPAnimation {
    public static let frames: AnimationFrames = { bytes, start, each throws(DecodeError) in
        try decode(bytes, start: start, each: each)
    }

    static func decode(
        _ bytes: [UInt8], start: (AnimationHeader) throws(DecodeError) -> Void,
        each: (AnimationFrame) throws(DecodeError) -> Void
    ) throws(DecodeError) {
        try bytes.withUnsafeBufferPointer { data throws(DecodeError) in
            let container = try WebPContainer.parse(data)
            let frames = container.frames.isEmpty ? [container.frame] : container.frames
            let (width, height) = (container.canvasWidth, container.canvasHeight)
            try start(AnimationHeader(width: width, height: height, frames: frames.count, plays: container.loops))
            var canvas = try Raster(width: width, height: height, hasAlpha: true)
            for frame in frames {
                let pixels = try framePixels(frame, data)
                draw(pixels, frame, on: &canvas)
                var shown = canvas
                shown.hasAlpha = container.hasAlpha
                if !container.hasAlpha {
                    for i in stride(from: 3, to: shown.pixels.count, by: 4) { shown.pixels[i] = 255 }
                }
                let disposal: FrameDisposal = frame.disposesToBackground ? .background : .keep
                try each(AnimationFrame(canvas: shown, delayMilliseconds: frame.duration, disposal: disposal))
                if frame.disposesToBackground { clear(&canvas, frame) }
            }
        }
    }

    /// The frame's own `width`×`height` RGBA pixels.
    static func framePixels(
        _ frame: WebPContainer.Frame, _ data: UnsafeBufferPointer<UInt8>
    ) throws(DecodeError) -> [UInt8] {
        let image = UnsafeBufferPointer(rebasing: data[frame.image])
        if frame.isLossless {
            var (header, pixels) = try WebPLosslessImage.decode(image, inputBytes: data.count)
            guard pixels.count == frame.width * frame.height * 4 else {
                throw .corrupt("frame size differs from its header")
            }
            // A frame whose header says it holds no alpha is opaque, whatever its alpha codes say (libwebp's
            // encoder codes such a frame's alpha as 0, and its animation decoder draws it opaque).
            if !header.hasAlpha { for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 } }
            return pixels
        }
        let rows = RasterRows()
        try rows.begin(width: frame.width, height: frame.height, hasAlpha: frame.alpha != nil)
        let alpha = frame.alpha.map { UnsafeBufferPointer(rebasing: data[$0]) }
        try WebPLossyImage.decode(
            image, alpha: alpha, width: frame.width, height: frame.height, inputBytes: data.count, into: rows)
        guard let raster = rows.raster() else { throw .truncated(section: "in a WebP animation frame") }
        return raster.pixels
    }

    /// libwebp's `BlendPixelNonPremult` where the frame blends, a plain copy where it does not.
    static func draw(_ pixels: [UInt8], _ frame: WebPContainer.Frame, on canvas: inout Raster) {
        let w = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for row in 0..<frame.height {
                    for x in 0..<frame.width {
                        let s = (row * frame.width + x) * 4, d = ((frame.y + row) * w + frame.x + x) * 4
                        let srcA = Int(src[s + 3])
                        guard frame.blends, srcA != 255 else {
                            for c in 0..<4 { dst[d + c] = src[s + c] }
                            continue
                        }
                        if srcA == 0 { continue }
                        let dstFactor = (Int(dst[d + 3]) * (256 - srcA)) >> 8
                        let blendA = srcA + dstFactor
                        let scale = (1 << 24) / blendA
                        for c in 0..<3 {
                            let v = (Int(src[s + c]) * srcA + Int(dst[d + c]) * dstFactor) * scale >> 24
                            dst[d + c] = UInt8(min(255, v))
                        }
                        dst[d + 3] = UInt8(min(255, blendA))
                    }
                }
            }
        }
    }

    static func clear(_ canvas: inout Raster, _ frame: WebPContainer.Frame) {
        for row in 0..<frame.height {
            let start = ((frame.y + row) * canvas.width + frame.x) * 4
            canvas.pixels.replaceSubrange(
                start..<start + frame.width * 4, with: repeatElement(0, count: frame.width * 4))
        }
    }
}
