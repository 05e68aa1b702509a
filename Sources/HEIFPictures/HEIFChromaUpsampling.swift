/// How a codec's subsampled chroma (4:2:0, 4:2:2) is brought to each luma sample, as the library
/// people compare its pictures with does it, so that imgsel's RGB is theirs:
/// - HEIC repeats each chroma sample, as libheif does by default (against pillow-heif 1.8 the
///   bilinear weights measured 31 to 52 dB, repetition 54 dB to identical);
/// - AVIF filters bilinearly, chroma sited between its luma samples, as libavif does through
///   libyuv: against Pillow 13's decode of a noisy 4:2:0 photo, 44.7 dB repeated, 52.7 dB filtered.
public enum HEIFChromaUpsampling: Sendable {
    case repeated
    case bilinear

    /// The chroma sample the bilinear filter blends with sample `i >> shift` for luma sample `i`:
    /// its neighbour on the side the luma sample lies (chroma sited between its luma samples), the
    /// edge sample repeated; the sample itself along an axis not subsampled. The weights are libyuv's,
    /// 3 near to 1 far each way (9-3-3-1 at 4:2:0, 3-1 across at 4:2:2), rounded as it rounds
    /// (HEIFPixels' bilinear row).
    @inline(__always)
    static func farSample(_ i: Int, shift: Int, count: Int) -> Int {
        let near = i >> shift
        return shift == 0 ? near : min(max(i & 1 == 0 ? near - 1 : near + 1, 0), count - 1)
    }
}
