#if canImport(Glibc)
import Glibc
#endif
import SelectionStore

/// The terminal's size in cells and, when the terminal reports it, in pixels
/// (0 when unknown): what an inline image is fitted into.
struct TerminalWindow: Equatable {
    var columns: Int
    var rows: Int
    var pixelWidth: Int
    var pixelHeight: Int

    /// TIOCGWINSZ on stdout; else $COLUMNS and $LINES; else 80×24 without pixels.
    static func current() -> TerminalWindow {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return TerminalWindow(columns: Int(size.ws_col), rows: Int(size.ws_row),
                                  pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
        }
        func number(_ name: String, _ fallback: Int) -> Int {
            guard let text = Posix.environment(name), let n = Int(text), n > 0 else { return fallback }
            return n
        }
        return TerminalWindow(columns: number("COLUMNS", 80), rows: number("LINES", 24), pixelWidth: 0, pixelHeight: 0)
    }
}
