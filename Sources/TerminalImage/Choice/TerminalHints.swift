import Posix

/// What the environment variables terminals set say about the terminal on stdout: the way
/// they name (when they decide one), whether tmux sits in between, and how many colours
/// half blocks may use. Read first, before any question is put to the terminal.
public struct TerminalHints: Sendable, Equatable {
    /// The way the variables name, nil when they leave it to the query.
    public var way: GraphicsWay?
    /// The variable that decided, as `NAME=value`, for messages and tests; nil with `way`.
    public var evidence: String?
    /// Inside tmux, graphics are wrapped for passthrough.
    public var insideTmux: Bool
    /// `COLORTERM=truecolor` or `24bit`: 24-bit colour; else the 256-colour palette.
    public var colours: Blocks.Colours

    public init(way: GraphicsWay?, evidence: String?, insideTmux: Bool, colours: Blocks.Colours) {
        self.way = way
        self.evidence = evidence
        self.insideTmux = insideTmux
        self.colours = colours
    }

    /// kitty's and Ghostty's own variables come first: they survive in tmux, where TERM and
    /// TERM_PROGRAM name tmux instead of the outer terminal. Then the iTerm2 family, then the
    /// terminals known to draw sixel. `TERM=dumb` draws nothing, whatever else is set.
    public static func read(_ environment: (String) -> String?) -> TerminalHints {
        func value(_ name: String) -> String { environment(name) ?? "" }
        let term = value("TERM"), program = value("TERM_PROGRAM")
        let colourTerm = value("COLORTERM")
        let colours: Blocks.Colours = colourTerm == "truecolor" || colourTerm == "24bit" ? .truecolor : .palette256
        let rules: [(GraphicsWay, String, (String) -> Bool)] = [
            (.none, "TERM", { $0 == "dumb" }),
            // The Linux console prints an escape string it does not know: no query there.
            (.blocks, "TERM", { $0 == "linux" }),
            (.kitty, "TERM", { $0 == "xterm-kitty" || $0 == "xterm-ghostty" }),
            (.kitty, "KITTY_WINDOW_ID", { !$0.isEmpty }),
            (.kitty, "TERM_PROGRAM", { $0 == "ghostty" }),
            (.kitty, "GHOSTTY_RESOURCES_DIR", { !$0.isEmpty }),
            (.iterm, "TERM_PROGRAM", { $0 == "iTerm.app" || $0 == "WezTerm" || $0 == "mintty" }),
            (.iterm, "LC_TERMINAL", { $0 == "iTerm2" }),
            (.iterm, "ITERM_SESSION_ID", { !$0.isEmpty }),
            (.iterm, "WEZTERM_EXECUTABLE", { !$0.isEmpty }),
            (.iterm, "WEZTERM_PANE", { !$0.isEmpty }),
            (.iterm, "TERM", { $0 == "mintty" }),
            (.iterm, "KONSOLE_VERSION", { !$0.isEmpty }),
            (.sixel, "TERM", { $0 == "foot" || $0.hasPrefix("foot-") || $0.hasPrefix("mlterm") }),
            (.sixel, "TERM", { $0 == "contour" || $0.hasPrefix("contour-") }),
            (.sixel, "TERM_PROGRAM", { $0 == "contour" }),
            (.sixel, "WT_SESSION", { !$0.isEmpty }),
        ]
        var found: (GraphicsWay, String)? = nil
        for (way, name, matches) in rules {
            let text = name == "TERM" ? term : name == "TERM_PROGRAM" ? program : value(name)
            if matches(text) {
                found = (way, "\(name)=\(text)")
                break
            }
        }
        return TerminalHints(
            way: found?.0, evidence: found?.1, insideTmux: !value("TMUX").isEmpty, colours: colours)
    }
}

/// A variable of this process's environment.
@usableFromInline
func environmentValue(_ name: String) -> String? {
    Posix.environment(name)
}
