/// The numbers rules are made of, read strictly from what a user types and written back in
/// the shortest form that reads back to the same value (`5MB`, `5.5MB`, `12M`, `4:5`).
public enum RuleNumbers {
    /// The largest value a rule takes: far beyond any image (a pebibyte), small enough that
    /// no sum or product of the checks overflows, and exact in the selection file's JSON.
    public static let maximum = 1 << 50

    /// A size's units, 1024-based, as `Format.bytes` prints them; largest first.
    package static let byteUnits: [(suffix: String, factor: Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)]
    /// What a typed size may end with: `byteUnits`, and `G`, `M`, `K` for them, as `--max-pixels`
    /// takes `12M` (`1M` is `1MB`; a size is never a count of pixels, so `M` cannot mislead).
    static let sizeUnits: [(suffix: String, factor: Int)] =
        byteUnits + byteUnits.map { (String($0.suffix.prefix(1)), $0.factor) }
    /// A pixel count's unit: `12M` is 12,000,000.
    package static let pixelUnits: [(suffix: String, factor: Int)] = [("M", 1_000_000)]

    /// `2.1 MB`: binary multiples, one decimal below 10 of a unit; what `list`, `view` and the
    /// rules' messages show. (`TB` and `PB` only for what no rule limits.)
    public static func byteText(_ n: Int) -> String {
        if n < 1024 { return "\(n) B" }
        let units = ["KB", "MB", "GB", "TB", "PB"]
        var value = Double(n) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if value < 10 {
            let tenths = Int((value * 10).rounded())
            if tenths < 100 { return "\(tenths / 10).\(tenths % 10) \(units[unit])" }
        }
        return "\(Int(value.rounded())) \(units[unit])"
    }

    /// Why a typed number is not one.
    enum Refusal: Error {
        case malformed
        case tooLarge
        case zero
    }

    /// Digits, optionally a point and more digits, optionally one of `units` (case aside, after
    /// at most one space); a fraction only with a unit. The value is rounded down to a whole
    /// number, which keeps a maximum's meaning: more than 5.55 MB is more than its whole bytes.
    static func parse(
        _ text: String, units: [(suffix: String, factor: Int)], bareSuffix: String? = nil
    ) throws(Refusal) -> Int {
        var number = Substring(text)
        var factor = 1
        for (suffix, unitFactor) in units + (bareSuffix.map { [($0, 1)] } ?? [])
        where text.suffix(suffix.count).uppercased() == suffix {
            number = number.dropLast(suffix.count)
            if number.hasSuffix(" ") { number = number.dropLast() }
            factor = unitFactor
            break
        }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else {
            throw .malformed
        }
        let whole = parts[0].drop { $0 == "0" }
        let fraction = parts.count == 2 ? parts[1].reversed().drop { $0 == "0" }.reversed() : []
        if parts.count == 2, factor == 1 { throw .malformed }  // no fraction of a byte or a pixel
        guard fraction.count <= 9 else { throw .malformed }
        guard whole.count + fraction.count <= 18 else { throw .tooLarge }
        var scale = 1
        for _ in fraction { scale *= 10 }
        let digits = Int(String(whole.isEmpty ? "0" : whole))! * scale + (fraction.isEmpty ? 0 : Int(String(fraction))!)
        let (product, overflow) = digits.multipliedReportingOverflow(by: factor)
        guard !overflow, product / scale <= maximum else { throw .tooLarge }
        guard product / scale >= 1 else { throw .zero }
        return product / scale
    }

    /// The shortest spelling that `parse` reads back as `value`: `5MB`, `5.5MB`, `500KB`, `12M`,
    /// else the bare number. `space` puts one before the unit, as messages do (`5 MB`).
    package static func text(_ value: Int, units: [(suffix: String, factor: Int)], space: Bool = false) -> String {
        for (suffix, factor) in units where value >= factor {
            var scale = 1
            for decimals in 0...3 {
                // The smallest count of 1/scale units not below value; it is right if it does not reach value + 1.
                let count = (value * scale + factor - 1) / factor
                if count * factor < (value + 1) * scale {
                    var digits = String(count / scale)
                    if decimals > 0 {
                        let fraction = String(count % scale)
                        digits += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
                    }
                    return digits + (space ? " " : "") + suffix
                }
                scale *= 10
            }
        }
        return String(value)
    }

    /// `5 MB`, `5.5 MB`, `700 B`: a byte limit as messages print it, exactly (unlike `byteText`).
    package static func sizeText(_ limit: Int) -> String {
        let text = RuleNumbers.text(limit, units: RuleNumbers.byteUnits, space: true)
        return text.allSatisfy(RuleNumbers.isDigit) ? text + " B" : text
    }

    static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
}

/// An aspect ratio, width / height, kept exact as the fraction it was typed as: `4:5` is 4/5 and
/// `1.91` is 191/100, so an image of exactly that ratio keeps a rule set to it.
public struct Aspect: Equatable, Sendable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int
    /// As typed, without leading or trailing zeros: `4:5`, `0.8`, `1.91`.
    public let description: String

    /// `W:H` with whole numbers, or a decimal; both above zero, at most nine digits a number.
    public init?(_ text: String) {
        let ratio = text.split(separator: ":", omittingEmptySubsequences: false)
        if ratio.count == 2 {
            guard let w = Self.whole(ratio[0]), let h = Self.whole(ratio[1]), w > 0, h > 0 else { return nil }
            numerator = w
            denominator = h
            description = "\(w):\(h)"
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Self.whole(parts[0]) else { return nil }
        var fraction = Substring("")
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy(RuleNumbers.isDigit) else { return nil }
            fraction = Substring(parts[1].reversed().drop { $0 == "0" }.reversed())
        }
        guard fraction.count <= 8, String(whole).count + fraction.count <= 9 else { return nil }
        var scale = 1
        for _ in fraction { scale *= 10 }
        numerator = whole * scale + (fraction.isEmpty ? 0 : Int(String(fraction))!)
        denominator = scale
        guard numerator > 0 else { return nil }
        description = fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
    }

    /// A number of at most nine digits (leading zeros aside).
    private static func whole(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy(RuleNumbers.isDigit) else { return nil }
        let digits = text.drop { $0 == "0" }
        guard digits.count <= 9 else { return nil }
        return digits.isEmpty ? 0 : Int(String(digits))
    }

    /// Whether width / height is above (below) this ratio: exact, by cross-multiplying.
    func isAbove(width: Int, height: Int) -> Bool { width * denominator > numerator * height }
    func isBelow(width: Int, height: Int) -> Bool { width * denominator < numerator * height }

    /// width / height, which breaks this ratio, rounded to the nearest at four decimals, or at
    /// as many more as it takes to print a value on the breaking side of the ratio: 640×480 is
    /// `1.3333` over 1.333 and under 1.5 alike (three decimals made it 1.333 under 1.5, so the
    /// same picture read differently in the two messages), `1.9101` over 1.91, `0.79999` under
    /// 0.8: never a value that reads as the limit.
    package func breaking(width: Int, height: Int) -> String {
        guard height > 0 else { return "∞" }
        let (w, h) = (Int128(width), Int128(height))
        let (n, m) = (Int128(numerator), Int128(denominator))
        let above = w * m > n * h
        var digits = 4
        var scale: Int128 = 10000
        while true {
            // Rounded half up: (2·w·scale + h) / (2·h).
            let rounded = (2 * w * scale + h) / (2 * h)
            let beyond = above ? rounded * m > n * scale : rounded * m < n * scale
            // The bound only matters for a ratio the value does not break (a caller's mistake):
            // 25 digits are past any two 31-bit sizes and nine-digit ratios.
            if beyond || digits >= 25 { return Self.decimal(rounded, digits: digits) }
            digits += 1
            scale *= 10
        }
    }

    /// `value` / 10^`digits` as a decimal, trailing zeros dropped: `1.3333`, `8`.
    private static func decimal(_ value: Int128, digits: Int) -> String {
        var fraction = String(value % pow10(digits))
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = String(value / pow10(digits))
        return fraction.isEmpty ? whole : whole + "." + fraction
    }

    private static func pow10(_ n: Int) -> Int128 { (0..<n).reduce(1) { p, _ in p * 10 } }
}
