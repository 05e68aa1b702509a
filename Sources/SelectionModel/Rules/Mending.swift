import ImageHeaders

/// What the rules say of one image once `export` has done what it can (SPEC "Upload rules"),
/// as values the command line words (`RuleWords.swift` there):
/// the rules describe the target, and export re-encodes a refused type, shrinks past the size
/// and byte limits, cuts the nearest allowed aspect, shrinks to an exact `--sizes` size of the
/// picture's aspect, flattens alpha over white and writes a first frame. Only what it
/// cannot mend refuses the image; the rest is said as a note. Under `--as-is` every broken
/// rule is a problem, as the files are uploaded as they are.
public struct RuleJudgement: Equatable, Sendable {
    /// What export cannot mend: `add` refuses the image, `check` fails on it.
    public var problems: [RuleProblem] = []
    /// What export will change, in the order it does it; empty when it changes nothing for the rules.
    public var mends: [Mend] = []
    /// The part of the upright picture export writes: the image's own crop, else the largest
    /// centred one of the nearest allowed aspect, else the whole picture.
    public var region: PixelRect
    /// The region fitted to the box, never enlarged.
    public var target: PixelSize

    /// One thing export does to keep a rule, with the figures a note says it with.
    public struct Mend: Equatable, Sendable {
        public let rule: Rule
        public let kind: Kind

        public init(rule: Rule, kind: Kind) {
            self.rule = rule
            self.kind = kind
        }

        public enum Kind: Equatable, Sendable {
            /// Cut to the largest centred `size` of the aspect `rule` holds.
            case crop(PixelSize)
            /// Shrunk to `size` to keep `rules` (the box's broken ones and `--sizes`; `rule` is the first).
            case shrink(PixelSize, rules: [Rule])
            case firstFrame
            /// Laid over white, without an alpha channel (`--no-alpha`).
            case flattenAlpha
            /// Made a picture of one of `types`, which `rule` allows (a WebP's pixels say which).
            case reEncode(as: [ImageType])
            /// Written within `bytes`, the `max-bytes` limit.
            case within(bytes: Int)
        }
    }
}

extension Rules {
    /// Whether the selection's files are uploaded as they are (`rules --as-is`).
    public var asIs: Bool { self[.asIs] != nil }

    /// Judges `image` (its upright size, crop applied) as export would make it, within the rules'
    /// box and `maxSide` (export's option, no rule). `path` names it in the problems.
    public func judge(_ image: Rule.Image, path: String?, maxSide: Int? = nil) -> RuleJudgement {
        let whole = PixelRect(x: 0, y: 0, width: image.uprightWidth, height: image.uprightHeight)
        var judged = RuleJudgement(region: whole, target: whole.size)
        func refuse(_ rule: Rule, _ seen: Rule.Image, _ reason: RuleProblem.Reason = .broken) {
            judged.problems.append(RuleProblem(path: path, rule: rule, subject: .image(seen), reason: reason))
        }
        let broken = all.filter { $0.isBroken(by: image) }
        if asIs {
            for rule in broken { refuse(rule, image) }
            return judged
        }
        var mends: [RuleJudgement.Mend] = []
        if let (rule, crop) = aspectCrop(image) {
            judged.region = PixelRect(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
            mends.append(.init(rule: rule, kind: .crop(judged.region.size)))
        }
        let box = self.box(maxSide: maxSide)
        judged.target = judged.region.size.fitted(width: box.width, height: box.height, pixels: box.pixels)
        // `--sizes`: shrunk to the largest listed size of the region's aspect, or refused.
        var exactRule: Rule?
        if let sizes = self[.sizes], let exact = exactSize(for: judged.region.size, box: box) {
            switch exact {
            case let .success(size):
                judged.target = size
                exactRule = sizes
            case .failure(.noSizeOfItsAspect): refuse(sizes, image, .noSizeOfItsAspect)
            case .failure(.smallerThanSizes): refuse(sizes, image, .smallerThanSizes)
            }
        }

        // Too small, or a crop of the user's own of a forbidden aspect: export never enlarges, and
        // keeps the user's crop as it is.
        for rule in broken {
            if rule.name == .minWidth || rule.name == .minHeight {
                refuse(rule, image)
            } else if rule.name.isAspect, image.ownCrop {
                refuse(rule, image, .ownCrop)
            }
        }
        var fitted = image
        (fitted.uprightWidth, fitted.uprightHeight) = (judged.target.width, judged.target.height)
        for name in [RuleName.minWidth, .minHeight] where !judged.problems.contains(where: { $0.rule.name == name }) {
            guard let rule = self[name], rule.isBroken(by: fitted) else { continue }
            refuse(rule, fitted, .afterFitting(target: judged.target))
        }

        var region = image
        (region.uprightWidth, region.uprightHeight) = (judged.region.width, judged.region.height)
        let shrinking =
            [RuleName.maxWidth, .maxHeight, .maxPixels].compactMap { name in
                self[name].flatMap { $0.isBroken(by: region) ? $0 : nil }
            } + (exactRule.map { [$0] } ?? [])
        if judged.target != judged.region.size, let first = shrinking.first {
            mends.append(.init(rule: first, kind: .shrink(judged.target, rules: shrinking)))
        }
        for rule in broken {
            switch rule {
            case .noAnimation: mends.append(.init(rule: rule, kind: .firstFrame))
            case .noAlpha: mends.append(.init(rule: rule, kind: .flattenAlpha))
            case let .types(allowed):
                mends.append(
                    .init(rule: rule, kind: .reEncode(as: Self.exportTypes(for: image.type, allowed: allowed))))
            case let .maxBytes(limit):
                mends.append(.init(rule: rule, kind: .within(bytes: limit)))
            default: break
            }
        }
        // Every mend is a re-encoding, into JPEG or PNG, from decoded pixels.
        if !mends.isEmpty, let reason = reencodingRefusal(image) {
            for mend in mends { refuse(mend.rule, image, .cannotReencode(reason)) }
        }
        if judged.problems.isEmpty { judged.mends = mends }
        return judged
    }

    /// The aspect rule the image breaks and the largest centred crop of its limit that keeps it,
    /// or nil when it keeps both (or has its own crop, which is judged as it is).
    private func aspectCrop(_ image: Rule.Image) -> (Rule, Crop)? {
        let (w, h) = (image.uprightWidth, image.uprightHeight)
        guard !image.ownCrop, w > 0, h > 0 else { return nil }
        for case let (rule, aspect?) in [
            (self[.minAspect], self[.minAspect]?.aspect), (self[.maxAspect], self[.maxAspect]?.aspect),
        ] {
            guard let rule, rule.isBroken(by: image) else { continue }
            var crop = Crop.centred(
                aspectWidth: aspect.numerator, aspectHeight: aspect.denominator, width: w, height: h)
            // Rounded towards a square, a crop to a minimum above 1:1 (or a maximum below) can land
            // a pixel past its limit: take that pixel off the side the limit is about.
            var cropped = image
            while true {
                (cropped.uprightWidth, cropped.uprightHeight) = (crop.width, crop.height)
                guard rule.isBroken(by: cropped) else { break }
                if rule.name == .minAspect, crop.height > 1 {
                    crop = Crop(x: crop.x, y: (h - crop.height + 1) / 2, width: crop.width, height: crop.height - 1)
                } else if rule.name == .maxAspect, crop.width > 1 {
                    crop = Crop(x: (w - crop.width + 1) / 2, y: crop.y, width: crop.width - 1, height: crop.height)
                } else {
                    return nil
                }
            }
            return (rule, crop)
        }
        return nil
    }

    /// Why export cannot re-encode `image`; nil when it can (an animation kept as GIF needs neither
    /// JPEG nor PNG).
    private func reencodingRefusal(_ image: Rule.Image) -> ReencodingRefusal? {
        if case let .types(allowed)? = self[.types], !allowed.contains(.jpeg), !allowed.contains(.png) {
            let keptAnimated =
                image.frames > 1 && ExportPlan.animatedTypes.contains(image.type)
                && allowed.contains(.gif) && self[.noAnimation] == nil
            if !keptAnimated { return .neitherFormat(allowed: allowed) }
        }
        return nil
    }

    /// What export writes an image of `type` as under `allowed`, each type once: a photograph's
    /// type as JPEG, the rest as PNG; a WebP as either, as only its pixels say which.
    static func exportTypes(for type: ImageType, allowed: [ImageType]) -> [ImageType] {
        let candidates: [ExportFormat] =
            type == .webp ? [.jpeg, .png] : [ExportFormat.natural(for: type, lossyWebP: false, hasAlpha: false)]
        let chosen = candidates.compactMap { ExportFormat.choose(natural: $0, forced: nil, allowed: allowed) }
        return chosen.reduce(into: [ImageType]()) { if !$0.contains($1.type) { $0.append($1.type) } }
    }

    /// The box a picture must fit in, and the pixel count it may not pass (nil: no limit).
    func box(maxSide: Int?) -> (width: Int?, height: Int?, pixels: Int?) {
        func least(_ a: Int?, _ b: Int?) -> Int? {
            guard let a else { return b }
            guard let b else { return a }
            return Swift.min(a, b)
        }
        return (
            least(self[.maxWidth]?.number, maxSide), least(self[.maxHeight]?.number, maxSide), self[.maxPixels]?.number
        )
    }
}

extension RuleName {
    var isAspect: Bool { self == .minAspect || self == .maxAspect }
}

extension Rule {
    /// The ratio an aspect rule holds.
    var aspect: Aspect? {
        switch self {
        case let .minAspect(a), let .maxAspect(a): return a
        default: return nil
        }
    }
}
