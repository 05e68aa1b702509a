import Posix

extension WindowSize {
    /// The terminal's size as this process sees it (see `current(fd:environment:)`).
    public static func current(fd: Int32 = 1) -> WindowSize { current(fd: fd, environment: environmentValue) }

    /// TIOCGWINSZ on `fd` (stdout by default); a side it does not report comes from $COLUMNS
    /// or $LINES, else 80×24. Pixels only when it reports both sides in cells, else 0 (unknown).
    public static func current(fd: Int32, environment: (String) -> String?) -> WindowSize {
        let size = reported(fd: fd)
        let columns = size?.columns ?? 0
        let rows = size?.rows ?? 0
        func number(_ name: String, _ fallback: Int) -> Int {
            guard let text = environment(name), let n = Int(text), n > 0 else { return fallback }
            return n
        }
        let knowsCells = columns > 0 && rows > 0
        return WindowSize(
            columns: columns > 0 ? columns : number("COLUMNS", 80),
            rows: rows > 0 ? rows : number("LINES", 24),
            pixelWidth: knowsCells ? size?.pixelWidth ?? 0 : 0,
            pixelHeight: knowsCells ? size?.pixelHeight ?? 0 : 0)
    }

    /// What TIOCGWINSZ says of `fd`, as it says it (zeros included); nil when it says nothing
    /// (not a terminal). The one reader of TIOCGWINSZ: `current` and the full screen's
    /// terminal (which keeps 80×24 for a window without both sides) build on it.
    public static func reported(fd: Int32) -> WindowSize? {
        guard let size = Posix.windowSize(fd) else { return nil }
        return WindowSize(
            columns: size.columns, rows: size.rows, pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight)
    }
}
