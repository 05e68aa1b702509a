/// Which part of a decoded picture is shown: the clean aperture (clap), worked out in the
/// frame that the rotations and mirrorings listed before it have made (ipma order), and
/// mapped back to the stored samples. The turning itself is left to the orientation the probe
/// records (ImageHeaders' ISOBMFF.swift reads the same irot and imir), which every picture
/// imgsel draws applies after shrinking; so the decoder hands on the stored, cropped picture.
enum HEIFGeometry {
    private enum Step {
        case turn  // a quarter turn anticlockwise
        case mirror(axis: Int)
    }

    /// The window of a `width`×`height` picture that `properties`' claps keep. A clap that is
    /// void (a zero denominator) or larger than the picture is skipped, as the probe skips it,
    /// so the window is the size the probe reported.
    static func window(width: Int, height: Int, properties: [HEIFProperty]) -> HEIFRect {
        var rect = HEIFRect(x: 0, y: 0, width: width, height: height)
        var steps: [Step] = []
        for property in properties {
            switch property {
            case .rotation(let turns): steps += Array(repeating: .turn, count: turns & 3)
            case .mirror(let axis): steps.append(.mirror(axis: axis))
            case .cleanAperture(let clap):
                // The frame each step starts from: the turns so far trade its sides.
                var frames: [(Int, Int)] = []
                var frame = (rect.width, rect.height)
                for step in steps {
                    frames.append(frame)
                    if case .turn = step { frame = (frame.1, frame.0) }
                }
                guard var crop = cropped(frame, clap) else { continue }
                for (step, before) in zip(steps, frames).reversed() {
                    crop = undo(step, crop, frame: before)
                }
                rect = HEIFRect(x: rect.x + crop.x, y: rect.y + crop.y, width: crop.width, height: crop.height)
            default: break
            }
        }
        return rect
    }

    /// The clap's rectangle in a `frame` picture: its size rounded as the probe rounds it, its
    /// left and top edges rounded down from the centre offset, as libheif places them; nil
    /// when the clap is void or does not fit.
    private static func cropped(_ frame: (Int, Int), _ clap: HEIFCleanAperture) -> HEIFRect? {
        let (wn, wd) = clap.width, (hn, hd) = clap.height
        guard wd > 0, hd > 0 else { return nil }
        let cw = (wn + wd / 2) / wd, ch = (hn + hd / 2) / hd
        guard cw > 0, ch > 0, cw <= frame.0, ch <= frame.1 else { return nil }
        func edge(_ offset: (Int, Int), _ side: Int, _ n: Int, _ d: Int, _ kept: Int) -> Int {
            let centre = offset.1 > 0 ? Double(offset.0) / Double(offset.1) : 0
            let start = (centre + Double(side - 1) / 2 - (Double(n) / Double(d) - 1) / 2).rounded(.down)
            return Int(max(0, min(Double(side - kept), start)))
        }
        return HEIFRect(
            x: edge(clap.horizontalOffset, frame.0, wn, wd, cw), y: edge(clap.verticalOffset, frame.1, hn, hd, ch),
            width: cw, height: ch)
    }

    /// The rectangle that `step` took to `r`, in the frame of `frame` (width, height) it started from.
    private static func undo(_ step: Step, _ r: HEIFRect, frame: (Int, Int)) -> HEIFRect {
        switch step {
        case .turn:
            // A quarter turn anticlockwise takes (x, y) of a W×H picture to (y, W-1-x).
            return HEIFRect(x: frame.0 - r.y - r.height, y: r.x, width: r.height, height: r.width)
        case .mirror(axis: 0):
            return HEIFRect(x: r.x, y: frame.1 - r.y - r.height, width: r.width, height: r.height)
        case .mirror:
            return HEIFRect(x: frame.0 - r.x - r.width, y: r.y, width: r.width, height: r.height)
        }
    }

    /// The rotations and mirrorings of `properties`, in order: two items whose lists are equal
    /// are turned the same way (a thumbnail must be, to stand in for its image).
    static func turns(_ properties: [HEIFProperty]) -> [HEIFProperty] {
        properties.filter {
            switch $0 {
            case .rotation, .mirror: return true
            default: return false
            }
        }
    }
}
