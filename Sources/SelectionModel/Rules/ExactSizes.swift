/// The exact sizes of `--sizes`: typed `1320x2868`, and the one a picture is shrunk to.
extension PixelSize {
    /// `1320x2868`: as `--sizes` takes it and the selection file holds it (an ASCII x, so that it
    /// can be typed).
    public var typed: String { "\(width)x\(height)" }

    /// `1320x2868` (or `1320×2868`, as imgsel prints sizes): two whole numbers from 1, at most nine
    /// digits each; nil for anything else.
    public init?(typed text: String) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "×" }
        guard parts.count == 2, let w = Self.side(parts[0]), let h = Self.side(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    private static func side(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text), n > 0
        else { return nil }
        return n
    }

    /// Whether this size's aspect is within 1 % of `other`'s: close enough that shrinking one to
    /// the other shows no distortion (the sides' ratios differ by at most 1/100 of one of them).
    public func hasAspect(within other: PixelSize) -> Bool {
        guard width > 0, height > 0, other.width > 0, other.height > 0 else { return false }
        // |w/h − W/H| ≤ (W/H) / 100  ⇔  100·|w·H − W·h| ≤ W·h
        let difference = abs(width * other.height - other.width * height)
        return 100 * difference <= other.width * height
    }
}

extension Rules {
    /// The size export shrinks a region of `region` to for `--sizes`: the largest listed size of its
    /// aspect (within 1 %) that is no larger than it on either side and keeps the box; or why none.
    func exactSize(
        for region: PixelSize, box: (width: Int?, height: Int?, pixels: Int?)
    ) -> Result<PixelSize, ExactSizeRefusal>? {
        guard case let .sizes(list)? = self[.sizes] else { return nil }
        let ofItsAspect = list.filter { $0.hasAspect(within: region) }
        guard !ofItsAspect.isEmpty else { return .failure(.noSizeOfItsAspect) }
        let fitting = ofItsAspect.filter { size in
            size.width <= region.width && size.height <= region.height
                && size.width <= (box.width ?? size.width) && size.height <= (box.height ?? size.height)
                && size.width * size.height <= (box.pixels ?? size.width * size.height)
        }
        guard let best = fitting.max(by: { $0.width * $0.height < $1.width * $1.height }) else {
            return .failure(.smallerThanSizes)
        }
        return .success(best)
    }
}

/// Why no `--sizes` size can be made of a picture.
enum ExactSizeRefusal: Error {
    case noSizeOfItsAspect
    case smallerThanSizes
}
