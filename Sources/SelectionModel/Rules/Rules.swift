import ImageHeaders

/// A selection's upload rules: at most one of each name, in `RuleName` order, so that two
/// ways of setting the same rules compare equal and write the same file.
public struct Rules: Equatable, Sendable {
    public private(set) var all: [Rule] = []
    /// The upload target the rules were set from (`rules --target`), for `rules` to show: the
    /// rules themselves are what is judged, so a selection keeps its rules when a later imgsel
    /// revises the target. nil when none was named, or once every rule is cleared.
    public var target: String?

    /// The rules given; a later one of a name replaces an earlier one.
    public init(_ rules: [Rule] = [], target: String? = nil) {
        for rule in rules { set(rule) }
        self.target = target
    }

    public var isEmpty: Bool { all.isEmpty && target == nil }

    public subscript(_ name: RuleName) -> Rule? { all.first { $0.name == name } }

    public mutating func set(_ rule: Rule) {
        all.removeAll { $0.name == rule.name }
        let order = RuleName.allCases
        let position = all.firstIndex { order.firstIndex(of: $0.name)! > order.firstIndex(of: rule.name)! }
        all.insert(rule, at: position ?? all.endIndex)
    }

    public mutating func clear(_ name: RuleName) {
        all.removeAll { $0.name == name }
        if all.isEmpty { target = nil }
    }

    // MARK: - Checks

    /// Every rule `image` breaks that export cannot mend (every rule it breaks, under `--as-is`),
    /// one problem each; `path` names it in the messages. What `add`, `replace`, `toggle` and
    /// `pick` refuse an image for.
    public func problems(for image: Rule.Image, path: String?) -> [RuleProblem] {
        judge(image, path: path).problems
    }

    /// The problems of an entry (its crop applied), named by its stored path.
    public func problems(for entry: Entry) -> [RuleProblem] {
        problems(for: Rule.Image(entry), path: entry.path)
    }

    /// The set's problem: fewer entries than `min-count`. Only `check` and export ask.
    public func shortfall(count: Int) -> RuleProblem? {
        guard let rule = all.first(where: { $0.isBroken(byCount: count) }) else { return nil }
        return RuleProblem(path: nil, rule: rule, subject: .set(count: count))
    }

    /// Rules no selection could keep together: a minimum above its maximum, or a `min-count`
    /// above the capacity (when it is known).
    public func conflicts(capacity: Int?) -> [RuleConflict] {
        var found: [RuleConflict] = []
        func compare(_ low: Rule?, _ high: Rule?, _ exceeds: (Rule, Rule) -> Bool) {
            guard let low, let high, exceeds(low, high) else { return }
            found.append(.minimumAboveMaximum(low, high))
        }
        compare(self[.minWidth], self[.maxWidth]) { $0.number! > $1.number! }
        compare(self[.minHeight], self[.maxHeight]) { $0.number! > $1.number! }
        compare(self[.minAspect], self[.maxAspect]) { low, high in
            guard case let .minAspect(a) = low, case let .maxAspect(b) = high else { return false }
            return a.numerator * b.denominator > b.numerator * a.denominator
        }
        if let capacity, let rule = self[.minCount], case let .minCount(least) = rule, least > capacity {
            found.append(.countAboveCapacity(rule, capacity: capacity))
        }
        return found
    }

    // MARK: - JSON

    /// One object keyed by the rules' names, as the selection file and `rules --json` hold them:
    /// `{"max-bytes": 5242880, "types": ["jpeg", "png"]}`.
    public var json: JSONValue {
        .object(
            (target.map { [("target", JSONValue.string($0))] } ?? [])
                + all.map { rule in
                    let value: JSONValue
                    switch rule {
                    case let .maxBytes(n), let .minWidth(n), let .minHeight(n), let .maxWidth(n), let .maxHeight(n),
                        let .maxPixels(n), let .minCount(n):
                        value = .int(n)
                    case let .minAspect(r), let .maxAspect(r): value = .string(r.description)
                    case let .sizes(list): value = .array(list.map { .string($0.typed) })
                    case let .types(list): value = .array(list.map { .string($0.rawValue) })
                    case .noAnimation, .noAlpha, .asIs, .distinct: value = .bool(true)
                    }
                    return (rule.name.rawValue, value)
                })
    }

    /// Reads the object `json` writes, strictly: a rule this imgsel does not know, or a value it
    /// cannot vouch for, is refused (the reason says which), never ignored.
    public static func decode(_ value: JSONValue) throws(JSONError) -> Rules {
        guard case let .object(members) = value else { throw JSONError("\"rules\" is not an object") }
        var rules = Rules()
        for (key, member) in members {
            if key == "target" {
                // Any name: a target a later imgsel renamed or dropped still names where the rules came from.
                guard let name = member.stringValue, !name.isEmpty else {
                    throw JSONError("\"target\" is not a target's name")
                }
                rules.target = name
                continue
            }
            guard let name = RuleName(rawValue: key) else { throw JSONError("unknown rule \"\(key)\"") }
            guard let rule = Rule(name, json: member) else {
                throw JSONError("rule \"\(key)\" has a value this imgsel cannot read")
            }
            rules.set(rule)
        }
        if rules.target != nil, rules.all.isEmpty { throw JSONError("\"target\" without any rule") }
        return rules
    }

    /// Why a `"rules"` object is not one.
    public struct JSONError: Error, Equatable, Sendable {
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension Rule {
    /// The whole number a numeric rule holds (nil for aspects, types and flags).
    var number: Int? {
        switch self {
        case let .maxBytes(n), let .minWidth(n), let .minHeight(n), let .maxWidth(n), let .maxHeight(n),
            let .maxPixels(n), let .minCount(n):
            return n
        default: return nil
        }
    }

    /// The rule as the selection file holds it, or nil when the value is not one `parse` would give.
    init?(_ name: RuleName, json value: JSONValue) {
        switch name {
        case .types:
            guard case let .array(names) = value, !names.isEmpty else { return nil }
            let typed = names.map { $0.stringValue.flatMap(ImageType.init(rawValue:)) }
            guard !typed.contains(nil) else { return nil }
            self = .types(Self.inRegistryOrder(typed.compactMap { $0 }))
        case .noAnimation, .noAlpha, .asIs, .distinct:
            guard value == .bool(true) else { return nil }
            switch name {
            case .asIs: self = .asIs
            case .noAlpha: self = .noAlpha
            case .distinct: self = .distinct
            default: self = .noAnimation
            }
        case .sizes:
            guard case let .array(texts) = value, !texts.isEmpty else { return nil }
            let joined = texts.compactMap(\.stringValue).joined(separator: ",")
            guard texts.allSatisfy({ $0.stringValue != nil }), let rule = try? Rule.parse(name, joined) else {
                return nil
            }
            self = rule
        case .minAspect, .maxAspect:
            // Written as the string typed; a number written by hand is read as its digits.
            var text = value.stringValue
            if case let .number(_, literal?) = value { text = literal }
            guard let text, let rule = try? Rule.parse(name, text) else { return nil }
            self = rule
        default:
            guard let n = value.intValue, let rule = try? Rule.parse(name, String(n)) else { return nil }
            self = rule
        }
    }

    /// Each type once, in the order of `ImageFormats.all`.
    static func inRegistryOrder(_ types: [ImageType]) -> [ImageType] {
        ImageType.allCases.filter(types.contains)
    }
}

/// Two rules no image keeps together, or a rule no selection of its capacity can: which, as values.
public enum RuleConflict: Equatable, Sendable {
    /// A minimum (`low`) above its maximum (`high`): width, height or aspect.
    case minimumAboveMaximum(Rule, Rule)
    /// `min-count` above the selection's `capacity`.
    case countAboveCapacity(Rule, capacity: Int)
    /// A target (`rules --target`) whose `capacity` is below the `count` of entries the selection holds.
    case entriesAboveCapacity(target: String, capacity: Int, count: Int)
}
