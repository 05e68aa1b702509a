/// How a decoder turns a CMYK picture's ink into RGB when the file's ICC profile says how: made by
/// the Colour target from the profile and handed down, so a codec converts through a profile
/// without knowing what one is. Without it a codec converts as Pillow does with none.
public struct CMYKToRGB: Sendable {
    /// Writes RGBA (alpha 255) for `count` pixels of interleaved C, M, Y, K ink amounts (0 = no ink).
    public let convert:
        @Sendable (_ cmyk: UnsafePointer<UInt8>, _ rgba: UnsafeMutablePointer<UInt8>, _ count: Int) -> Void

    public init(
        _ convert:
            @escaping @Sendable (_ cmyk: UnsafePointer<UInt8>, _ rgba: UnsafeMutablePointer<UInt8>, _ count: Int)
            -> Void
    ) {
        self.convert = convert
    }
}
