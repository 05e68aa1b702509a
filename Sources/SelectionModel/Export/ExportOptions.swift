import ImageHeaders

/// The two formats `export` encodes into (anything else is only ever copied).
public enum ExportFormat: String, Sendable, CaseIterable {
    case jpeg, png

    public var type: ImageType { self == .jpeg ? .jpeg : .png }
    public var other: ExportFormat { self == .jpeg ? .png : .jpeg }
    /// The extension written: `.jpg`, as cameras and upload forms spell it.
    public var fileExtension: String { self == .jpeg ? "jpg" : "png" }

    /// The format an encoded entry is written in: the one forced, else the natural one (JPEG for a
    /// photograph, PNG for the rest), replaced by the other where `allowed` forbids it; nil when
    /// neither is allowed. `allowed` nil: no `--types` limit.
    public static func choose(natural: ExportFormat, forced: ExportFormat?, allowed: [ImageType]?) -> ExportFormat? {
        let first = forced ?? natural
        guard let allowed else { return first }
        if allowed.contains(first.type) { return first }
        return allowed.contains(first.other.type) ? first.other : nil
    }

    /// JPEG for photographs (JPEG, HEIC, HEIF, lossy WebP, TIFF and BMP without transparency), PNG for the
    /// rest (transparency, PNG, GIF, lossless WebP), as the SPEC's Export section sorts them.
    public static func natural(for type: ImageType, lossyWebP: Bool, hasAlpha: Bool) -> ExportFormat {
        if hasAlpha { return .png }
        return type.holdsPhotograph(lossy: lossyWebP) ? .jpeg : .png
    }
}

/// How exported files are named: `01-NAME.jpg` in selection order, or the files' own names.
public enum ExportNaming: String, Sendable, CaseIterable {
    case numbered, keep
}

/// What colours an encoded file is written in (`--colour`): the picture's own with its profile,
/// or sRGB's with none, for a target that strips profiles (SPEC "Colour").
public enum ExportColour: String, Sendable, CaseIterable {
    case keep, srgb
}

/// What becomes of an HDR gain map (`--hdr`): kept with the picture where JPEG can carry it
/// (Ultra HDR), or dropped so that the SDR picture is written alone.
public enum ExportHDR: String, Sendable, CaseIterable {
    case keep, drop
}

/// What `export` was asked for beyond the selection's rules.
public struct ExportOptions: Sendable, Equatable {
    /// `--max-bytes`, `--max-width`, `--max-height`, `--max-pixels`, `--types` given to export: they add
    /// to the selection's rules for this export only.
    public var rules: Rules
    public var maxSide: Int?
    public var quality: Int
    public var format: ExportFormat?
    public var naming: ExportNaming
    public var keepMetadata: Bool
    public var force: Bool
    /// `--replace`: DIR holds the new set and nothing else, swapped in for the old one in one rename.
    public var replace: Bool
    public var colour: ExportColour
    public var hdr: ExportHDR = .keep
    /// `--first-frame`: an animation is written as its first frame (`first-frame` in the line).
    public var firstFrame: Bool

    public static let defaultQuality = 85

    public init(
        rules: Rules = Rules(), maxSide: Int? = nil, quality: Int = defaultQuality, format: ExportFormat? = nil,
        naming: ExportNaming = .numbered, keepMetadata: Bool = false, force: Bool = false, replace: Bool = false,
        colour: ExportColour = .keep, firstFrame: Bool = false
    ) {
        self.rules = rules
        self.maxSide = maxSide
        self.quality = quality
        self.format = format
        self.naming = naming
        self.keepMetadata = keepMetadata
        self.force = force
        self.replace = replace
        self.colour = colour
        self.firstFrame = firstFrame
    }
}

/// The limits one export works to: the selection's rules with the options laid over them, the
/// tighter of each pair winning (a `--max-width 1080` under a rule of 2048 is 1080; `--types` keeps
/// only the types both lists allow).
public struct ExportLimits: Sendable, Equatable {
    public var rules: Rules
    public var maxSide: Int?

    public init(selection: Rules, options: ExportOptions) {
        var merged = selection
        for rule in options.rules.all {
            guard let current = merged[rule.name] else {
                merged.set(rule)
                continue
            }
            switch (current, rule) {
            case let (.types(a), .types(b)): merged.set(.types(a.filter { b.contains($0) }))
            default:
                if let a = current.number, let b = rule.number, b < a { merged.set(rule) }
            }
        }
        // Export mends what it can whatever the selection's files are uploaded as.
        merged.clear(.asIs)
        rules = merged
        maxSide = options.maxSide
    }

    public var maxBytes: Int? { rules[.maxBytes]?.number }
    public var types: [ImageType]? {
        if case let .types(list)? = rules[.types] { return list }
        return nil
    }
}
