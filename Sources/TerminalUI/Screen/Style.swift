/// A text colour as terminals know them.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// An entry of the 256-colour palette; 0–15 are the themed colours (0–7 normal, 8–15 bright).
    case palette(UInt8)
    /// 24-bit colour, for terminals with `COLORTERM=truecolor` (half-block pictures use it).
    case rgb(UInt8, UInt8, UInt8)
}

/// How a cell's text looks.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(
        foreground: Color = .default, background: Color = .default, bold: Bool = false,
        underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's default: what `ESC[0m` and a cleared screen give.
    public static let plain = Style()

    /// The SGR sequence that sets exactly this style from any other: it starts with a reset,
    /// so no attribute of the previous cell can leak into this one.
    var sgr: [UInt8] {
        var codes = "0"
        if bold { codes += ";1" }
        if underline { codes += ";4" }
        if reverse { codes += ";7" }
        codes += Self.code(foreground, base: 30, brightBase: 90, extended: 38)
        codes += Self.code(background, base: 40, brightBase: 100, extended: 48)
        return Array("\u{1B}[\(codes)m".utf8)
    }

    /// The 16 themed colours keep their short codes, which every colour terminal reads.
    private static func code(_ color: Color, base: Int, brightBase: Int, extended: Int) -> String {
        switch color {
        case .default: return ""
        case .palette(let n) where n < 8: return ";\(base + Int(n))"
        case .palette(let n) where n < 16: return ";\(brightBase + Int(n) - 8)"
        case .palette(let n): return ";\(extended);5;\(n)"
        case let .rgb(r, g, b): return ";\(extended);2;\(r);\(g);\(b)"
        }
    }
}
