/// Fitting text into a number of columns. One implementation for the command line's grid and
/// the full screen; `width` is injectable only so tests can play a terminal that measures
/// differently.
extension DisplayWidth {
    /// Pads with spaces to `columns`; never cuts.
    public static func pad(_ s: String, _ columns: Int, width: CharacterWidth = DisplayWidth.width) -> String {
        let n = of(s, width: width)
        return n >= columns ? s : s + String(repeating: " ", count: columns - n)
    }

    /// `text` if it fits in `columns`, else its start and end around a `…` (the head takes the
    /// odd column), so a file name keeps its extension and the number at its end
    /// (`IMG_2…0412.jpg`). Nothing fits in 0 columns, only the `…` in one.
    public static func shorten(_ text: String, _ columns: Int, width: CharacterWidth = DisplayWidth.width) -> String {
        guard columns > 0 else { return "" }
        let characters = Array(text)
        let widths = characters.map { clamped(width($0)) }
        guard widths.reduce(0, +) > columns else { return text }
        guard columns > 1 else { return "…" }
        let tailBudget = (columns - 1) / 2
        var headEnd = 0, used = 0
        while headEnd < characters.count, used + widths[headEnd] <= columns - 1 - tailBudget {
            used += widths[headEnd]
            headEnd += 1
        }
        var tailStart = characters.count, tailUsed = 0
        while tailStart > headEnd, tailUsed + widths[tailStart - 1] <= columns - 1 - used {
            tailUsed += widths[tailStart - 1]
            tailStart -= 1
        }
        return String(characters[..<headEnd]) + "…" + String(characters[tailStart...])
    }

    /// `text` if it fits in `columns`, else its start and a `…` (for messages, read from the left).
    public static func truncate(_ text: String, _ columns: Int, width: CharacterWidth = DisplayWidth.width) -> String {
        guard columns > 0 else { return "" }
        guard of(text, width: width) > columns else { return text }
        var head = "", used = 0
        for character in text {
            let w = clamped(width(character))
            if used + w > columns - 1 { break }
            head.append(character)
            used += w
        }
        return head + "…"
    }

    /// An injected width outside 0...2 is taken as the nearest end, so a bad table cannot make
    /// a line overrun or loop.
    static func clamped(_ w: Int) -> Int { max(0, min(2, w)) }
}
