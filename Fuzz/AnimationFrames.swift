// Shared by the GIF, PNG and WebP decoder fuzzers: every frame of an animation, as export reads it.

/// Draws every frame of `bytes` with `frames`, refusing (as a fuzzer must, within its 1 s timeout) more
/// than 2^24 canvas pixels drawn in all; each frame must be a whole canvas of the header's size.
func fuzzAnimationFrames(_ bytes: [UInt8], _ frames: AnimationFrames) {
    var size = (0, 0)
    var seen = 0
    do {
        try frames(
            bytes,
            { header throws(DecodeError) in
                try DecodeLimits.checkFrames(
                    width: header.width, height: header.height, frames: header.frames, keptWidth: 1, keptHeight: 1,
                    inputBytes: bytes.count)
                guard header.width * header.height * header.frames <= 1 << 24 else {
                    throw .tooLarge(width: header.width, height: header.height)
                }
                size = (header.width, header.height)
            },
            { frame throws(DecodeError) in
                seen += 1
                precondition(frame.canvas.width == size.0 && frame.canvas.height == size.1, "frame size")
                precondition(frame.canvas.pixels.count == size.0 * size.1 * 4, "frame pixel count")
            })
    } catch {
        _ = error.message
    }
}
