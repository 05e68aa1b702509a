/// Appending escape sequences to a byte buffer without going through `String`:
/// the renderers build megabytes of ASCII, and a `String` per number would be
/// an allocation per pixel run.
extension Array where Element == UInt8 {
    /// Appends ASCII text known at compile time.
    @inline(__always)
    mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { self.append(contentsOf: $0) }
    }

    /// Appends `value` in decimal (no sign for non-negative values, `-` otherwise).
    @inline(__always)
    mutating func appendDecimal(_ value: Int) {
        if value >= 0 && value < 10 {
            append(UInt8(truncatingIfNeeded: value) &+ 0x30)
        } else if value >= 10 && value < 100 {
            append(UInt8(truncatingIfNeeded: value / 10) &+ 0x30)
            append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
        } else if value >= 100 && value < 1000 {
            append(UInt8(truncatingIfNeeded: value / 100) &+ 0x30)
            append(UInt8(truncatingIfNeeded: value / 10 % 10) &+ 0x30)
            append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
        } else {
            append(contentsOf: String(value).utf8)
        }
    }
}

/// Writing into memory sized beforehand, for the half-block renderer's inner
/// loop: no capacity check or uniqueness check per byte. The caller reserves
/// the most the text can take; `Array(unsafeUninitializedCapacity:)` trims it.
struct ByteWriter {
    private(set) var position: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { position = start }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        position.pointee = value
        position += 1
    }

    @inline(__always)
    mutating func ascii(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        position.update(from: text.utf8Start, count: count)
        position += count
    }

    /// 0–999 in decimal, the only numbers escape sequences here carry but
    /// cursor rows and columns, which go through `decimal`.
    @inline(__always)
    mutating func small(_ value: Int) {
        if value >= 100 { byte(UInt8(truncatingIfNeeded: value / 100) &+ 0x30) }
        if value >= 10 { byte(UInt8(truncatingIfNeeded: value / 10 % 10) &+ 0x30) }
        byte(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
    }

    /// Any non-negative number in decimal (at most 20 digits).
    mutating func decimal(_ value: Int) {
        if value < 1000 { small(max(0, value)); return }
        var digits = 0, rest = value
        while rest > 0 { digits += 1; rest /= 10 }
        rest = value
        for i in stride(from: digits - 1, through: 0, by: -1) {
            position[i] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
        }
        position += digits
    }
}
