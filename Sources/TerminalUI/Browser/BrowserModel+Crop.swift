import ImageHeaders

/// browse's crop mode (`c`, SPEC "Crop"): the keys move and size the frame, `c` cycles the
/// aspect, Enter asks the caller to keep the crop, Esc leaves it as it was. Ctrl-C still cancels
/// the browser (in `handle`, before this).
extension BrowserModel {
    /// The caller's answer to `startCrop`: the frame to begin with (nil: this entry cannot be
    /// cropped now, and `why` says so).
    public mutating func beginCrop(_ frame: CropFrame?, why: String = "cannot crop this entry") {
        cropping = frame
        message = frame == nil ? why : nil
    }

    /// The caller kept the crop: crop mode ends, `message` says what was kept.
    public mutating func cropKept(message: String) {
        cropping = nil
        self.message = message
    }

    /// The caller refused the crop (a rule it breaks, the entry gone): crop mode stays, the
    /// reason on the status line until the next key.
    public mutating func cropRefused(message: String) {
        self.message = message
    }

    /// One key in crop mode.
    mutating func handleCropping(_ key: Key) -> [BrowserEffect] {
        guard var frame = cropping else { return [] }
        defer { if cropping != nil { cropping = frame } }
        switch key {
        case .character("c"): frame.nextAspect()
        case .left, .character("h"): frame.move(dx: -1, dy: 0)
        case .right, .character("l"): frame.move(dx: 1, dy: 0)
        case .up, .character("k"): frame.move(dx: 0, dy: -1)
        case .down, .character("j"): frame.move(dx: 0, dy: 1)
        case .character("+"), .character("="): frame.grow(1)
        case .character("-"), .character("_"): frame.grow(-1)
        case .enter: return [.keepCrop(index, frame.result)]
        case .escape, .character("q"):
            cropping = nil
            message = "crop left as it was"
        default: return [.bell]
        }
        return []
    }
}
