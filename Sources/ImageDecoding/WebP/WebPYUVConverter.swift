/// YUV 4:2:0 to RGB the way libwebp's default ("fancy") output does it, so
/// the bytes equal what Pillow gets: chroma is upsampled with the 9-3-3-1
/// bilinear filter on pairs of output rows, and each pixel is converted with
/// libwebp's 14-bit fixed-point BT.601 constants.
enum WebPYUVConverter {
    @inline(__always)
    private static func clip8(_ v: Int) -> UInt8 {
        (v & ~16383) == 0 ? UInt8(truncatingIfNeeded: v >> 6) : v < 0 ? 0 : 255
    }

    @inline(__always)
    private static func store(_ y: Int, _ u: Int, _ v: Int, _ dst: UnsafeMutablePointer<UInt8>) {
        let luma = (y * 19077) >> 8
        dst[0] = clip8(luma + (v * 26149) >> 8 - 14234)
        dst[1] = clip8(luma - (u * 6419) >> 8 - (v * 13320) >> 8 + 8708)
        dst[2] = clip8(luma + (u * 33050) >> 8 - 17685)
        dst[3] = 255
    }

    /// Converts the `width`×`height` top-left part of the planes into `out` (RGBA, alpha 255).
    static func convert(_ p: VP8PlanePointers, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>) {
        let rowBytes = width * 4
        let u = p.u, v = p.v, cs = p.chromaStride
        linePair(top: p.y, bottom: nil, topU: u, topV: v, u: u, v: v, width: width, topOut: out, bottomOut: nil)
        var y = 0
        while y + 2 < height {
            let chromaRow = (y >> 1) * cs
            linePair(top: p.y + (y + 1) * p.lumaStride, bottom: p.y + (y + 2) * p.lumaStride,
                     topU: u + chromaRow, topV: v + chromaRow, u: u + chromaRow + cs, v: v + chromaRow + cs,
                     width: width, topOut: out + (y + 1) * rowBytes, bottomOut: out + (y + 2) * rowBytes)
            y += 2
        }
        if height & 1 == 0 {
            let chromaRow = (y >> 1) * cs
            linePair(top: p.y + (height - 1) * p.lumaStride, bottom: nil, topU: u + chromaRow, topV: v + chromaRow,
                     u: u + chromaRow, v: v + chromaRow, width: width, topOut: out + (height - 1) * rowBytes,
                     bottomOut: nil)
        }
    }

    /// Two output rows between two chroma rows: the top row weighs the
    /// upper chroma row 3:1, the bottom row the lower one; horizontally the
    /// same 3:1 between neighbouring chroma columns.
    @inline(__always)
    private static func linePair(top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>?,
                                 topU: UnsafePointer<UInt8>, topV: UnsafePointer<UInt8>,
                                 u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, width: Int,
                                 topOut: UnsafeMutablePointer<UInt8>, bottomOut: UnsafeMutablePointer<UInt8>?) {
        var tlU = Int(topU[0]), tlV = Int(topV[0])
        var lU = Int(u[0]), lV = Int(v[0])
        store(Int(top[0]), (3 * tlU + lU + 2) >> 2, (3 * tlV + lV + 2) >> 2, topOut)
        if let bottom, let bottomOut {
            store(Int(bottom[0]), (3 * lU + tlU + 2) >> 2, (3 * lV + tlV + 2) >> 2, bottomOut)
        }
        let lastPair = (width - 1) >> 1
        var x = 1
        while x <= lastPair {
            let tU = Int(topU[x]), tV = Int(topV[x])
            let cU = Int(u[x]), cV = Int(v[x])
            let avgU = tlU + tU + lU + cU + 8, avgV = tlV + tV + lV + cV + 8
            let diag12U = (avgU + 2 * (tU + lU)) >> 3, diag12V = (avgV + 2 * (tV + lV)) >> 3
            let diag03U = (avgU + 2 * (tlU + cU)) >> 3, diag03V = (avgV + 2 * (tlV + cV)) >> 3
            store(Int(top[2 * x - 1]), (diag12U + tlU) >> 1, (diag12V + tlV) >> 1, topOut + (2 * x - 1) * 4)
            store(Int(top[2 * x]), (diag03U + tU) >> 1, (diag03V + tV) >> 1, topOut + 2 * x * 4)
            if let bottom, let bottomOut {
                store(Int(bottom[2 * x - 1]), (diag03U + lU) >> 1, (diag03V + lV) >> 1, bottomOut + (2 * x - 1) * 4)
                store(Int(bottom[2 * x]), (diag12U + cU) >> 1, (diag12V + cV) >> 1, bottomOut + 2 * x * 4)
            }
            tlU = tU; tlV = tV
            lU = cU; lV = cV
            x += 1
        }
        if width & 1 == 0 {
            store(Int(top[width - 1]), (3 * tlU + lU + 2) >> 2, (3 * tlV + lV + 2) >> 2, topOut + (width - 1) * 4)
            if let bottom, let bottomOut {
                store(Int(bottom[width - 1]), (3 * lU + tlU + 2) >> 2, (3 * lV + tlV + 2) >> 2,
                      bottomOut + (width - 1) * 4)
            }
        }
    }
}
