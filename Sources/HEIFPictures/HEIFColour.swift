import ImageCore

/// colr nclx as far as YCbCr to RGB needs it: the matrix coefficients (ITU-T H.273) and the
/// range. Primaries matter only for the chromaticity-derived matrices; the transfer function
/// not at all (pixels are taken as sRGB, SPEC "Pictures").
struct HEIFColourInfo: Equatable {
    var primaries: Int
    var matrix: Int
    var fullRange: Bool

    /// Without a colr box: BT.601 (the SPEC), full range, as libheif takes it (its default
    /// nclx, and what its x265 encoder writes in the stream's VUI): measured against
    /// pillow-heif on a file without colr, limited range came out at 29 dB, full range the same
    /// as with colr. (The stream's own VUI is not read: the HEVC decoder does not hand it on.)
    static let absent = HEIFColourInfo(primaries: 2, matrix: 6, fullRange: true)

    /// Kr and Kb of the matrix. Unspecified and reserved codes are BT.601 (the SPEC's rule
    /// when nothing says otherwise); the chromaticity-derived codes (12, 13) follow the
    /// primaries where they are BT.709's or BT.2020's.
    func weights() throws(DecodeError) -> (kr: Double, kb: Double) {
        switch matrix {
        case 0: throw .unsupported("HEIF stored as RGB (identity matrix, which needs 4:4:4)")
        case 1: return (0.2126, 0.0722)
        case 4: return (0.30, 0.11)
        case 7: return (0.212, 0.087)
        case 8: throw .unsupported("HEIF stored as YCgCo")
        case 9, 10: return (0.2627, 0.0593)
        case 12, 13:
            switch primaries {
            case 1: return (0.2126, 0.0722)
            case 9: return (0.2627, 0.0593)
            default: return (0.299, 0.114)
            }
        default: return (0.299, 0.114)
        }
    }
}

/// Integer YCbCr to RGB for one bit depth: each output is a sum of products shifted down by
/// `shift`, so Main 10 goes to 8 bits in the same step that converts it, rounding once.
struct HEIFColourMatrix {
    static let shift = 20
    let yOffset: Int, yScale: Int
    let cOffset: Int
    let crToR: Int, cbToG: Int, crToG: Int, cbToB: Int

    init(_ info: HEIFColourInfo, bitDepthLuma: Int, bitDepthChroma: Int) throws(DecodeError) {
        let (kr, kb) = try info.weights()
        let kg = 1 - kr - kb
        let yMax = Double((1 << bitDepthLuma) - 1), cMax = Double((1 << bitDepthChroma) - 1)
        let yRange: Double, cRange: Double
        if info.fullRange {
            (yOffset, yRange, cRange) = (0, yMax, cMax)
        } else {
            yOffset = 16 << (bitDepthLuma - 8)
            (yRange, cRange) = (Double(219 << (bitDepthLuma - 8)), Double(224 << (bitDepthChroma - 8)))
        }
        cOffset = 1 << (bitDepthChroma - 1)
        let one = Double(1 << Self.shift)
        yScale = Int((255 / yRange * one).rounded())
        let c = 255 / cRange * one
        crToR = Int((2 * (1 - kr) * c).rounded())
        cbToB = Int((2 * (1 - kb) * c).rounded())
        cbToG = Int((2 * (1 - kb) * kb / kg * c).rounded())
        crToG = Int((2 * (1 - kr) * kr / kg * c).rounded())
    }

    // Wrapping arithmetic: samples are at most 16 bits and the factors at most 2^21 or so, so no
    // sum comes near 2^63, and the overflow checks were a branch each on every pixel's path.

    @inline(__always) static func clamp(_ v: Int) -> UInt8 {
        let rounded = (v &+ (1 &<< (shift &- 1))) &>> shift
        return UInt8(truncatingIfNeeded: rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded))
    }

    /// One pixel from its three samples.
    @inline(__always) func rgb(_ y: Int, _ cb: Int, _ cr: Int) -> (UInt8, UInt8, UInt8) {
        let yv = (y &- yOffset) &* yScale
        let cb = cb &- cOffset, cr = cr &- cOffset
        return (
            Self.clamp(yv &+ crToR &* cr), Self.clamp(yv &- cbToG &* cb &- crToG &* cr), Self.clamp(yv &+ cbToB &* cb)
        )
    }

    /// A monochrome pixel: its grey.
    @inline(__always) func grey(_ y: Int) -> UInt8 { Self.clamp((y &- yOffset) &* yScale) }
}
