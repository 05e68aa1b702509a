import ImageCore

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
    /// The whole picture: the row decode into `RasterRows`, so the two cannot differ.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Raster {
        try decode(bytes, threaded: nil)
    }

    /// `decode`, with the choice of a second thread for lossy rows forced (for the tests).
    static func decode(_ bytes: [UInt8], threaded: Bool?) throws(DecodeError) -> Raster {
        try RasterRows.collect { rows throws(DecodeError) in try decode(bytes, into: rows, threaded: threaded) }
    }

    /// Hands the canvas to `sink` top to bottom. A lossy frame is decoded a macroblock row at
    /// a time, so only a few rows of it are held (its alpha plane, when it has one, whole);
    /// a lossless frame is decoded whole first (its transforms and backward references reach
    /// across the picture), then handed on.
    public static func decode(_ bytes: [UInt8], into sink: RowSink) throws(DecodeError) {
        try decode(bytes, into: sink, threaded: nil)
    }

    static func decode(_ bytes: [UInt8], into sink: RowSink, threaded: Bool?) throws(DecodeError) {
        try bytes.withUnsafeBufferPointer { data throws(DecodeError) in
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
            // Lossy without ALPH is opaque already; anything else may hold alpha to drop.
            let mayHoldAlpha = frame.isLossless || frame.alpha != nil || placed
            let opaque = !container.hasAlpha && mayHoldAlpha
            try sink.begin(width: canvasWidth, height: canvasHeight, hasAlpha: container.hasAlpha)
            let canvas = WebPCanvasRows(
                frame: frame, canvasWidth: canvasWidth, canvasHeight: canvasHeight, opaque: opaque, into: sink)
            let frameSink: RowSink = placed || opaque ? canvas : sink
            let image = UnsafeBufferPointer(rebasing: data[frame.image])
            if frame.isLossless {
                let (_, pixels) = try WebPLosslessImage.decode(image, inputBytes: data.count)
                guard pixels.count == frame.width * frame.height * 4 else {
                    throw .corrupt("frame size differs from its header")
                }
                pixels.withUnsafeBufferPointer { p in
                    guard let base = p.baseAddress else { return }
                    for y in 0..<frame.height { frameSink.row(y, base + y * frame.width * 4) }
                }
            } else {
                let alpha = frame.alpha.map { UnsafeBufferPointer(rebasing: data[$0]) }
                try WebPLossyImage.decode(
                    image, alpha: alpha, width: frame.width, height: frame.height, inputBytes: data.count,
                    threaded: threaded, into: frameSink)
            }
            if frameSink === canvas { canvas.finish() }
        }
    }
}
