#if canImport(Glibc)
import Glibc
#endif

extension WindowSize {
    /// The terminal's size as this process sees it: the one reader of TIOCGWINSZ.
    public static func current(fd: Int32 = 1) -> WindowSize { current(fd: fd, environment: environmentValue) }

    /// TIOCGWINSZ on `fd` (stdout by default); a side it does not report comes from $COLUMNS
    /// or $LINES, else 80×24. Pixels only when it reports both sides in cells, else 0 (unknown).
    public static func current(fd: Int32, environment: (String) -> String?) -> WindowSize {
        var size = winsize()
        let reported = ioctl(fd, UInt(TIOCGWINSZ), &size) == 0
        let columns = reported ? Int(size.ws_col) : 0
        let rows = reported ? Int(size.ws_row) : 0
        func number(_ name: String, _ fallback: Int) -> Int {
            guard let text = environment(name), let n = Int(text), n > 0 else { return fallback }
            return n
        }
        let knowsCells = columns > 0 && rows > 0
        return WindowSize(
            columns: columns > 0 ? columns : number("COLUMNS", 80),
            rows: rows > 0 ? rows : number("LINES", 24),
            pixelWidth: knowsCells ? Int(size.ws_xpixel) : 0,
            pixelHeight: knowsCells ? Int(size.ws_ypixel) : 0)
    }
}
