/// Fitting text into a number of terminal columns, wide characters counted as two.
public struct TextFit: Sendable {
    public let characterWidth: CharacterWidth

    public init(characterWidth: @escaping CharacterWidth = SimpleCharacterWidth.width) {
        self.characterWidth = characterWidth
    }

    /// Columns `text` takes.
    public func width(_ text: String) -> Int {
        text.reduce(0) { $0 + max(0, min(2, characterWidth($1))) }
    }

    /// `text` if it fits in `columns`, else its start and end around a `…`, so a file name
    /// keeps its extension and the number at its end (`IMG_2…0412.jpg`).
    public func shorten(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard width(text) > columns else { return text }
        guard columns > 1 else { return "…" }
        let characters = Array(text)
        let tailBudget = (columns - 1) / 2
        var head = "", used = 0
        for character in characters {
            let w = max(0, min(2, characterWidth(character)))
            if used + w > columns - 1 - tailBudget { break }
            head.append(character)
            used += w
        }
        var tail: [Character] = [], tailUsed = 0
        for character in characters.reversed() {
            let w = max(0, min(2, characterWidth(character)))
            if tailUsed + w > columns - 1 - used { break }
            tail.append(character)
            tailUsed += w
        }
        return head + "…" + String(tail.reversed())
    }

    /// `text` if it fits in `columns`, else its start and a `…` (for messages, read from the left).
    public func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard width(text) > columns else { return text }
        var head = "", used = 0
        for character in text {
            let w = max(0, min(2, characterWidth(character)))
            if used + w > columns - 1 { break }
            head.append(character)
            used += w
        }
        return head + "…"
    }

    /// As many of `parts` as fit in `columns`, whole and in order, joined by `separator`.
    public func fitting(_ parts: [String], separator: String, in columns: Int) -> String {
        var line = ""
        for part in parts {
            let candidate = line.isEmpty ? part : line + separator + part
            if width(candidate) > columns { break }
            line = candidate
        }
        return line
    }

    /// `text` shortened to `columns` and centred in them (the left margin is the smaller half).
    public func centre(_ text: String, in columns: Int) -> (text: String, offset: Int) {
        let fitted = shorten(text, to: columns)
        return (fitted, max(0, (columns - width(fitted)) / 2))
    }
}
