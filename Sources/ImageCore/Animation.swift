/// What is done with a frame's area once it has been shown, before the next frame is drawn: GIF's
/// disposal methods, APNG's dispose ops and WebP's dispose flag in one set of words.
public enum FrameDisposal: Int, Sendable, Equatable {
    /// Left as drawn (GIF 1, APNG NONE, WebP "do not dispose").
    case keep = 1
    /// The frame's area cleared to the background (GIF 2, APNG BACKGROUND, WebP "dispose to background").
    case background = 2
    /// The frame's area put back as it was before the frame was drawn (GIF 3, APNG PREVIOUS).
    case previous = 3
}

/// An animation's header, known before any frame is drawn: enough to check what holding its frames
/// will cost (`DecodeLimits.checkFrames`) before anything is allocated.
public struct AnimationHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// How many frames the file holds (the ones with a picture).
    public var frames: Int
    /// How many times the animation plays: 0 for ever (GIF's NETSCAPE 0, APNG's and WebP's 0); a GIF
    /// without a NETSCAPE block plays once, one with NETSCAPE n plays n + 1 times, as browsers play it.
    public var plays: Int

    public init(width: Int, height: Int, frames: Int, plays: Int) {
        (self.width, self.height, self.frames, self.plays) = (width, height, frames, plays)
    }
}

/// One frame as it is shown: the whole canvas composited (as Pillow's `seek(n)` then `convert("RGBA")`
/// shows it), how long it stays, and what the file said to do with its area afterwards.
public struct AnimationFrame: Sendable, Equatable {
    public var canvas: Raster
    public var delayMilliseconds: Int
    public var disposal: FrameDisposal

    public init(canvas: Raster, delayMilliseconds: Int, disposal: FrameDisposal) {
        (self.canvas, self.delayMilliseconds, self.disposal) = (canvas, delayMilliseconds, disposal)
    }
}

/// A decoder's whole-animation entry point: `start` hears the header before any frame is drawn (and may
/// refuse it), `frame` each composited frame in order.
public typealias AnimationFrames =
    @Sendable (
        _ bytes: [UInt8], _ start: (AnimationHeader) throws(DecodeError) -> Void,
        _ frame: (AnimationFrame) throws(DecodeError) -> Void
    ) throws(DecodeError) -> Void

extension DecodeLimits {
    /// The most bytes the frames of an animation may take once held (at the size they are kept at):
    /// 512 MiB, so a file of many large frames is refused before they are made, not after.
    public static let heldFrameBytes = 512 << 20
    /// The most canvas pixels all frames together may draw: each frame is composited on the whole canvas
    /// and fitted from it, so a file of many tiny frames on a huge canvas would take hours, not memory.
    public static let framePixels = 1 << 33

    /// Refuses an animation whose canvas is refused as any picture's would be, or whose `frames` frames
    /// held at `keptWidth`×`keptHeight` pass `heldFrameBytes`, or whose frames together draw more than
    /// `framePixels` canvas pixels. Called before the first frame is drawn.
    public static func checkFrames(
        width: Int, height: Int, frames: Int, keptWidth: Int, keptHeight: Int, inputBytes: Int
    ) throws(DecodeError) {
        // The canvas, the copy a "previous" disposal keeps and one frame's own pixels.
        try check(width: width, height: height, workingBytes: 2 * width * height * 4, inputBytes: inputBytes)
        guard frames >= 1, keptWidth >= 1, keptHeight >= 1, keptWidth <= maxSide, keptHeight <= maxSide else {
            throw .corrupt("animation of \(frames) frames")
        }
        let (held, overflow) = (keptWidth * keptHeight * 4).multipliedReportingOverflow(by: frames)
        let (drawn, overflowDrawing) = (width * height).multipliedReportingOverflow(by: frames)
        guard !overflow, !overflowDrawing, held <= heldFrameBytes, drawn <= framePixels else {
            throw .tooLarge(width: width, height: height)
        }
    }
}
