#if canImport(Glibc)
import Glibc
#endif

extension ImageBytes {
    /// A stand-in for a photo of muted colours, the kind the 256-colour palette lacks: a
    /// grey-blue sky over olive hills, an ochre field, a red-brown roof and a skin-toned face,
    /// each with a gentle gradient and a little deterministic noise, as a camera's. Painted
    /// in code (no photo of unknown licence in the repository); the same every run.
    public static func mutedPhotoPixel(x: Int, y: Int, width: Int, height: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let fx = Double(x) / Double(max(1, width)), fy = Double(y) / Double(max(1, height))
        var colour: (Double, Double, Double)
        let hill = 0.42 + 0.08 * sin(fx * 7.0)
        if fy < hill {
            colour = (150 + 30 * fy, 168 + 20 * fy, 192 - 10 * fy)  // sky
        } else if fy < 0.62 {
            colour = (108 + 20 * fx, 118 + 10 * fx, 88)  // hills
        } else {
            colour = (146 - 20 * fy, 128 - 15 * fy, 84 + 10 * fx)  // field
        }
        // A roof, its wall under it, and a face.
        if (0.12..<0.38).contains(fx), (0.50..<0.62).contains(fy) { colour = (152, 86, 70) }
        if (0.15..<0.35).contains(fx), (0.62..<0.80).contains(fy) { colour = (196, 184, 160) }
        let dx = fx - 0.70, dy = (fy - 0.62) * Double(height) / Double(max(1, width))
        if dx * dx + dy * dy < 0.012 { colour = (206 - 30 * dy, 164 - 20 * dy, 138) }
        // Noise: a hash of the position, ±6.
        var hash = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
        func noise() -> Double {
            hash = hash &* 1_664_525 &+ 1_013_904_223
            return Double(Int(hash >> 24) % 13 - 6)
        }
        func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, Int((v + noise()).rounded())))) }
        return (channel(colour.0), channel(colour.1), channel(colour.2), 255)
    }

    /// `mutedPhotoPixel` as an 8-bit RGB PNG.
    public static func mutedPhotoPNG(width: Int, height: Int) -> [UInt8] {
        paintedPNG(width: width, height: height) { x, y in
            mutedPhotoPixel(x: x, y: y, width: width, height: height)
        }
    }
}
