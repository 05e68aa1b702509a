import ImageCore

/// Lays a frame's rows on its canvas as they come: an animation's first frame at its
/// offset on transparent black, and with `opaque` (libwebp reports no alpha: Pillow's
/// mode RGB) every alpha 255, so the canvas outside the frame is then opaque black.
final class WebPCanvasRows: RowSink {
    private let frame: WebPContainer.Frame
    private let canvasWidth: Int
    private let canvasHeight: Int
    private let opaque: Bool
    private let target: RowSink
    private let line: UnsafeMutablePointer<UInt8>
    /// The next canvas row to hand on.
    private var next = 0

    init(frame: WebPContainer.Frame, canvasWidth: Int, canvasHeight: Int, opaque: Bool, into target: RowSink) {
        (self.frame, self.canvasWidth, self.canvasHeight, self.opaque, self.target) =
            (frame, canvasWidth, canvasHeight, opaque, target)
        line = .allocate(capacity: 4 * canvasWidth)
    }

    deinit { line.deallocate() }

    /// The canvas's size went to the target already; a frame's own `begin` is not called.
    func begin(width: Int, height: Int, hasAlpha: Bool) throws(DecodeError) {}

    func row(_ y: Int, _ pixels: UnsafePointer<UInt8>) {
        while next < frame.y + y { blank() }
        let background: UInt8 = opaque ? 255 : 0
        if frame.width != canvasWidth {
            clear(background)
        }
        (line + 4 * frame.x).update(from: pixels, count: 4 * frame.width)
        if opaque {
            for x in 0..<frame.width { line[4 * (frame.x + x) + 3] = 255 }
        }
        target.row(next, line)
        next += 1
    }

    /// Hands on the canvas rows below the frame, once its rows are all in.
    func finish() {
        while next < canvasHeight { blank() }
    }

    private func blank() {
        clear(opaque ? 255 : 0)
        target.row(next, line)
        next += 1
    }

    /// Black, with alpha `alpha`.
    private func clear(_ alpha: UInt8) {
        line.update(repeating: 0, count: 4 * canvasWidth)
        if alpha != 0 {
            for x in 0..<canvasWidth { line[4 * x + 3] = alpha }
        }
    }
}
