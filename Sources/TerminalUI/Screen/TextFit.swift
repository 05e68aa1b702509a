import TextWidth

/// The full screen's text fitting: TextWidth's one measure and shortening (DisplayWidth), bound to
/// the character width of the terminal being drawn (a test's, or `DisplayWidth.width`), and the
/// layouts built on them (a row of parts, a centred caption).
public struct TextFit: Sendable {
    public let characterWidth: CharacterWidth

    public init(characterWidth: @escaping CharacterWidth = DisplayWidth.width) {
        self.characterWidth = characterWidth
    }

    /// Columns `text` takes.
    public func width(_ text: String) -> Int {
        DisplayWidth.of(text, width: characterWidth)
    }

    /// `text` if it fits in `columns`, else its start and end around a `…` (`DisplayWidth.shorten`).
    public func shorten(_ text: String, to columns: Int) -> String {
        DisplayWidth.shorten(text, columns, width: characterWidth)
    }

    /// `text` if it fits in `columns`, else its start and a `…` (`DisplayWidth.truncate`).
    public func truncate(_ text: String, to columns: Int) -> String {
        DisplayWidth.truncate(text, columns, width: characterWidth)
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
