import ImageHeaders

/// What one export does to one entry, in the words of the SPEC's `--json` `changes`.
public enum ExportChange: String, Sendable, CaseIterable {
    case copied
    case upright
    case cropped
    case shrunk
    case reEncoded = "re-encoded"
    /// Transparent pixels laid over white: a JPEG has no alpha, nor a picture for `--no-alpha`.
    case flattened
    case metadataRemoved = "metadata-removed"
    case firstFrame = "first-frame"
    /// An animation made again as an animated GIF, every frame kept.
    case animated
    /// The pixels turned from the file's colour description into sRGB's, written without a profile.
    case convertedToSRGB = "converted-to-srgb"
    /// An Ultra HDR JPEG's gain map written with the picture (copied, or turned, cropped and shrunk alike).
    case hdrKept = "hdr-kept"
    /// A gain map not written: a HEIF's (JPEG carries only Ultra HDR's), or any under `--hdr drop`.
    case hdrDropped = "hdr-dropped"

    /// As the printed line says it: `metadata removed`, `converted to sRGB`.
    public var words: String {
        switch self {
        case .reEncoded: return rawValue
        case .convertedToSRGB: return "converted to sRGB"
        case .hdrKept: return "hdr gain map kept"
        case .hdrDropped: return "hdr gain map dropped"
        default: return rawValue.replacingDashes()
        }
    }
}

/// One entry's part of an export, decided from what the selection records alone (no pixel is read):
/// whether it can be copied or must be made again, at which size, and why.
public struct ExportStep: Sendable, Equatable {
    public enum Action: Sendable, Equatable { case copy, encode }

    /// 1-based, as every message names it.
    public let index: Int
    public let entry: Entry
    /// The entry's upright size (EXIF orientation applied), before any crop.
    public let upright: PixelSize
    /// The part of the upright picture that is exported: the entry's crop, else the whole of it.
    public let region: PixelRect
    /// The region fitted to `--max-width`, `--max-height`, `--max-pixels` and `--max-side`, never enlarged.
    public let target: PixelSize
    public let action: Action
    /// Why a copy would not do (empty for a copy).
    public let changes: [ExportChange]

    public var turned: Bool { entry.orientation != 1 }
    public var cropped: Bool { region.size != upright }
}

/// A rectangle of upright pixels.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
}

/// Export's plan as pure functions: from entries and limits to steps, or every refusal at once.
public enum ExportPlan {
    /// One entry to plan, with the path messages name it by (as the user typed it or sees it).
    public struct Item: Sendable {
        public let entry: Entry
        public let shownPath: String

        public init(entry: Entry, shownPath: String) {
            self.entry = entry
            self.shownPath = shownPath
        }
    }

    /// The steps, in order. Refused (every problem named, one error): a set short of `--min-count`, an
    /// entry below `--min-width`/`--min-height` (before or after fitting: export never enlarges), a crop
    /// of the user's own outside the aspect rules (an entry without one is cut to the nearest allowed
    /// aspect), an entry that must be encoded when `--types` allows neither JPEG nor PNG (exit 1; an
    /// animation kept as GIF needs neither), or one imgsel cannot decode (`undecodable` says why for a
    /// type: HEIC until its decoder lands; exit 3).
    public static func steps(
        _ items: [Item], limits: ExportLimits, options: ExportOptions,
        undecodable: (ImageFacts, Int) -> DecodeRefusal?
    ) throws(SelectionError) -> [ExportStep] {
        guard !items.isEmpty else { throw .emptySelection }
        var steps: [ExportStep] = []
        var inputs: [SelectionError] = []
        var refusals: [SelectionError] = []
        if let short = limits.rules.shortfall(count: items.count) {
            refusals.append(.exportRefused(path: nil, entry: nil, reason: .rule(short)))
        }
        for (offset, item) in items.enumerated() {
            let index = offset + 1
            let (step, judged) = planned(item.entry, index: index, limits: limits, options: options)
            let refuse = { (reason: ExportRefusal) in
                refusals.append(.exportRefused(path: item.shownPath, entry: index, reason: reason))
            }
            // A picture imgsel cannot decode is the input's problem (3), whatever the rules would make of it.
            if step.action == .encode, let refusal = undecodable(item.entry.facts, item.entry.bytes) {
                inputs.append(.undecodable(path: item.shownPath, refusal))
            } else if !judged.problems.isEmpty {
                for problem in judged.problems { refuse(.rule(problem)) }
            } else if step.action == .encode, !step.changes.contains(.animated), let types = limits.types,
                !types.contains(.jpeg), !types.contains(.png)
            {
                refuse(.neitherFormat(allowed: types))
            }
            steps.append(step)
        }
        // An input file's problem (3) is reported before the selection's state (1).
        if let failure = SelectionError.combining(inputs + refusals) { throw failure }
        return steps
    }

    /// Types whose metadata only re-encoding removes.
    static let reencodedToRemoveMetadata: Set<ImageType> = [.tiff, .heic, .heif, .avif]

    /// One entry's step, whether or not it can be made.
    public static func plan(_ entry: Entry, index: Int, limits: ExportLimits, options: ExportOptions) -> ExportStep {
        planned(entry, index: index, limits: limits, options: options).step
    }

    /// The step, and what the rules say of the entry as export would make it (its refusals).
    static func planned(
        _ entry: Entry, index: Int, limits: ExportLimits, options: ExportOptions
    ) -> (step: ExportStep, judged: RuleJudgement) {
        let upright = PixelSize(width: entry.facts.uprightSize.width, height: entry.facts.uprightSize.height)
        let judged = limits.rules.judge(Rule.Image(entry), path: entry.path, maxSide: limits.maxSide)
        // The entry's crop (`imgsel crop`), in upright pixels; else the nearest allowed aspect's, or the whole.
        let region = entry.crop.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? judged.region
        let target = judged.target
        var changes: [ExportChange] = []
        if entry.orientation != 1 { changes.append(.upright) }
        if region.size != upright { changes.append(.cropped) }
        if target != region.size { changes.append(.shrunk) }
        if limits.rules[.noAnimation] != nil || options.firstFrame, entry.frames > 1 { changes.append(.firstFrame) }
        // `--no-alpha` on a file known to have alpha; the maker looks at a file copied otherwise.
        let flattens = limits.rules[.noAlpha] != nil && entry.alpha == true
        let typeAllowed = limits.types?.contains(entry.type) ?? true
        let formatForced = options.format.map { $0.type != entry.type } ?? false
        // TIFF carries its metadata in the directories that also describe the pixels, HEIC, HEIF and
        // AVIF in items the pixels' own boxes point past: no byte surgery here removes it, so such a
        // file is made again unless its metadata is to be kept (a phone's HEIC holds its GPS position).
        let metadataOnlyReencodingRemoves = Self.reencodedToRemoveMetadata.contains(entry.type) && !options.keepMetadata
        if !changes.isEmpty || !typeAllowed || formatForced || metadataOnlyReencodingRemoves || flattens {
            if !changes.contains(.firstFrame), let kept = animation(entry, limits: limits, options: options) {
                changes.append(kept)
            }
            changes.append(.reEncoded)
        }
        let action: ExportStep.Action = changes.isEmpty ? .copy : .encode
        let step = ExportStep(
            index: index, entry: entry, upright: upright, region: region, target: target, action: action,
            changes: changes)
        return (step, judged)
    }
}

extension ExportPlan {
    /// The types whose animations export keeps (SPEC, "Export"): GIF, APNG and animated WebP.
    public static let animatedTypes: Set<ImageType> = [.gif, .png, .webp]
    /// The types whose image sequences (an animated AVIF, a HEIF burst) imgsel shows the first frame of.
    static let sequenceTypes: Set<ImageType> = [.avif, .heic, .heif]

    /// What becomes of an animation that is made again: `animated` (written as an animated GIF), or
    /// `first-frame` when `--no-animation` is a rule, `--first-frame` is given, `--types` leaves no GIF or
    /// `--format` forces a still format; nil for a picture of one frame or of another type. An image
    /// sequence (AVIF, HEIF) is drawn from its first frame: `first-frame` says the rest are not written.
    public static func animation(_ entry: Entry, limits: ExportLimits, options: ExportOptions) -> ExportChange? {
        guard entry.frames > 1 else { return nil }
        if sequenceTypes.contains(entry.type) { return .firstFrame }
        guard animatedTypes.contains(entry.type) else { return nil }
        let gifAllowed = limits.types?.contains(.gif) ?? true
        let still = limits.rules[.noAnimation] != nil || options.firstFrame || !gifAllowed || options.format != nil
        return still ? .firstFrame : .animated
    }
}

extension String {
    fileprivate func replacingDashes() -> String { String(map { $0 == "-" ? " " : $0 }) }
}
