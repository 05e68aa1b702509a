/// An opaque 8-bit sRGB colour: the background that transparent pixels are
/// composed over, and the unit the palettes are made of.
public struct RGB: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGB(0, 0, 0)
}

/// Straight alpha over an opaque background, rounded: `(c·a + bg·(255−a)) / 255`.
/// The division is exact for every input (the usual `x + 128` trick), so an
/// opaque pixel keeps its value and a transparent one takes the background's.
@inline(__always)
func composed(_ colour: UInt8, alpha: UInt8, over background: UInt8) -> UInt8 {
    let mixed = Int(colour) * Int(alpha) + Int(background) * (255 - Int(alpha)) + 128
    return UInt8(truncatingIfNeeded: (mixed + (mixed >> 8)) >> 8)
}
