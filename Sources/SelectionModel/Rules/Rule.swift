import ImageHeaders

/// The name of a rule: its key in the selection file and in `rules --json`, and what the command
/// line spells its option from (`max-bytes`). In the order the file lists them.
public enum RuleName: String, CaseIterable, Sendable {
    case maxBytes = "max-bytes"
    case minWidth = "min-width"
    case minHeight = "min-height"
    case maxWidth = "max-width"
    case maxHeight = "max-height"
    case maxPixels = "max-pixels"
    case minAspect = "min-aspect"
    case maxAspect = "max-aspect"
    case sizes
    case types
    case noAnimation = "no-animation"
    case noAlpha = "no-alpha"
    case minCount = "min-count"
    /// Not a limit: the files are uploaded as they are, so every rule is judged on the file.
    case asIs = "as-is"
    /// Not a limit on one image: no two entries look alike (`similar`'s default distance).
    case distinct
}

/// One limit of the place a selection is uploaded to: one value, one check (the command line words it).
///
/// Every rule but `minCount` judges one image by what the selection records of it (bytes,
/// upright size, type, frames); `minCount` judges the set, and only `check` enforces it.
public enum Rule: Equatable, Sendable {
    case maxBytes(Int)
    case minWidth(Int)
    case minHeight(Int)
    case maxWidth(Int)
    case maxHeight(Int)
    case maxPixels(Int)
    case minAspect(Aspect)
    case maxAspect(Aspect)
    /// The exact upright sizes a store takes (`1320x2868,2868x1320`), in the order typed, each once.
    case sizes([PixelSize])
    /// In the registry's order, each once.
    case types([ImageType])
    case noAnimation
    /// No alpha channel and no transparency (stores refuse screenshots with one).
    case noAlpha
    case minCount(Int)
    /// `--as-is`: no export mends what the files break.
    case asIs
    /// `--distinct`: an image that looks like an entry is refused (judged on pixels, by the command line).
    case distinct

    public var name: RuleName {
        switch self {
        case .maxBytes: return .maxBytes
        case .minWidth: return .minWidth
        case .minHeight: return .minHeight
        case .maxWidth: return .maxWidth
        case .maxHeight: return .maxHeight
        case .maxPixels: return .maxPixels
        case .minAspect: return .minAspect
        case .maxAspect: return .maxAspect
        case .sizes: return .sizes
        case .types: return .types
        case .noAnimation: return .noAnimation
        case .noAlpha: return .noAlpha
        case .minCount: return .minCount
        case .asIs: return .asIs
        case .distinct: return .distinct
        }
    }

    /// What an image shows a rule: the facts the selection records of it.
    public struct Image: Equatable, Sendable {
        public var type: ImageType
        /// The size a viewer shows: EXIF orientation applied, then the entry's crop.
        public var uprightWidth: Int
        public var uprightHeight: Int
        public var frames: Int
        public var bytes: Int
        /// Whether the file has an alpha channel or transparency, as its header says; false when
        /// not known (an entry whose file was not looked at).
        public var alpha = false
        /// Whether the size is the user's own crop, which export keeps as it is.
        public var ownCrop = false

        public init(facts: ImageFacts, bytes: Int) {
            type = facts.type
            (uprightWidth, uprightHeight) = facts.uprightSize
            frames = facts.frames
            alpha = facts.alpha
            self.bytes = bytes
        }

        public init(_ entry: Entry) {
            type = entry.type
            (uprightWidth, uprightHeight) = entry.shownSize
            frames = entry.frames
            alpha = entry.alpha ?? false
            bytes = entry.bytes
            ownCrop = entry.crop != nil
        }
    }

    /// Whether `image` breaks this rule; never for `minCount` (the set's) or `asIs` (no limit).
    public func isBroken(by image: Image) -> Bool {
        let (w, h) = (image.uprightWidth, image.uprightHeight)
        switch self {
        case let .maxBytes(limit): return image.bytes > limit
        case let .minWidth(limit): return w < limit
        case let .minHeight(limit): return h < limit
        case let .maxWidth(limit): return w > limit
        case let .maxHeight(limit): return h > limit
        case let .maxPixels(limit): return w * h > limit
        case let .minAspect(limit): return limit.isBelow(width: w, height: h)
        case let .maxAspect(limit): return limit.isAbove(width: w, height: h)
        case let .sizes(list): return !list.contains(PixelSize(width: w, height: h))
        case let .types(allowed): return !allowed.contains(image.type)
        case .noAnimation: return image.frames > 1
        case .noAlpha: return image.alpha
        case .minCount, .asIs, .distinct: return false
        }
    }

    /// Whether a set of `count` entries breaks this rule: only `minCount` judges the set.
    public func isBroken(byCount count: Int) -> Bool {
        guard case let .minCount(least) = self else { return false }
        return count < least
    }

    /// The value as its option takes it, shortest: `5MB`, `320`, `12M`, `4:5`, `jpeg,png`; nil for a flag.
    public var argument: String? {
        switch self {
        case let .maxBytes(n): return RuleNumbers.text(n, units: RuleNumbers.byteUnits)
        case let .minWidth(n), let .minHeight(n), let .maxWidth(n), let .maxHeight(n), let .minCount(n):
            return String(n)
        case let .maxPixels(n): return RuleNumbers.text(n, units: RuleNumbers.pixelUnits)
        case let .minAspect(r), let .maxAspect(r): return r.description
        case let .sizes(list): return list.map(\.typed).joined(separator: ",")
        case let .types(list): return list.map(\.rawValue).joined(separator: ",")
        case .noAnimation, .noAlpha, .asIs, .distinct: return nil
        }
    }
}

/// One rule an image (or the set) breaks in a way export cannot mend, with the values the
/// command line words it from (`RuleWords.swift` there): which rule, what it saw, and why export
/// does not mend it.
public struct RuleProblem: Equatable, Sendable {
    /// The image as named in messages: the stored path, until the command line names it as typed.
    /// nil for the set (`min-count`).
    public var path: String?
    public let rule: Rule
    /// What the rule judged: the image (as export would make it, for `afterFitting`), or the set.
    public let subject: Subject
    public let reason: Reason

    public init(path: String?, rule: Rule, subject: Subject, reason: Reason = .broken) {
        self.path = path
        self.rule = rule
        self.subject = subject
        self.reason = reason
    }

    public enum Subject: Equatable, Sendable {
        case image(Rule.Image)
        /// The selection, of `count` entries.
        case set(count: Int)
        /// `distinct`: the image looks like entry `index` (stored at `path`), `distance` apart.
        case alike(index: Int, path: String, distance: Int)
    }

    /// Why export does not mend what the rule finds.
    public enum Reason: Equatable, Sendable {
        /// Nothing export does would: too small (it never enlarges), the set, or `as-is`.
        case broken
        /// An aspect the entry's own crop breaks: export keeps that crop as it is.
        case ownCrop
        /// No `--sizes` size is of the picture's aspect (within 1 %): export would have to distort it.
        case noSizeOfItsAspect
        /// Every `--sizes` size of the picture's aspect is larger than it: export never enlarges.
        case smallerThanSizes
        /// Fitted to the rules' box, the image would be `target`, which breaks this minimum.
        case afterFitting(target: PixelSize)
        /// Mending it means making the image again, which export cannot.
        case cannotReencode(ReencodingRefusal)
    }
}

/// Why export cannot make an image again (every mend is a re-encoding into JPEG or PNG).
public enum ReencodingRefusal: Equatable, Sendable {
    /// The `types` rule (with export's own option) allows neither JPEG nor PNG.
    case neitherFormat(allowed: [ImageType])
}
