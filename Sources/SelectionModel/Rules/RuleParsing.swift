import ImageHeaders

extension Rule {
    /// The rule `name`'s option sets from its value as typed (nil for `--no-animation`), read
    /// strictly: `5MB`, `5M`, `5.5MB`, `500KB`, `12M`, `4:5`, `0.8`, `jpeg,png`. Anything else (`-1`,
    /// `5XB`, `1e3`) is a usage error naming the option.
    public static func parse(_ name: RuleName, _ text: String?) throws(ImgselError) -> Rule {
        if name == .noAnimation { return .noAnimation }
        if name == .asIs { return .asIs }
        let text = text ?? ""
        func refuse(_ what: String) -> ImgselError { .usage("\(name.option) must be \(what), not '\(text)'") }
        func number(
            _ units: [(suffix: String, factor: Int)], bareSuffix: String? = nil, _ what: String
        ) throws(ImgselError) -> Int {
            do {
                return try RuleNumbers.parse(text, units: units, bareSuffix: bareSuffix)
            } catch {
                switch error {
                case .tooLarge: throw .usage("\(name.option) '\(text)' is too large")
                case .malformed, .zero: throw refuse(what)
                }
            }
        }
        let pixels = "a whole number of pixels from 1"
        switch name {
        case .maxBytes:
            return .maxBytes(
                try number(
                    RuleNumbers.sizeUnits, bareSuffix: "B",
                    "a size: bytes, or with KB, MB, GB or K, M, G (500KB, 5.5MB, 2M)")
            )
        case .minWidth: return .minWidth(try number([], pixels))
        case .minHeight: return .minHeight(try number([], pixels))
        case .maxWidth: return .maxWidth(try number([], pixels))
        case .maxHeight: return .maxHeight(try number([], pixels))
        case .maxPixels:
            return .maxPixels(try number(RuleNumbers.pixelUnits, "a number of pixels from 1, or millions with M (12M)"))
        case .minAspect, .maxAspect:
            guard let aspect = Aspect(text) else {
                throw refuse("a width / height ratio above 0: a decimal (0.8, 1.91) or W:H (4:5)")
            }
            return name == .minAspect ? .minAspect(aspect) : .maxAspect(aspect)
        case .types:
            return .types(try types(text))
        case .noAnimation:
            return .noAnimation
        case .asIs:
            return .asIs
        case .minCount:
            let n = try number([], "a number from 1")
            let most = Selection.capacityRange.upperBound
            guard n <= most else { throw refuse("a number from 1 to \(most)") }
            return .minCount(n)
        }
    }

    /// `jpeg,png`: type names separated by commas (spaces around them and case aside).
    private static func types(_ text: String) throws(ImgselError) -> [ImageType] {
        let known = ImageType.allCases.map(\.rawValue).joined(separator: ", ")
        var found: [ImageType] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased()
            guard !word.isEmpty else {
                throw .usage("--types must be type names separated by commas (\(known)), not '\(text)'")
            }
            guard let type = ImageType(rawValue: word) else {
                // A file name's extension (`jpg`) is not a type: the type comes from the content.
                let named = ImageType.allCases.filter { $0.extensions.contains(word) }
                let hint = named.count == 1 ? " (did you mean '\(named[0].rawValue)'?)" : ""
                throw .usage("--types: '\(part)' is not a type\(hint); the types are \(known)")
            }
            found.append(type)
        }
        return inRegistryOrder(found)
    }
}
