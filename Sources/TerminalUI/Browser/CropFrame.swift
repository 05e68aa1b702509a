import ImageHeaders

/// browse's crop mode on one entry, without a terminal: the frame over the upright picture, in
/// its pixels, moved and sized by keys (SPEC "Crop"). It starts as the entry's crop, or the
/// whole picture; `c` cycles the aspects of the phone pickers' clip ratios, then the whole again.
public struct CropFrame: Equatable, Sendable {
    /// An aspect `c` cycles through, by its label on the status line.
    public struct Aspect: Equatable, Sendable {
        public let label: String
        public let width: Int
        public let height: Int
    }

    /// 1:1, 4:5, 3:4, 16:9, 9:16, 1.91:1; after them the whole picture (`aspect` nil).
    public static let aspects: [Aspect] = [
        Aspect(label: "1:1", width: 1, height: 1), Aspect(label: "4:5", width: 4, height: 5),
        Aspect(label: "3:4", width: 3, height: 4), Aspect(label: "16:9", width: 16, height: 9),
        Aspect(label: "9:16", width: 9, height: 16), Aspect(label: "1.91:1", width: 191, height: 100),
    ]

    /// The upright picture's size.
    public let width: Int
    public let height: Int
    /// The frame, inside the picture.
    public private(set) var crop: Crop
    /// Which of `aspects` the frame keeps; nil for the whole picture's aspect, or, before the
    /// first `c`, the kept crop's own.
    public private(set) var aspect: Int?
    /// Whether the frame is still the crop the entry had when crop mode began (before any `c`).
    public private(set) var isAsKept: Bool

    /// A frame over a `width`×`height` picture, starting at `crop` (nil, or one that does not
    /// fit: the whole picture).
    public init(width: Int, height: Int, crop: Crop?) {
        let (w, h) = (max(1, width), max(1, height))
        self.width = w
        self.height = h
        let whole = Crop(x: 0, y: 0, width: w, height: h)
        let start = crop.flatMap { $0.fits(width: w, height: h) ? $0 : nil }
        self.crop = start ?? whole
        isAsKept = start != nil
    }

    /// One step of the arrows and of `+`/`-`: 1/20 of the picture each way, at least a pixel.
    public var step: (x: Int, y: Int) { (max(1, width / 20), max(1, height / 20)) }

    /// What the crop would keep: nil when the frame is the whole picture.
    public var result: Crop? { crop.isWhole(width: width, height: height) ? nil : crop }

    /// `1:1`, `whole`, or `as kept`, for the status line.
    public var aspectLabel: String {
        if let aspect { return Self.aspects[aspect].label }
        return isAsKept ? "as kept" : "whole"
    }

    /// `crop 4:5  2419×3024 px`: what the status line says in crop mode.
    public var statusText: String { "crop \(aspectLabel)  \(crop.width)×\(crop.height) px" }

    /// `c`: the next aspect, its largest frame centred; after 1.91:1 the whole picture.
    public mutating func nextAspect() {
        // From the kept crop or the whole picture (sized or not) to the first; after the last, the whole.
        let next: Int? = aspect.map { $0 + 1 < Self.aspects.count ? $0 + 1 : nil } ?? 0
        isAsKept = false
        aspect = next
        guard let next else {
            crop = Crop(x: 0, y: 0, width: width, height: height)
            return
        }
        let a = Self.aspects[next]
        crop = Crop.centred(aspectWidth: a.width, aspectHeight: a.height, width: width, height: height)
    }

    /// The arrows: the frame moved `dx`, `dy` steps, stopping at the picture's edges.
    public mutating func move(dx: Int, dy: Int) {
        crop.x = min(max(0, crop.x + dx * step.x), width - crop.width)
        crop.y = min(max(0, crop.y + dy * step.y), height - crop.height)
    }

    /// `+` (1) and `-` (-1): a step larger or smaller, the aspect kept, about the frame's
    /// centre (moved in where it would leave the picture). The step is 1/20 of the picture's
    /// width or of its height, whichever changes the frame more when growing and less when
    /// shrinking, so that `-` then `+` gives the frame back. Never below a step, never past the
    /// picture.
    public mutating func grow(_ steps: Int) {
        let (a, b) = aspectSides
        func fit(_ w: Int, _ h: Int) -> (width: Int, height: Int) {
            Crop.fitted(aspectWidth: a, aspectHeight: b, width: width, height: height, within: (w, h))
        }
        let byWidth = fit(max(step.x, crop.width + steps * step.x), height)
        let byHeight = fit(width, max(step.y, crop.height + steps * step.y))
        // Smallest first; a frame below a step either way (or below what it is) is not one.
        let least = (width: min(step.x, crop.width), height: min(step.y, crop.height))
        let candidates = [byWidth, byHeight].sorted { $0.width < $1.width }.filter {
            $0.width >= least.width && $0.height >= least.height
        }
        guard let size = steps > 0 ? candidates.last : candidates.first else { return }
        let centre = (x: crop.x + crop.width / 2, y: crop.y + crop.height / 2)
        crop = Crop(
            x: min(max(0, centre.x - size.width / 2), width - size.width),
            y: min(max(0, centre.y - size.height / 2), height - size.height), width: size.width, height: size.height)
    }

    /// The aspect `+`/`-` keep: the chosen one's, else the frame's own.
    private var aspectSides: (Int, Int) {
        if let aspect { return (Self.aspects[aspect].width, Self.aspects[aspect].height) }
        return (crop.width, crop.height)
    }
}
