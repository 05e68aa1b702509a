/// Decoded pixels as every decoder hands them on: 8-bit RGBA with straight (not
/// premultiplied) alpha, rows top to bottom, no padding. One layout for all
/// formats keeps orientation, shrinking and the writers format-blind.
public struct Raster: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public var pixels: [UInt8]
    /// False when the file has no alpha channel and no transparent colour, so
    /// writers may drop alpha; true does not promise a pixel below 255.
    public var hasAlpha: Bool

    /// An opaque black (or, with alpha, transparent) raster, allocated only
    /// after the size has passed `DecodeLimits`.
    public init(width: Int, height: Int, hasAlpha: Bool) throws(DecodeError) {
        try DecodeLimits.check(width: width, height: height)
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        // Every pixel 0, 0, 0 and opaque (when without alpha) in one pass of 32-bit stores: a zero
        // fill and then a byte loop setting alpha was a tenth of a 12-MP BMP-to-JPEG encode.
        // No huge pages here (issue 41): this fill runs on one core, and fresh 2 MiB pages can be
        // slow to come (a VM's host backs them anew: 340 ms for 48 MiB cold, against 19 ms in
        // 4 KiB pages); a 12-MP AVIF thumbnail's median went from 653 to 596 ms without them, and
        // HEIC, PNG, JPEG and WebP thumbnails were unchanged.
        let count = width * height
        let pixel: UInt32 = hasAlpha ? 0 : UInt32(littleEndian: 0xFF00_0000)
        self.pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialised in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            for i in 0..<count { raw.storeBytes(of: pixel, toByteOffset: i &* 4, as: UInt32.self) }
            initialised = count * 4
        }
    }

    /// Wraps pixels made elsewhere; `pixels.count` must be `width * height * 4`.
    @inlinable
    public init(width: Int, height: Int, pixels: [UInt8], hasAlpha: Bool) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "raster size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.hasAlpha = hasAlpha
    }

    /// The pixel at column `x`, row `y`, for tests and the odd slow path.
    @inlinable
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
