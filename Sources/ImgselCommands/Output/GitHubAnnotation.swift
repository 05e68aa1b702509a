/// A GitHub Actions workflow command (`::error file=PATH,title=CODE::MESSAGE`), which the runner
/// turns into an annotation on the file in a pull request. Escaped as the runner unescapes:
/// `%`, CR and LF everywhere, and `:` and `,` in a property, where they would end it.
struct GitHubAnnotation {
    enum Level: String { case error, warning, notice }

    let level: Level
    let file: String?
    let title: String
    let message: String

    var line: String {
        let properties = (file.map { ["file=" + Self.property($0)] } ?? []) + ["title=" + Self.property(title)]
        return "::\(level.rawValue) \(properties.joined(separator: ","))::\(Self.data(message))"
    }

    static func data(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    static func property(_ text: String) -> String {
        data(text).replacingColonsAndCommas()
    }
}

extension String {
    fileprivate func replacingColonsAndCommas() -> String {
        var out = ""
        for character in unicodeScalars {
            switch character {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
