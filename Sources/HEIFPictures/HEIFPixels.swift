import Dispatch
import ImageCore

/// A rectangle of a picture, in its samples.
struct HEIFRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int
}

/// Decoded samples to RGBA: the clean-aperture window of a picture converted into a raster
/// of the window's size, rows spread over every core; and an alpha picture's luma into the
/// raster's alpha. Subsampled chroma is upsampled as the codec's `HEIFChromaUpsampling` says.
enum HEIFPixels {
    /// Bit depths a conversion takes: HEVC's 8 to 16 (the decoder gives 8 to 10; a fake may not).
    static let bitDepths = 8...16

    static func checkPlanes(_ p: HEVCPicture, what: String) throws(DecodeError) {
        guard p.width >= 1, p.height >= 1, bitDepths.contains(p.bitDepthLuma), bitDepths.contains(p.bitDepthChroma),
            p.width <= DecodeLimits.maxSide, p.height <= DecodeLimits.maxSide, p.luma.count == p.width * p.height
        else { throw .corrupt("\(what) decoded as an invalid picture") }
        let size = p.chromaSize, chroma = size.width * size.height
        guard p.cb.count == chroma, p.cr.count == chroma else {
            throw .corrupt("\(what) decoded with bad chroma planes")
        }
    }

    /// Writes `window` of `p` into `raster` (of the window's size), opaque.
    static func convert(
        _ p: HEVCPicture, window: HEIFRect, colour: HEIFColourInfo, upsampling: HEIFChromaUpsampling = .repeated,
        into raster: inout Raster
    ) throws(DecodeError) {
        try checkPlanes(p, what: "HEIF image")
        precondition(raster.width == window.width && raster.height == window.height)
        precondition(window.x >= 0 && window.y >= 0 && window.x + window.width <= p.width)
        precondition(window.y + window.height <= p.height)
        let matrix = try HEIFColourMatrix(colour, bitDepthLuma: p.bitDepthLuma, bitDepthChroma: p.bitDepthChroma)
        raster.pixels.withUnsafeMutableBufferPointer { out in
            let target = SendablePointer(out.baseAddress!)
            p.luma.withUnsafeBufferPointer { luma in
                p.cb.withUnsafeBufferPointer { cb in
                    p.cr.withUnsafeBufferPointer { cr in
                        let planes = Planes(
                            luma: SendablePointer(mutating: luma.baseAddress!),
                            cb: cb.baseAddress.map(SendablePointer.init(mutating:)),
                            cr: cr.baseAddress.map(SendablePointer.init(mutating:)))
                        inBands(rows: window.height) { rows in
                            for oy in rows {
                                let out = target.base + oy * window.width * 4
                                if upsampling == .bilinear, p.chroma == .yuv420 || p.chroma == .yuv422 {
                                    convertRowBilinear(p, planes, matrix, window: window, row: oy, into: out)
                                } else {
                                    convertRow(p, planes, matrix, window: window, row: oy, into: out)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The planes every band reads (the chroma ones absent in a grey picture).
    private struct Planes: Sendable {
        let luma: SendablePointer<UInt16>, cb: SendablePointer<UInt16>?, cr: SendablePointer<UInt16>?
    }

    private static func convertRow(
        _ p: HEVCPicture, _ planes: Planes, _ m: HEIFColourMatrix, window: HEIFRect, row oy: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let y = window.y + oy
        let lumaRow = y * p.width + window.x
        guard p.chroma != .monochrome else {
            for ox in 0..<window.width {
                let g = m.grey(Int(planes.luma.base[lumaRow + ox]))
                (out[ox * 4], out[ox * 4 + 1], out[ox * 4 + 2], out[ox * 4 + 3]) = (g, g, g, 255)
            }
            return
        }
        let (sx, sy) = p.chroma.shift
        let chromaRow = (y >> sy) * p.chromaSize.width
        let (luma, cb, cr) = (planes.luma.base, planes.cb!.base, planes.cr!.base)
        for ox in 0..<window.width {
            let c = chromaRow + ((window.x + ox) >> sx)
            let (r, g, b) = m.rgb(Int(luma[lumaRow + ox]), Int(cb[c]), Int(cr[c]))
            (out[ox * 4], out[ox * 4 + 1], out[ox * 4 + 2], out[ox * 4 + 3]) = (r, g, b, 255)
        }
    }

    /// `convertRow` for 4:2:0 and 4:2:2 with bilinear chroma (HEIFChromaUpsampling.farSample):
    /// the vertical blend (3 near + 1 far) made once a chroma column for the row, then 3 of a
    /// column's blend and 1 of its neighbour's, rounded once (9-3-3-1, or 3-1 across at 4:2:2).
    private static func convertRowBilinear(
        _ p: HEVCPicture, _ planes: Planes, _ m: HEIFColourMatrix, window: HEIFRect, row oy: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let y = window.y + oy
        let lumaRow = y * p.width + window.x
        let (sx, sy) = p.chroma.shift
        let (cw, ch) = p.chromaSize
        let (luma, cb, cr) = (planes.luma.base, planes.cb!.base, planes.cr!.base)
        let cy = y >> sy
        let ny = HEIFChromaUpsampling.farSample(y, shift: sy, count: ch)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * cw) { blend in
            let u = blend.baseAddress!, v = u + cw
            let (nearU, farU, nearV, farV) = (cb + cy * cw, cb + ny * cw, cr + cy * cw, cr + ny * cw)
            for c in 0..<cw {
                u[c] = 3 &* Int32(nearU[c]) &+ Int32(farU[c])
                v[c] = 3 &* Int32(nearV[c]) &+ Int32(farV[c])
            }
            for ox in 0..<window.width {
                let x = window.x + ox
                let cx = x >> sx, nx = HEIFChromaUpsampling.farSample(x, shift: sx, count: cw)
                let cbValue = (3 &* Int(u[cx]) &+ Int(u[nx]) &+ 8) >> 4
                let crValue = (3 &* Int(v[cx]) &+ Int(v[nx]) &+ 8) >> 4
                let (r, g, b) = m.rgb(Int(luma[lumaRow + ox]), cbValue, crValue)
                Self.store(r, g, b, at: out + ox * 4)
            }
        }
    }

    /// Writes the part of grid tile `p` (its top-left corner at (x, y) of the grid's output)
    /// that lies in `window` into `out`, the window's RGBA rows, opaque. For 4:2:0 x and y are
    /// even (or 0), for 4:2:2 x is, so the tile's chroma sample of a pixel is the one the whole
    /// grid's would be. Repeated chroma only: a bilinear filter reads across the seams.
    static func convertTile(
        _ p: HEVCPicture, x: Int, y: Int, window: HEIFRect, matrix m: HEIFColourMatrix, into out: SendablePointer<UInt8>
    ) {
        let left = max(x, window.x), right = min(x + p.width, window.x + window.width)
        let top = max(y, window.y), bottom = min(y + p.height, window.y + window.height)
        guard left < right, top < bottom else { return }
        let chromaWidth = p.chromaSize.width
        let (sx, sy) = p.chroma.shift
        // Tile columns `first..<last`; the monochrome test and the planes' rows out of the pixel loop.
        let first = left - x, last = right - x
        p.luma.withUnsafeBufferPointer { luma in
            p.cb.withUnsafeBufferPointer { cb in
                p.cr.withUnsafeBufferPointer { cr in
                    for row in top..<bottom {
                        let target = out.base + ((row - window.y) * window.width + left - window.x) * 4
                        let lumaRow = luma.baseAddress! + (row - y) * p.width
                        guard p.chroma != .monochrome, let cb = cb.baseAddress, let cr = cr.baseAddress else {
                            for tx in first..<last {
                                let g = m.grey(Int(lumaRow[tx]))
                                Self.store(g, g, g, at: target + (tx - first) * 4)
                            }
                            continue
                        }
                        let chromaRow = ((row - y) >> sy) * chromaWidth
                        let cbRow = cb + chromaRow, crRow = cr + chromaRow
                        for tx in first..<last {
                            let (r, g, b) = m.rgb(Int(lumaRow[tx]), Int(cbRow[tx >> sx]), Int(crRow[tx >> sx]))
                            Self.store(r, g, b, at: target + (tx - first) * 4)
                        }
                    }
                }
            }
        }
    }

    /// One opaque RGBA pixel, in one store.
    @inline(__always)
    private static func store(_ r: UInt8, _ g: UInt8, _ b: UInt8, at pixel: UnsafeMutablePointer<UInt8>) {
        let word = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
        UnsafeMutableRawPointer(pixel).storeBytes(of: word.littleEndian, as: UInt32.self)
    }

    /// Sets the alpha of `raster` from `window` of the alpha picture's luma, full range.
    static func applyAlpha(_ p: HEVCPicture, window: HEIFRect, into raster: inout Raster) throws(DecodeError) {
        guard p.width >= 1, p.height >= 1, bitDepths.contains(p.bitDepthLuma), p.luma.count == p.width * p.height,
            window.x + window.width <= p.width, window.y + window.height <= p.height
        else { throw .corrupt("HEIF alpha image decoded as an invalid picture") }
        let top = (1 << p.bitDepthLuma) - 1
        for oy in 0..<window.height {
            let row = (window.y + oy) * p.width + window.x
            let out = oy * window.width * 4 + 3
            for ox in 0..<window.width {
                let v = min(Int(p.luma[row + ox]), top)
                raster.pixels[out + ox * 4] = UInt8(truncatingIfNeeded: (v * 255 + top / 2) / top)
            }
        }
        raster.hasAlpha = true
    }

    /// Runs `work` on bands of rows, as many at once as there are cores, when the picture is
    /// big enough for that to pay.
    static func inBands(rows: Int, _ work: @Sendable (Range<Int>) -> Void) {
        let bands = rows >= 256 ? min(64, rows / 64) : 1
        guard bands > 1 else { return work(0..<rows) }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            work(rows * band / bands..<rows * (band + 1) / bands)
        }
    }
}
