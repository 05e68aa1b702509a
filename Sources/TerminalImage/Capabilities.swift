#if canImport(Glibc)
import Glibc
#endif

/// Which inline-image protocol the terminal on stdout speaks, read from the environment
/// variables terminals set (there is no query that is both portable and free of a round
/// trip), and whether tmux sits in between.
public struct TerminalCapabilities: Equatable, Sendable {
    public enum GraphicsProtocol: String, Sendable {
        /// `ESC ] 1337 ; File=…`: the file's own bytes; iTerm2, WezTerm, mintty, Konsole.
        case iterm2
        /// `ESC _G…`: PNG as it is; kitty and Ghostty.
        case kitty
    }

    public var graphicsProtocol: GraphicsProtocol?
    /// Inside tmux every sequence is wrapped for passthrough.
    public var insideTmux: Bool

    public init(graphicsProtocol: GraphicsProtocol?, insideTmux: Bool) {
        self.graphicsProtocol = graphicsProtocol
        self.insideTmux = insideTmux
    }

    /// How sequences get through to the terminal.
    public var passthrough: Passthrough { insideTmux ? .tmux : .none }

    /// From this process's environment.
    public static func detect() -> TerminalCapabilities { detect(environmentValue) }

    /// kitty's and Ghostty's own variables come first: they survive in tmux,
    /// where TERM and TERM_PROGRAM name tmux instead of the outer terminal.
    public static func detect(_ environment: (String) -> String?) -> TerminalCapabilities {
        func value(_ name: String) -> String { environment(name) ?? "" }
        let term = value("TERM"), program = value("TERM_PROGRAM")
        let found: GraphicsProtocol?
        if term == "dumb" {
            found = nil
        } else if term == "xterm-kitty" || !value("KITTY_WINDOW_ID").isEmpty {
            found = .kitty
        } else if term == "xterm-ghostty" || program == "ghostty" || !value("GHOSTTY_RESOURCES_DIR").isEmpty {
            found = .kitty
        } else if program == "iTerm.app" || value("LC_TERMINAL") == "iTerm2" {
            found = .iterm2
        } else if program == "WezTerm" || !value("WEZTERM_EXECUTABLE").isEmpty || !value("WEZTERM_PANE").isEmpty {
            found = .iterm2
        } else if program == "mintty" || term == "mintty" {
            found = .iterm2
        } else if !value("KONSOLE_VERSION").isEmpty {
            found = .iterm2
        } else {
            found = nil
        }
        return TerminalCapabilities(graphicsProtocol: found, insideTmux: !value("TMUX").isEmpty)
    }
}

/// A variable of this process's environment.
@usableFromInline
func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
