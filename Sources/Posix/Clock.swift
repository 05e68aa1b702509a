#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// The calendar fields of `time(nil)` in UTC (gmtime_r): year, month 1–12, day, hour, minute, second.
    public static func utcNow() -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        return (
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
            Int(parts.tm_min), Int(parts.tm_sec)
        )
    }
}
