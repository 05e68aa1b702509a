import ImageHeaders

/// What the rules say of one image once `export` has done what it can (SPEC "Upload rules"):
/// the rules describe the target, and export re-encodes a refused type, shrinks past the size
/// and byte limits, cuts the nearest allowed aspect and writes a first frame. Only what it
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

    /// One thing export does to keep a rule, and the words a note says it in.
    public struct Mend: Equatable, Sendable {
        public let rule: Rule
        /// `makes it a JPEG (--types jpeg,png)`, `within 2 MB (--max-bytes)`.
        public let words: String
    }

    /// `export makes it a JPEG (--types jpeg,png) within 2 MB (--max-bytes)`, what a note says after
    /// the image's name; nil when nothing is mended.
    public var mending: String? {
        guard !mends.isEmpty else { return nil }
        let verbs = mends.filter { $0.rule.name != .maxBytes }.map(\.words)
        let bytes = mends.first { $0.rule.name == .maxBytes }?.words
        guard !verbs.isEmpty else { return "export fits it " + (bytes ?? "") }
        return "export " + verbs.joined(separator: ", ") + (bytes.map { " " + $0 } ?? "")
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
        func refuse(_ rule: Rule, _ description: String) {
            judged.problems.append(RuleProblem(path: path, rule: rule, description: description))
        }
        let broken = all.compactMap { rule in rule.check(image).map { (rule, $0) } }
        if asIs {
            for (rule, description) in broken { refuse(rule, description) }
            return judged
        }
        var mends: [RuleJudgement.Mend] = []
        if let (rule, crop) = aspectCrop(image) {
            judged.region = PixelRect(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
            mends.append(.init(rule: rule, words: "crops it to \(judged.region.size) (\(rule.asOption))"))
        }
        let box = self.box(maxSide: maxSide)
        judged.target = judged.region.size.fitted(width: box.width, height: box.height, pixels: box.pixels)

        // Too small, or a crop of the user's own of a forbidden aspect: export never enlarges, and
        // keeps the user's crop as it is.
        for (rule, description) in broken {
            if rule.name == .minWidth || rule.name == .minHeight {
                refuse(rule, description)
            } else if rule.name.isAspect, image.ownCrop {
                refuse(rule, description + "; export keeps the entry's own crop")
            }
        }
        var fitted = image
        (fitted.uprightWidth, fitted.uprightHeight) = (judged.target.width, judged.target.height)
        for name in [RuleName.minWidth, .minHeight] where !judged.problems.contains(where: { $0.rule.name == name }) {
            guard let rule = self[name], let description = rule.check(fitted) else { continue }
            refuse(rule, "made to fit the rules it would be \(judged.target), and " + description)
        }

        var region = image
        (region.uprightWidth, region.uprightHeight) = (judged.region.width, judged.region.height)
        let shrinking = [RuleName.maxWidth, .maxHeight, .maxPixels].compactMap { name in
            self[name].flatMap { $0.check(region) == nil ? nil : $0 }
        }
        if judged.target != judged.region.size, let first = shrinking.first {
            let options = shrinking.map(\.asOption).joined(separator: ", ")
            mends.append(.init(rule: first, words: "shrinks it to \(judged.target) (\(options))"))
        }
        for (rule, _) in broken {
            switch rule {
            case .noAnimation: mends.append(.init(rule: rule, words: "keeps its first frame (\(rule.asOption))"))
            case let .types(allowed):
                let format = Self.formatWords(for: image.type, allowed: allowed)
                mends.append(.init(rule: rule, words: "makes it \(format) (\(rule.asOption))"))
            case let .maxBytes(limit):
                mends.append(.init(rule: rule, words: "within \(RuleNumbers.sizeText(limit)) (\(rule.name.option))"))
            default: break
            }
        }
        // Every mend is a re-encoding, into JPEG or PNG, from decoded pixels.
        if !mends.isEmpty, let reason = reencodingRefusal(image.type) {
            for mend in mends {
                let broken = mend.rule.check(image) ?? ""
                // The type's own line already names the list: `…gif (--types), and export writes only JPEG or PNG`.
                refuse(
                    mend.rule, mend.rule.name == .types ? broken + ", and " + reason.short : broken + "; " + reason.long
                )
            }
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
            guard let rule, rule.check(image) != nil else { continue }
            var crop = Crop.centred(
                aspectWidth: aspect.numerator, aspectHeight: aspect.denominator, width: w, height: h)
            // Rounded towards a square, a crop to a minimum above 1:1 (or a maximum below) can land
            // a pixel past its limit: take that pixel off the side the limit is about.
            var cropped = image
            while true {
                (cropped.uprightWidth, cropped.uprightHeight) = (crop.width, crop.height)
                guard rule.check(cropped) != nil else { break }
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

    /// Why export cannot re-encode an image of `type`, said after the types rule's own line (`short`)
    /// or after another rule's (`long`); nil when it can.
    private func reencodingRefusal(_ type: ImageType) -> (short: String, long: String)? {
        if case let .types(allowed)? = self[.types], !allowed.contains(.jpeg), !allowed.contains(.png) {
            return ("export writes only JPEG or PNG", ExportPlan.neitherFormat(allowed))
        }
        guard type.isDecoded else {
            let reason = "export cannot make it again: imgsel does not decode \(type.displayName) pictures"
            return (reason, reason)
        }
        return nil
    }

    /// `a JPEG`, `a PNG`, `a JPEG or PNG`: what export writes an image of `type` as under `allowed`
    /// (a photograph's type as JPEG, the rest as PNG; which of the two a WebP is, only its pixels say).
    static func formatWords(for type: ImageType, allowed: [ImageType]) -> String {
        let candidates: [ExportFormat] =
            type == .webp ? [.jpeg, .png] : [ExportFormat.natural(for: type, lossyWebP: false, hasAlpha: false)]
        let chosen = candidates.compactMap { ExportFormat.choose(natural: $0, forced: nil, allowed: allowed) }
        let names = chosen.reduce(into: [ExportFormat]()) { if !$0.contains($1) { $0.append($1) } }
        return "a " + names.map { $0.type.displayName }.joined(separator: " or ")
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
