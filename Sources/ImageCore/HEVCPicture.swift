/// The samples of one decoded HEVC still picture, before any colour conversion: the seam
/// between the HEVC decoder (which knows nothing of HEIF) and the HEIF container code (which
/// knows nothing of CABAC). Samples keep the stream's bit depth so that Main 10 is taken to
/// 8 bits once, with the colour conversion.
public struct HEVCPicture: Sendable, Equatable {
    public enum Chroma: Sendable, Equatable {
        case monochrome
        /// Chroma planes of `(width + 1) / 2` × `(height + 1) / 2` samples.
        case yuv420
    }

    /// The size after the SPS conformance window is applied.
    public let width: Int
    public let height: Int
    public let bitDepthLuma: Int
    public let bitDepthChroma: Int
    public let chroma: Chroma
    /// Row-major, no padding.
    public var luma: [UInt16]
    /// Empty when `chroma` is `.monochrome`.
    public var cb: [UInt16]
    public var cr: [UInt16]

    public init(
        width: Int, height: Int, bitDepthLuma: Int, bitDepthChroma: Int, chroma: Chroma,
        luma: [UInt16], cb: [UInt16], cr: [UInt16]
    ) {
        self.width = width
        self.height = height
        self.bitDepthLuma = bitDepthLuma
        self.bitDepthChroma = bitDepthChroma
        self.chroma = chroma
        self.luma = luma
        self.cb = cb
        self.cr = cr
    }
}
