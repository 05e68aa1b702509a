/// The ways a picture can be drawn on a terminal, best first where a terminal has several.
public enum GraphicsWay: String, Sendable, CaseIterable {
    /// The kitty graphics protocol: decoded, upright, fitted pixels (kitty, Ghostty, WezTerm on request).
    case kitty
    /// iTerm2's OSC 1337 inline images: the file's own bytes, or a PNG (iTerm2, WezTerm, mintty, Konsole).
    case iterm
    /// DEC sixel, at most 256 colours (foot, xterm -ti vt340, mlterm, Windows Terminal, contour, WezTerm).
    case sixel
    /// `▀` half blocks in 24-bit or 256 colours: every other colour terminal.
    case blocks
    /// No picture: the text line alone (`TERM=dumb`, no colour).
    case none

    /// Whether the way sends escape sequences that tmux must pass through (all but blocks and none).
    public var isGraphics: Bool { self == .kitty || self == .iterm || self == .sixel }
}

/// What `--graphics` or `$IMGSEL_GRAPHICS` asks for: a way, or `auto` (find the best).
public enum GraphicsRequest: Sendable, Equatable {
    case auto
    case way(GraphicsWay)

    /// Every value the option takes, in the order help lists them.
    public static let names = ["auto"] + GraphicsWay.allCases.map(\.rawValue)

    /// `auto`, `kitty`, `iterm`, `sixel`, `blocks` or `none`, exactly; nil for anything else.
    public init?(_ text: String) {
        if text == "auto" {
            self = .auto
        } else if let way = GraphicsWay(rawValue: text) {
            self = .way(way)
        } else {
            return nil
        }
    }
}
