/// How a codec's subsampled chroma (4:2:0, 4:2:2) is brought to each luma sample, as the library
/// people compare its pictures with does it, so that imgsel's RGB is theirs:
/// - HEIC repeats each chroma sample, as libheif does by default (against pillow-heif 1.8 the
///   bilinear weights measured 31 to 52 dB, repetition 54 dB to identical);
/// - AVIF filters bilinearly, chroma sited between its luma samples, as libavif does through
///   libyuv: against Pillow 13's decode of a noisy 4:2:0 photo, 44.7 dB repeated, 52.7 dB filtered.
public enum HEIFChromaUpsampling: Sendable {
    case repeated
    case bilinear

    /// The bilinear chroma of luma sample (x, y) from a `width`×`height` plane subsampled by
    /// (sx, sy): libyuv's 9-3-3-1 (4:2:0) or 3-1 across (4:2:2) weights, rounded as it rounds, the
    /// nearest chroma sample's neighbour on the side the luma sample lies, the edge sample repeated.
    @inline(__always)
    static func bilinear(
        _ plane: UnsafePointer<UInt16>, width: Int, height: Int, sx: Int, sy: Int, x: Int, y: Int
    ) -> Int {
        let cx = x >> sx, cy = y >> sy
        let nx = sx == 0 ? cx : min(max(x & 1 == 0 ? cx - 1 : cx + 1, 0), width - 1)
        let ny = sy == 0 ? cy : min(max(y & 1 == 0 ? cy - 1 : cy + 1, 0), height - 1)
        let near = plane + cy * width, far = plane + ny * width
        return (9 * Int(near[cx]) + 3 * Int(near[nx]) + 3 * Int(far[cx]) + Int(far[nx]) + 8) >> 4
    }
}
