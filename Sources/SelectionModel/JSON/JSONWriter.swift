/// Serialises `JSONValue` in the order its keys were given.
public enum JSONWriter {
    /// Pretty form: two-space indent, one key a line; what the selection file uses so it diffs well.
    public static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: 0, pretty: true)
        return out
    }

    /// One line, for `--json` output that scripts read line by line.
    public static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: 0, pretty: false)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: Int, pretty: Bool) {
        switch value {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(_, literal?): out += literal
        case let .number(d, nil):
            if d == d.rounded(), abs(d) < 1e15 { out += String(Int(d)) } else { out += String(d) }
        case let .string(s): quote(s, into: &out)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { newline(indent + 1, &out) }
                write(item, into: &out, indent: indent + 1, pretty: pretty)
            }
            if pretty { newline(indent, &out) }
            out += "]"
        case let .object(pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, item)) in pairs.enumerated() {
                if i > 0 { out += "," }
                if pretty { newline(indent + 1, &out) }
                quote(key, into: &out)
                out += pretty ? ": " : ":"
                write(item, into: &out, indent: indent + 1, pretty: pretty)
            }
            if pretty { newline(indent, &out) }
            out += "}"
        }
    }

    private static func newline(_ level: Int, _ out: inout String) {
        out += "\n"
        out += String(repeating: "  ", count: level)
    }

    private static let hexDigits = Array("0123456789abcdef")

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let v = Int(scalar.value)
                out += "\\u00" + String(hexDigits[v >> 4]) + String(hexDigits[v & 15])
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
