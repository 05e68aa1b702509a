import Foundation

/// Variables that make imgsel think it runs on one terminal or another (or on none that
/// draws colour); a test's terminal starts without them, so the test alone decides.
public let terminalVariables = [
    "TERM", "TERM_PROGRAM", "LC_TERMINAL", "KITTY_WINDOW_ID", "GHOSTTY_RESOURCES_DIR",
    "WEZTERM_EXECUTABLE", "WEZTERM_PANE", "KONSOLE_VERSION", "TMUX", "NO_COLOR", "COLUMNS", "LINES",
    "COLORTERM",
]

/// The test process's environment without imgsel's own settings and the terminal variables,
/// with `TERM=xterm-256color`. `swift test` itself sets NO_COLOR=1, under which imgsel rightly
/// draws no pictures: a user's terminal has no such thing.
public func cleanTerminalEnvironment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { key, _ in
        !key.hasPrefix("IMGSEL_") && !terminalVariables.contains(key)
    }
    environment["TERM"] = "xterm-256color"
    return environment
}
