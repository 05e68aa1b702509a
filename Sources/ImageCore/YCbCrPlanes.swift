/// The samples of one decoded still picture, before any colour conversion: the seam between a
/// codec (HEVC, AV1: neither knows HEIF) and the HEIF container code (which knows no codec).
/// Samples keep the stream's bit depth so that 10 and 12 bits are taken to 8 once, with the
/// colour conversion.
public struct YCbCrPlanes: Sendable, Equatable {
    public enum Chroma: Sendable, Equatable {
        case monochrome
        /// Chroma planes of `(width + 1) / 2` × `(height + 1) / 2` samples.
        case yuv420
        /// Chroma planes of `(width + 1) / 2` × `height` samples.
        case yuv422
        /// Chroma planes of `width` × `height` samples.
        case yuv444

        /// log2 of how many luma samples a chroma sample spans across and down (0 when there is
        /// no chroma).
        @inlinable public var shift: (x: Int, y: Int) {
            switch self {
            case .monochrome, .yuv444: (0, 0)
            case .yuv420: (1, 1)
            case .yuv422: (1, 0)
            }
        }

        /// The samples of one chroma plane of a `width` × `height` picture (0 for monochrome).
        @inlinable public func chromaSize(width: Int, height: Int) -> (width: Int, height: Int) {
            guard self != .monochrome else { return (0, 0) }
            let (sx, sy) = shift
            return ((width + sx) >> sx, (height + sy) >> sy)
        }
    }

    /// The size after any cropping (HEVC's SPS conformance window) is applied.
    public let width: Int
    public let height: Int
    public let bitDepthLuma: Int
    public let bitDepthChroma: Int
    public let chroma: Chroma
    /// Row-major, no padding.
    public var luma: [UInt16]
    /// Row-major, no padding, `chroma.chromaSize` each; empty when `chroma` is `.monochrome`.
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

    /// The samples of one chroma plane (0 for monochrome).
    @inlinable public var chromaSize: (width: Int, height: Int) { chroma.chromaSize(width: width, height: height) }
}

/// The planes' first name, from when HEVC was their only codec; kept so the HEVC decoder and its
/// callers read as they did.
public typealias HEVCPicture = YCbCrPlanes
