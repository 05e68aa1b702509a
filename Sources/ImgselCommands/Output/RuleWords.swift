import ImageHeaders
import SelectionStore

// The rules' words: the model says which rule, its limit and the image's values; the command
// line alone spells a rule's option and says what is wrong, in `add`, `check`, `rules`, the
// notes, the `--json` messages and export's refusals alike.

extension RuleName {
    /// `--max-bytes`: the option that sets it, which every message names.
    var option: String { "--" + rawValue }
}

extension Rule {
    /// `--max-bytes 5MB`, `--no-animation`: the rule as the option that sets it.
    var asOption: String { argument.map { "\(name.option) \($0)" } ?? name.option }

    /// What is wrong with `image` under this rule, after the image's name and a colon:
    /// `7.2 MB is over this selection's 5 MB (--max-bytes)`; nil when the image keeps it.
    func brokenWords(_ image: Image) -> String? {
        guard isBroken(by: image) else { return nil }
        let (w, h) = (image.uprightWidth, image.uprightHeight)
        let over = " is over this selection's "
        let under = " is under this selection's "
        let found: String
        switch self {
        case let .maxBytes(limit): found = Self.bytesOver(image.bytes, limit)
        case let .minWidth(limit): found = "\(w) px wide" + under + "\(limit) px"
        case let .minHeight(limit): found = "\(h) px high" + under + "\(limit) px"
        case let .maxWidth(limit): found = "\(w) px wide" + over + "\(limit) px"
        case let .maxHeight(limit): found = "\(h) px high" + over + "\(limit) px"
        case let .maxPixels(limit):
            found = "\(w)×\(h) = \(w * h) pixels" + over + RuleNumbers.text(limit, units: RuleNumbers.pixelUnits)
        case let .minAspect(limit):
            found = "\(w)×\(h) (aspect \(limit.breaking(width: w, height: h)))" + under + "\(limit)"
        case let .maxAspect(limit):
            found = "\(w)×\(h) (aspect \(limit.breaking(width: w, height: h)))" + over + "\(limit)"
        case let .types(allowed):
            let list = allowed.map(\.rawValue).joined(separator: ", ")
            found = "type \(image.type.rawValue) is not one of this selection's \(list)"
        case let .sizes(list):
            found = "\(w)×\(h) is not one of this selection's sizes " + list.map(\.description).joined(separator: ", ")
        case .noAnimation:
            found = "animated (\(image.frames) frames), and this selection takes still images only"
        case .noAlpha:
            found = "has an alpha channel or transparency, and this selection takes none"
        case .minCount, .asIs, .distinct:
            return nil
        }
        return found + " (\(name.option))"
    }

    /// What is wrong with a set of `count` entries: only `minCount` judges the set.
    func brokenWords(count: Int) -> String? {
        guard case let .minCount(least) = self, isBroken(byCount: count) else { return nil }
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
}

extension RuleProblem {
    /// `7.2 MB is over this selection's 5 MB (--max-bytes)`, with why export does not mend it.
    var description: String {
        let found: String
        switch subject {
        case let .image(image): found = rule.brokenWords(image) ?? ""
        case let .set(count): found = rule.brokenWords(count: count) ?? ""
        case let .alike(index, path, distance):
            found = "looks like entry \(index) (\(path)), distance \(distance) (\(rule.name.option))"
        }
        switch reason {
        case .broken: return found
        case .ownCrop: return found + "; export keeps the entry's own crop"
        case .noSizeOfItsAspect: return found + "; none is of its aspect, and export does not distort"
        case .smallerThanSizes: return found + "; every one of its aspect is larger, and export never enlarges"
        case let .afterFitting(target): return "made to fit the rules it would be \(target), and " + found
        case let .cannotReencode(refusal):
            // The type's own line already names the list: `…gif (--types), and export writes only JPEG or PNG`.
            return rule.name == .types ? found + ", and " + refusal.short : found + "; " + refusal.long
        }
    }

    /// `big.jpg: 7.2 MB is over this selection's 5 MB (--max-bytes)`.
    var message: String { path.map { "\($0): " + description } ?? description }
}

extension ReencodingRefusal {
    /// Said after the types rule's own line, which names the list.
    var short: String {
        switch self {
        case .neitherFormat: return "export writes only JPEG or PNG"
        }
    }

    /// Said after another rule's line.
    var long: String {
        switch self {
        case let .neitherFormat(allowed): return Self.neitherFormatWords(allowed)
        }
    }

    /// Why an entry that must be made again cannot be, when the `--types` limit (`types`: the
    /// selection's rule and export's option together) allows neither format export writes.
    static func neitherFormatWords(_ types: [ImageType]) -> String {
        let allowed = types.isEmpty ? "" : " " + types.map(\.rawValue).joined(separator: ",")
        return "export writes only JPEG or PNG, and --types\(allowed) allows neither"
    }
}

extension RuleJudgement {
    /// `export makes it a JPEG (--types jpeg,png) within 2 MB (--max-bytes)`, what a note says after
    /// the image's name; nil when nothing is mended.
    var mending: String? {
        guard !mends.isEmpty else { return nil }
        let verbs = mends.filter { $0.rule.name != .maxBytes }.map(\.words)
        let bytes = mends.first { $0.rule.name == .maxBytes }?.words
        guard !verbs.isEmpty else { return "export fits it " + (bytes ?? "") }
        return "export " + verbs.joined(separator: ", ") + (bytes.map { " " + $0 } ?? "")
    }
}

extension RuleJudgement.Mend {
    /// `makes it a JPEG (--types jpeg,png)`, `within 2 MB (--max-bytes)`.
    var words: String {
        switch kind {
        case let .crop(size): return "crops it to \(size) (\(rule.asOption))"
        case let .shrink(size, rules): return "shrinks it to \(size) (\(rules.map(\.asOption).joined(separator: ", ")))"
        case .firstFrame: return "keeps its first frame (\(rule.asOption))"
        case .flattenAlpha: return "flattens its alpha over white (\(rule.asOption))"
        case let .reEncode(types):
            return "makes it a \(types.map(\.displayName).joined(separator: " or ")) (\(rule.asOption))"
        case let .within(bytes): return "within \(RuleNumbers.sizeText(bytes)) (\(rule.name.option))"
        }
    }
}

extension RuleConflict {
    /// `--min-width 10 is more than --max-width 5: no image keeps both`.
    var words: String {
        switch self {
        case let .minimumAboveMaximum(low, high):
            return "\(low.asOption) is more than \(high.asOption): no image keeps both"
        case let .countAboveCapacity(rule, capacity): return "\(rule.asOption) is more than the capacity of \(capacity)"
        case let .entriesAboveCapacity(target, capacity, count):
            return "--target \(target) takes at most \(capacity) \(capacity == 1 ? "image" : "images")"
                + ", and the selection holds \(count)"
                + ": delete \(count - capacity) first"
        }
    }
}

extension ExportRefusal {
    /// What export's refusal of an entry says after its name.
    var words: String {
        switch self {
        case let .rule(problem): return problem.description
        case let .neitherFormat(allowed): return ReencodingRefusal.neitherFormatWords(allowed)
        }
    }
}
