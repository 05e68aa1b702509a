/// Rebuilds one macroblock (prediction plus residual) in a small work buffer
/// and copies it into the planes, as RFC 6386 section 12 and libwebp do.
///
/// Prediction must see unfiltered neighbours; the decoder filters a
/// macroblock row only after the row below has been reconstructed, so the
/// planes still hold unfiltered pixels wherever this reads them.
enum VP8Reconstruction {
    static let s = VP8Prediction.stride
    /// Offsets of the luma, U and V blocks in the work buffer (which must be
    /// 26 rows of `s` bytes): each has a row above and a column to the left.
    static let lumaOrigin = 1 * 32 + 8, uOrigin = 18 * 32 + 8, vOrigin = 18 * 32 + 24
    static let workSize = 26 * 32

    struct Macroblock {
        var column: Int
        var row: Int
        var columns: Int
        var info: VP8MacroblockInfo
        /// The 16 sub-block modes (when sub-block coded).
        var subblockModes: UnsafePointer<UInt8>
        /// 2 bits per block: 0 none, 1 DC only, 2 the first three coefficients, 3 any.
        var codes: UInt64
        var coefficients: UnsafePointer<Int16>
    }

    static func rebuild(_ mb: Macroblock, work: UnsafeMutablePointer<UInt8>, planes p: VP8PlanePointers) {
        fillEdges(mb, work: work, planes: p)
        let luma = work + lumaOrigin
        if mb.info.isSubblockCoded {
            // The four pixels above-right of the macroblock also serve the
            // right-hand sub-blocks of rows 1 to 3.
            for row in [3, 7, 11] { (luma + row * s + 16).update(from: luma - s + 16, count: 4) }
            for n in 0..<16 {
                let dst = luma + (n >> 2) * 4 * s + (n & 3) * 4
                VP8Prediction.predictSubblock(dst, mode: Int(mb.subblockModes[n]))
                addResidual(mb, block: n, to: dst)
            }
        } else {
            VP8Prediction.predictBlock(luma, size: 16, mode: blockMode(mb.info.lumaMode, mb))
            if mb.codes & 0xFFFF_FFFF != 0 {
                for n in 0..<16 { addResidual(mb, block: n, to: luma + (n >> 2) * 4 * s + (n & 3) * 4) }
            }
        }
        let chromaMode = blockMode(mb.info.chromaMode, mb)
        for (plane, origin) in [(0, uOrigin), (1, vOrigin)] {
            let dst = work + origin
            VP8Prediction.predictBlock(dst, size: 8, mode: chromaMode)
            for n in 0..<4 { addResidual(mb, block: 16 + 4 * plane + n, to: dst + (n >> 1) * 4 * s + (n & 1) * 4) }
        }
        copyOut(mb, work: work, planes: p)
    }

    @inline(__always)
    private static func addResidual(_ mb: Macroblock, block: Int, to dst: UnsafeMutablePointer<UInt8>) {
        let code = (mb.codes >> UInt64(2 * block)) & 3
        if code == 0 { return }
        let input = mb.coefficients + 16 * block
        switch code {
        case 1: VP8Transforms.addInverseDC(input, to: dst, stride: s)
        case 2: VP8Transforms.addInverseDCT3(input, to: dst, stride: s)
        default: VP8Transforms.addInverseDCT(input, to: dst, stride: s)
        }
    }

    /// libwebp's numbering (0 DC, 1 TM, 2 V, 3 H) to a block mode, with DC
    /// adjusted at the image's top and left edges.
    private static func blockMode(_ mode: Int, _ mb: Macroblock) -> VP8Prediction.BlockMode {
        switch mode {
        case 1: return .trueMotion
        case 2: return .vertical
        case 3: return .horizontal
        default:
            if mb.column == 0 { return mb.row == 0 ? .dcNoTopLeft : .dcNoLeft }
            return mb.row == 0 ? .dcNoTop : .dc
        }
    }

    /// The row above (127 on the image's top row), the column to the left
    /// (129 on its left edge), the corner, and for luma four pixels above-right
    /// (the last pixel above repeated at the right edge).
    private static func fillEdges(_ mb: Macroblock, work: UnsafeMutablePointer<UInt8>, planes p: VP8PlanePointers) {
        let (x, y) = (mb.column, mb.row)
        for (origin, size, plane, stride) in [
            (lumaOrigin, 16, p.y, p.lumaStride), (uOrigin, 8, p.u, p.chromaStride),
            (vOrigin, 8, p.v, p.chromaStride),
        ] {
            let dst = work + origin
            let source = plane + y * size * stride + x * size
            let extra = size == 16 ? 4 : 0
            if y == 0 {
                (dst - s - 1).update(repeating: 127, count: size + extra + 1)
            } else {
                (dst - s).update(from: source - stride, count: size)
                dst[-s - 1] = x == 0 ? 129 : source[-stride - 1]
                if extra > 0 {
                    if x + 1 < mb.columns {
                        (dst - s + size).update(from: source - stride + size, count: extra)
                    } else {
                        (dst - s + size).update(repeating: source[-stride + size - 1], count: extra)
                    }
                }
            }
            for row in 0..<size { dst[row * s - 1] = x == 0 ? 129 : source[row * stride - 1] }
        }
    }

    private static func copyOut(_ mb: Macroblock, work: UnsafeMutablePointer<UInt8>, planes p: VP8PlanePointers) {
        let (x, y) = (mb.column, mb.row)
        for (origin, size, plane, stride) in [
            (lumaOrigin, 16, p.y, p.lumaStride), (uOrigin, 8, p.u, p.chromaStride),
            (vOrigin, 8, p.v, p.chromaStride),
        ] {
            let target = plane + y * size * stride + x * size
            for row in 0..<size { (target + row * stride).update(from: work + origin + row * s, count: size) }
        }
    }
}
