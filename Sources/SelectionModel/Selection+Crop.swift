import ImageHeaders

/// What `crop` asks for: an aspect's largest centred rectangle, an exact one, or none.
public enum CropRequest: Equatable, Sendable {
    case aspect(Aspect)
    case exact(Crop)
    case none

    /// `1:1`, `4:5`, `1.91` (as the aspect rules take them), `WxH+X+Y`, or `none`; nil otherwise.
    public init?(parsing text: String) {
        if text == "none" {
            self = .none
        } else if let crop = Crop(geometry: text) {
            self = .exact(crop)
        } else if let aspect = Aspect(text) {
            self = .aspect(aspect)
        } else {
            return nil
        }
    }

    /// The crop this asks of a picture of `width`×`height` upright pixels: nil for the whole
    /// (`none`, or a rectangle that is all of it); a geometry outside it or without pixels is
    /// the error's reason, which names the size.
    public func crop(width: Int, height: Int) -> Result<Crop?, CropProblem> {
        let crop: Crop
        switch self {
        case .none: return .success(nil)
        case .aspect(let aspect):
            guard width > 0, height > 0 else { return .failure(CropProblem("it has no pixels")) }
            crop = Crop.centred(
                aspectWidth: aspect.numerator, aspectHeight: aspect.denominator, width: width, height: height)
        case .exact(let exact):
            guard exact.width > 0, exact.height > 0 else { return .failure(CropProblem("\(exact) is empty")) }
            guard exact.fits(width: width, height: height) else {
                return .failure(CropProblem("\(exact) is not inside the picture"))
            }
            crop = exact
        }
        return .success(crop.isWhole(width: width, height: height) ? nil : crop)
    }
}

/// Why a crop does not fit its entry, after `entry 2 (a.jpg, 4032×3024 upright): `.
public struct CropProblem: Error, Equatable, Sendable {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
}

extension Selection {
    /// The same selection with the entry at `index` (1-based) cropped to `crop` (nil: the whole
    /// picture). Refused, naming every rule broken, when the cropped entry breaks a rule,
    /// unless `force`, which keeps it for `check` to report.
    public func cropping(at index: Int, to crop: Crop?, force: Bool) throws(SelectionError) -> Selection {
        try checkIndex(index)
        var entry = items[index - 1]
        let upright = entry.facts.uprightSize
        if let crop, !crop.fits(width: upright.width, height: upright.height) {
            throw .cropOutside(index: index, width: upright.width, height: upright.height, crop: crop)
        }
        let kept = crop.flatMap { $0.isWhole(width: upright.width, height: upright.height) ? nil : $0 }
        // The fingerprint is of the picture as shown, so a new crop needs a new one.
        if kept != entry.crop { entry.fingerprint = nil }
        entry.crop = kept
        if !force {
            let broken = rules.problems(for: entry).map { SelectionError.entryBreaksRule(index: index, $0) }
            if !broken.isEmpty { throw .several(broken + [.cropRefused(index: index)]) }
        }
        var next = self
        next.items[index - 1] = entry
        return next
    }
}
