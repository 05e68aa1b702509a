#if canImport(Glibc)
import Glibc
#endif

/// UTC timestamps without Foundation's date machinery (and its start-up cost).
public enum Clock {
    /// Now as `2026-11-29T15:00:00Z`, the form the selection file records.
    public static func nowISO8601() -> String {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
