/// A parsed JSON document that keeps the key order it was written in.
///
/// Hand-written rather than Foundation's so that the selection file is written
/// in the contract's stable key order and the binary starts without Foundation.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// `literal` is the number as it was read, written back unchanged, so another tool's
    /// 64-bit ids or `1.0` survive a rewrite; equality looks at the value only.
    case number(Double, literal: String? = nil)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a, _), .number(b, _)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value under `key` of an object; nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first(where: { $0.0 == key })?.1
    }

    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// An exact integer, or nil for fractions, huge numbers and other types.
    public var intValue: Int? {
        guard case let .number(d, _) = self, d == d.rounded(), abs(d) <= 9_007_199_254_740_992 else { return nil }
        return Int(d)
    }

    public var stringValue: String? {
        if case let .string(s) = self { return s }
        return nil
    }
}
