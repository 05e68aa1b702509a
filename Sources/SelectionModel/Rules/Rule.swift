import ImageHeaders

/// The name of a rule: its option without the dashes (`max-bytes`), its key in the selection
/// file and in `rules --json`, and what `--clear` takes. In the order the file lists them.
public enum RuleName: String, CaseIterable, Sendable {
    case maxBytes = "max-bytes"
    case minWidth = "min-width"
    case minHeight = "min-height"
    case maxWidth = "max-width"
    case maxHeight = "max-height"
    case maxPixels = "max-pixels"
    case minAspect = "min-aspect"
    case maxAspect = "max-aspect"
    case types
    case noAnimation = "no-animation"
    case minCount = "min-count"
    /// Not a limit: the files are uploaded as they are, so every rule is judged on the file.
    case asIs = "as-is"

    /// `--max-bytes`: the option that sets it, which every message names.
    public var option: String { "--" + rawValue }
}

/// One limit of the place a selection is uploaded to: one value, one check, one message.
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
    /// In the registry's order, each once.
    case types([ImageType])
    case noAnimation
    case minCount(Int)
    /// `--as-is`: no export mends what the files break.
    case asIs

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
        case .types: return .types
        case .noAnimation: return .noAnimation
        case .minCount: return .minCount
        case .asIs: return .asIs
        }
    }

    /// What an image shows a rule: the facts the selection records of it.
    public struct Image: Sendable {
        public var type: ImageType
        /// The size a viewer shows: EXIF orientation applied, then the entry's crop.
        public var uprightWidth: Int
        public var uprightHeight: Int
        public var frames: Int
        public var bytes: Int
        /// Whether the size is the user's own crop, which export keeps as it is.
        public var ownCrop = false

        public init(facts: ImageFacts, bytes: Int) {
            type = facts.type
            (uprightWidth, uprightHeight) = facts.uprightSize
            frames = facts.frames
            self.bytes = bytes
        }

        public init(_ entry: Entry) {
            type = entry.type
            (uprightWidth, uprightHeight) = entry.shownSize
            frames = entry.frames
            bytes = entry.bytes
            ownCrop = entry.crop != nil
        }
    }

    /// What is wrong with `image` under this rule, after the image's name and a colon:
    /// `7.2 MB is over this selection's 5 MB (--max-bytes)`; nil when the image keeps it.
    public func check(_ image: Image) -> String? {
        let (w, h) = (image.uprightWidth, image.uprightHeight)
        let over = " is over this selection's "
        let under = " is under this selection's "
        let found: String
        switch self {
        case let .maxBytes(limit):
            guard image.bytes > limit else { return nil }
            found = Self.bytesOver(image.bytes, limit)
        case let .minWidth(limit):
            guard w < limit else { return nil }
            found = "\(w) px wide" + under + "\(limit) px"
        case let .minHeight(limit):
            guard h < limit else { return nil }
            found = "\(h) px high" + under + "\(limit) px"
        case let .maxWidth(limit):
            guard w > limit else { return nil }
            found = "\(w) px wide" + over + "\(limit) px"
        case let .maxHeight(limit):
            guard h > limit else { return nil }
            found = "\(h) px high" + over + "\(limit) px"
        case let .maxPixels(limit):
            guard w * h > limit else { return nil }
            found = "\(w)×\(h) = \(w * h) pixels" + over + RuleNumbers.text(limit, units: RuleNumbers.pixelUnits)
        case let .minAspect(limit):
            guard limit.isBelow(width: w, height: h) else { return nil }
            found =
                "\(w)×\(h) (aspect \(limit.breaking(width: w, height: h)))" + under + "\(limit)"
        case let .maxAspect(limit):
            guard limit.isAbove(width: w, height: h) else { return nil }
            found =
                "\(w)×\(h) (aspect \(limit.breaking(width: w, height: h)))" + over + "\(limit)"
        case let .types(allowed):
            guard !allowed.contains(image.type) else { return nil }
            found = "type \(image.type.rawValue) is not one of this selection's \(Self.list(allowed))"
        case .noAnimation:
            guard image.frames > 1 else { return nil }
            found = "animated (\(image.frames) frames), and this selection takes still images only"
        case .minCount, .asIs:
            return nil
        }
        return found + " (\(name.option))"
    }

    /// What is wrong with a set of `count` entries: only `minCount` judges the set.
    public func check(count: Int) -> String? {
        guard case let .minCount(least) = self, count < least else { return nil }
        return "the selection holds \(count) \(count == 1 ? "entry" : "entries"), fewer than the \(least) it needs"
            + " (\(name.option))"
    }

    /// `7.2 MB is over this selection's 5 MB`, or in bytes where rounding would make them look
    /// equal: the image's size rounded down to the limit, or printed as the limit prints.
    private static func bytesOver(_ bytes: Int, _ limit: Int) -> String {
        let shown = RuleNumbers.byteText(bytes)
        let unit = RuleNumbers.byteUnits.first { shown.hasSuffix(" " + $0.suffix) }?.factor ?? 1
        let number = Double(shown.prefix { $0 != " " }) ?? 0
        let limitText = RuleNumbers.sizeText(limit)
        guard number * Double(unit) > Double(limit), shown != limitText else {
            return "\(bytes) B is over this selection's \(limit) B"
        }
        return shown + " is over this selection's " + limitText
    }

    /// `jpeg, png, webp`.
    static func list(_ types: [ImageType]) -> String { types.map(\.rawValue).joined(separator: ", ") }

    /// The value as its option takes it, shortest: `5MB`, `320`, `12M`, `4:5`, `jpeg,png`; nil for a flag.
    public var argument: String? {
        switch self {
        case let .maxBytes(n): return RuleNumbers.text(n, units: RuleNumbers.byteUnits)
        case let .minWidth(n), let .minHeight(n), let .maxWidth(n), let .maxHeight(n), let .minCount(n):
            return String(n)
        case let .maxPixels(n): return RuleNumbers.text(n, units: RuleNumbers.pixelUnits)
        case let .minAspect(r), let .maxAspect(r): return r.description
        case let .types(list): return list.map(\.rawValue).joined(separator: ",")
        case .noAnimation, .asIs: return nil
        }
    }

    /// `--max-bytes 5MB`, `--no-animation`: the rule as the option that sets it.
    public var asOption: String { argument.map { "\(name.option) \($0)" } ?? name.option }
}

/// One rule an image (or the set) breaks, with what `add` and `check` say about it.
public struct RuleProblem: Equatable, Sendable {
    /// The image as named in messages: the stored path, until the command line names it as typed.
    /// nil for the set (`--min-count`).
    public var path: String?
    public let rule: Rule
    /// `7.2 MB is over this selection's 5 MB (--max-bytes)`.
    public let description: String

    public init(path: String?, rule: Rule, description: String) {
        self.path = path
        self.rule = rule
        self.description = description
    }

    /// `big.jpg: 7.2 MB is over this selection's 5 MB (--max-bytes)`.
    public var message: String { path.map { "\($0): " + description } ?? description }
}
