/// The inverse DCT at a component's output size, with the DC-only shortcut (which
/// gives the same samples as the full transform).
enum JPEGBlockTransform {
    @inline(__always)
    static func apply(
        size: Int, hasAC: Bool, _ coefficients: UnsafePointer<Int16>, _ quant: JPEGQuantTable,
        _ workspace: UnsafeMutablePointer<Int32>, _ output: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) {
        if !hasAC {
            fill(size: size, JPEGIDCT.dcOnly(coefficients[0], quant.wide[0]), output, stride)
            return
        }
        switch size {
        case 8: JPEGIDCT.islow(coefficients, quant.narrow, output, stride)
        case 4: JPEGReducedIDCT.idct4x4(coefficients, quant.wide, workspace, output, stride)
        case 2: JPEGReducedIDCT.idct2x2(coefficients, quant.wide, workspace, output, stride)
        default: JPEGReducedIDCT.idct1x1(coefficients, quant.wide, output)
        }
    }

    /// Whether any AC coefficient of a stored block is nonzero.
    @inline(__always) static func hasAC(_ coefficients: UnsafePointer<Int16>) -> Bool {
        let words = UnsafeRawPointer(coefficients).assumingMemoryBound(to: UInt64.self)
        var any = words[0] & 0xFFFF_FFFF_FFFF_0000
        for i in 1..<16 { any |= words[i] }
        return any != 0
    }

    /// A block of one sample value (mid-grey for blocks the data never reached).
    @inline(__always)
    static func fill(size: Int, _ value: UInt8, _ output: UnsafeMutablePointer<UInt8>, _ stride: Int) {
        for row in 0..<size { (output + row &* stride).update(repeating: value, count: size) }
    }
}
