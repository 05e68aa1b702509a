import Posix

/// UTC timestamps without Foundation's date machinery (and its start-up cost).
public enum Clock {
    /// Now as `2026-11-29T15:00:00Z`, the form the selection file records.
    public static func nowISO8601() -> String {
        let now = Posix.utcNow()
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(now.year)-\(two(now.month))-\(two(now.day))T"
            + "\(two(now.hour)):\(two(now.minute)):\(two(now.second))Z"
    }
}
