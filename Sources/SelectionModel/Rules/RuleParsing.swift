import ImageHeaders

extension Rule {
    /// The rule `name`'s option sets from its value as typed (nil for `--no-animation`), read
    /// strictly: `5MB`, `5M`, `5.5MB`, `500KB`, `12M`, `4:5`, `0.8`, `jpeg,png`. Anything else (`-1`,
    /// `5XB`, `1e3`) is refused, saying what the value must be (the command line names the option).
    public static func parse(_ name: RuleName, _ text: String?) throws(RuleParseError) -> Rule {
        if name == .noAnimation { return .noAnimation }
        if name == .noAlpha { return .noAlpha }
        if name == .asIs { return .asIs }
        if name == .distinct { return .distinct }
        let text = text ?? ""
        func refuse(_ what: RuleValueKind) -> RuleParseError { .malformed(name, text: text, expected: what) }
        func number(
            _ units: [(suffix: String, factor: Int)], bareSuffix: String? = nil, _ what: RuleValueKind
        ) throws(RuleParseError) -> Int {
            do {
                return try RuleNumbers.parse(text, units: units, bareSuffix: bareSuffix)
            } catch {
                switch error {
                case .tooLarge: throw .tooLarge(name, text: text)
                case .malformed, .zero: throw refuse(what)
                }
            }
        }
        let pixels = RuleValueKind.pixels
        switch name {
        case .maxBytes:
            return .maxBytes(try number(RuleNumbers.sizeUnits, bareSuffix: "B", .size))
        case .minWidth: return .minWidth(try number([], pixels))
        case .minHeight: return .minHeight(try number([], pixels))
        case .maxWidth: return .maxWidth(try number([], pixels))
        case .maxHeight: return .maxHeight(try number([], pixels))
        case .maxPixels:
            return .maxPixels(try number(RuleNumbers.pixelUnits, .pixelCount))
        case .minAspect, .maxAspect:
            guard let aspect = Aspect(text) else {
                throw refuse(.aspect)
            }
            return name == .minAspect ? .minAspect(aspect) : .maxAspect(aspect)
        case .sizes:
            return .sizes(try sizes(text))
        case .types:
            return .types(try types(text))
        case .noAnimation:
            return .noAnimation
        case .noAlpha:
            return .noAlpha
        case .asIs:
            return .asIs
        case .distinct:
            return .distinct
        case .minCount:
            let n = try number([], .count(most: nil))
            let most = Selection.capacityRange.upperBound
            guard n <= most else { throw refuse(.count(most: most)) }
            return .minCount(n)
        }
    }

    /// `1320x2868,2868x1320`: sizes separated by commas (spaces around them aside), each kept once
    /// in the order typed.
    private static func sizes(_ text: String) throws(RuleParseError) -> [PixelSize] {
        var found: [PixelSize] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            guard let size = PixelSize(typed: word) else { throw .malformed(.sizes, text: text, expected: .sizes) }
            if !found.contains(size) { found.append(size) }
        }
        return found
    }

    /// `jpeg,png`: type names separated by commas (spaces around them and case aside).
    private static func types(_ text: String) throws(RuleParseError) -> [ImageType] {
        let known = Array(ImageType.allCases)
        var found: [ImageType] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased()
            guard !word.isEmpty else {
                throw .typeList(text: text, known: known)
            }
            guard let type = ImageType(rawValue: word) else {
                // A file name's extension (`jpg`) is not a type: the type comes from the content.
                let named = ImageType.allCases.filter { $0.extensions.contains(word) }
                throw .unknownType(part: String(part), suggestion: named.count == 1 ? named[0] : nil, known: known)
            }
            found.append(type)
        }
        return inRegistryOrder(found)
    }
}
