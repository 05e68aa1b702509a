/// YUV 4:2:0 to RGB the way libwebp's default ("fancy") output does it, so
/// the bytes equal what Pillow gets: chroma is upsampled with the 9-3-3-1
/// bilinear filter (each output row weighs its nearer chroma row 3:1 against
/// the farther one, and each column likewise), and each pixel is converted
/// with libwebp's 14-bit fixed-point BT.601 constants.
///
/// libwebp packs U and V into one 32-bit word for the filter; the halves
/// never carry into each other, so computing them apart gives the same values.
enum WebPYUVConverter {
    /// Converts the `width`×`height` top-left part of the planes into `out` (RGBA, alpha 255).
    static func convert(_ p: VP8PlanePointers, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>) {
        let rowBytes = width * 4
        let cs = p.chromaStride
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * width)
        defer { scratch.deallocate() }
        let topU = scratch, topV = scratch + width, bottomU = scratch + 2 * width, bottomV = scratch + 3 * width
        func luma(_ row: Int) -> UnsafePointer<UInt8> { UnsafePointer(p.y + row * p.lumaStride) }
        // The first row, and the last of an even height, use one chroma row.
        upsamplePair(p.u, p.u, width: width, top: topU, bottom: nil)
        upsamplePair(p.v, p.v, width: width, top: topV, bottom: nil)
        convertRow(luma(0), topU, topV, width: width, into: out)
        // Rows 2k-1 and 2k lie between chroma rows k-1 and k.
        var row = 1
        while row + 1 < height {
            let above = (row >> 1) * cs, below = above + cs
            upsamplePair(p.u + above, p.u + below, width: width, top: topU, bottom: bottomU)
            upsamplePair(p.v + above, p.v + below, width: width, top: topV, bottom: bottomV)
            convertRow(luma(row), topU, topV, width: width, into: out + row * rowBytes)
            convertRow(luma(row + 1), bottomU, bottomV, width: width, into: out + (row + 1) * rowBytes)
            row += 2
        }
        if row < height {
            let last = (row >> 1) * cs
            upsamplePair(p.u + last, p.u + last, width: width, top: topU, bottom: nil)
            upsamplePair(p.v + last, p.v + last, width: width, top: topV, bottom: nil)
            convertRow(luma(row), topU, topV, width: width, into: out + row * rowBytes)
        }
    }

    /// The chroma of the output rows just below chroma row `upper` (into
    /// `top`) and just above chroma row `lower` (into `bottom`).
    @inline(__always)
    private static func upsamplePair(
        _ upper: UnsafePointer<UInt8>, _ lower: UnsafePointer<UInt8>, width: Int,
        top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>?
    ) {
        @inline(__always) func byte(_ v: Int32) -> UInt8 { UInt8(truncatingIfNeeded: v) }
        let u0 = Int32(upper[0]), l0 = Int32(lower[0])
        top[0] = byte((3 * u0 + l0 + 2) >> 2)
        bottom?[0] = byte((3 * l0 + u0 + 2) >> 2)
        let lastPair = (width - 1) >> 1
        if lastPair >= 1 {
            for x in 1...lastPair {
                let tl = Int32(upper[x - 1]), t = Int32(upper[x]), l = Int32(lower[x - 1]), c = Int32(lower[x])
                let sum = tl + t + l + c + 8
                let diag12 = (sum + 2 * (t + l)) >> 3
                let diag03 = (sum + 2 * (tl + c)) >> 3
                top[2 * x - 1] = byte((diag12 + tl) >> 1)
                top[2 * x] = byte((diag03 + t) >> 1)
                if let bottom {
                    bottom[2 * x - 1] = byte((diag03 + l) >> 1)
                    bottom[2 * x] = byte((diag12 + c) >> 1)
                }
            }
        }
        if width & 1 == 0 {
            let u = Int32(upper[lastPair]), l = Int32(lower[lastPair])
            top[width - 1] = byte((3 * u + l + 2) >> 2)
            bottom?[width - 1] = byte((3 * l + u + 2) >> 2)
        }
    }

    /// libwebp's VP8YUVToR/G/B: 14-bit products, then >> 6 and clamped.
    @inline(__always)
    private static func convertRow(
        _ y: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        width: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        for x in 0..<width {
            let luma = (Int32(y[x]) &* 19077) &>> 8
            let cu = Int32(u[x]), cv = Int32(v[x])
            let r = luma &+ ((cv &* 26149) &>> 8) &- 14234
            let g = luma &- ((cu &* 6419) &>> 8) &- ((cv &* 13320) &>> 8) &+ 8708
            let b = luma &+ ((cu &* 33050) &>> 8) &- 17685
            out[4 * x] = UInt8(truncatingIfNeeded: min(max(r &>> 6, 0), 255))
            out[4 * x + 1] = UInt8(truncatingIfNeeded: min(max(g &>> 6, 0), 255))
            out[4 * x + 2] = UInt8(truncatingIfNeeded: min(max(b &>> 6, 0), 255))
            out[4 * x + 3] = 255
        }
    }
}
