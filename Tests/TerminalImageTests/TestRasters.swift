import ImageDecoding

/// Rasters made in code for the renderer tests.
enum TestRasters {
    /// A raster whose pixel at (x, y) is `colour(x, y)` as (r, g, b, a).
    static func make(
        width: Int, height: Int, hasAlpha: Bool = false,
        _ colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) -> Raster {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = colour(x, y)
                pixels += [r, g, b, a]
            }
        }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: hasAlpha)
    }

    /// One opaque colour everywhere.
    static func flat(width: Int, height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Raster {
        make(width: width, height: height) { _, _ in (r, g, b, 255) }
    }

    /// Smooth gradients in all three channels plus deterministic noise (±noise):
    /// what a photo's sky and texture look like to a quantiser.
    static func photoLike(width: Int, height: Int, noise: Int = 12) -> Raster {
        var seed: UInt32 = 12345
        func random() -> Int {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Int(seed >> 16) % (2 * noise + 1) - noise
        }
        return make(width: width, height: height) { x, y in
            let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
            let r = 30 + 190 * fx + 20 * fy
            let g = 60 + 150 * fy + 25 * (fx * fy)
            let b = 210 - 120 * fx * (1 - fy) + 30 * (1 - fy)
            func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, Int(v.rounded()) + random()))) }
            return (channel(r), channel(g), channel(b), 255)
        }
    }
}
