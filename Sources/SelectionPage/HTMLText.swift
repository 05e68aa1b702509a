/// Text made safe to place in a page: every file name and path goes through here.
public enum HTMLText {
    /// Escapes `& < > " '` so the result is inert both as element text and inside a
    /// quoted attribute value; control characters other than tab and newline become
    /// U+FFFD, as HTML forbids them in text.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative file path as a URL path: each byte outside RFC 3986's unreserved set
    /// is percent-encoded, `/` separates segments. So `#`, `?`, `%`, `:` and spaces in
    /// names reach the file, and no name can turn into a scheme or a fragment.
    public static func percentEncodePath(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The path from `folder` to `target` (both absolute and cleaned), with `..` where
    /// they part, so a linked page finds its images wherever the pair is moved together.
    public static func relativePath(from folder: String, to target: String) -> String {
        let from = folder.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...].map(String.init)).joined(separator: "/")
    }
}
