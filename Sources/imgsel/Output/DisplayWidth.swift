/// How many terminal columns text takes: East Asian wide characters and most
/// emoji take two, combining marks none. Enough to keep the grid's borders
/// straight around Chinese, Japanese and Korean file names.
enum DisplayWidth {
    static func of(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            || v == 0x200B || v == 0x200D || (0xFE00...0xFE0F).contains(v) {
            return 0
        }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// Pads with spaces to `width` columns.
    static func pad(_ s: String, _ width: Int) -> String {
        let n = of(s)
        return n >= width ? s : s + String(repeating: " ", count: width - n)
    }

    /// Shortens to at most `width` columns with an ellipsis in the middle,
    /// keeping the end (the extension) visible.
    static func shorten(_ s: String, _ width: Int) -> String {
        guard of(s) > width, width > 1 else { return s }
        let characters = Array(s)
        let tailBudget = (width - 1) / 2
        let headBudget = width - 1 - tailBudget
        var head = "", used = 0
        for c in characters {
            let w = of(String(c))
            if used + w > headBudget { break }
            head.append(c)
            used += w
        }
        var tail = "", tailUsed = 0
        for c in characters.reversed() {
            let w = of(String(c))
            if tailUsed + w > width - 1 - used { break }
            tail.insert(c, at: tail.startIndex)
            tailUsed += w
        }
        return head + "…" + tail
    }
}
