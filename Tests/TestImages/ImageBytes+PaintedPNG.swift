extension ImageBytes {
    // MARK: Pictures with known pixels, for checking what a decoder or a sheet made of them

    /// A valid 8-bit PNG whose pixel (x, y) is `paint(x, y)`: RGB, or RGBA when `alpha`;
    /// `orientation` adds an eXIf chunk with that EXIF orientation (1–8).
    public static func paintedPNG(
        width: Int, height: Int, alpha: Bool = false, orientation: Int? = nil,
        paint: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) -> [UInt8] {
        var out = pngSignature
        out += pngChunk("IHDR", be32(width) + be32(height) + [8, alpha ? 6 : 2, 0, 0, 0])
        if let orientation { out += pngChunk("eXIf", orientationEXIF(orientation)) }
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * (alpha ? 4 : 3)))
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let (r, g, b, a) = paint(x, y)
                raw += alpha ? [r, g, b, a] : [r, g, b]
            }
        }
        out += pngChunk("IDAT", zlibStored(raw))
        return out + pngChunk("IEND", [])
    }

    /// One colour all over.
    public static func solidPNG(
        width: Int, height: Int, _ rgb: (UInt8, UInt8, UInt8), orientation: Int? = nil
    )
        -> [UInt8]
    {
        paintedPNG(width: width, height: height, orientation: orientation) { _, _ in (rgb.0, rgb.1, rgb.2, 255) }
    }
}
