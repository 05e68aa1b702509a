/// A strict RFC 8259 parser: the selection file is refused, never guessed at.
public struct JSONParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maxDepth = 64

    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        // A UTF-8 byte-order mark is tolerated, as editors add one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.fail("unexpected data after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ what: String) -> Failure {
        // Report a line number, which is what a person fixing the file needs.
        var line = 1
        for b in bytes[..<min(index, bytes.count)] where b == 0x0A { line += 1 }
        return Failure(description: "\(what) at line \(line)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of data") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func expectWord(_ word: String) throws(Failure) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw fail("unexpected character")
        }
        index += w.count
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maxDepth { throw fail("nesting too deep") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var pairs: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try parseString()
            if pairs.contains(where: { $0.0 == key }) { throw fail("duplicate key \"\(key)\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            pairs.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of data") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of data") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let s = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - s
        }
        let intStart = index
        let n = digits()
        guard n > 0 else { throw fail("bad number") }
        if n > 1, bytes[intStart] == UInt8(ascii: "0") { throw fail("bad number (leading zero)") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("bad number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw fail("bad number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw fail("bad number") }
        return .number(value, literal: text)
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else { throw fail("string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw fail("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("unpaired surrogate") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("unpaired surrogate")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("bad \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail("bad escape")
                }
            case 0x00..<0x20:
                throw fail("control character in string")
            default:
                out.append(b)
            }
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("bad \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            index += 1
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("bad \\u escape")
            }
            v = v << 4 | d
        }
        return v
    }
}
