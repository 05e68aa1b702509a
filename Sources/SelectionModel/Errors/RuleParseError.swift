import ImageHeaders

/// Why a rule's value as typed is not one (`Rule.parse`): the rule, the text and what would do,
/// as values, so that the command line words them and names its option.
public enum RuleParseError: Error, Equatable, Sendable {
    /// `text` is not a value of `kind` for the rule `name`.
    case malformed(RuleName, text: String, expected: RuleValueKind)
    /// `text` is a value of the right kind, too large to hold.
    case tooLarge(RuleName, text: String)
    /// `types`' `text` has an empty name between commas; `known` are the type names.
    case typeList(text: String, known: [ImageType])
    /// `types`' `part` is no type; `suggestion` is the one type it is an extension of, if one.
    case unknownType(part: String, suggestion: ImageType?, known: [ImageType])
}

/// What a rule's value must be, for a message saying so.
public enum RuleValueKind: Equatable, Sendable {
    /// bytes, or with KB, MB, GB or K, M, G
    case size
    /// a whole number of pixels from 1
    case pixels
    /// pixels from 1, or millions with M
    case pixelCount
    /// a width / height ratio above 0
    case aspect
    /// a number from 1 (to `most`, when known)
    case count(most: Int?)
    /// sizes `WxH` separated by commas
    case sizes
}
