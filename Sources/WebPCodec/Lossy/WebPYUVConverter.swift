import ImageCore

/// YUV 4:2:0 to RGB the way libwebp's default ("fancy") output does it, so
/// the bytes equal what Pillow gets: chroma is upsampled with the 9-3-3-1
/// bilinear filter (each output row weighs its nearer chroma row 3:1 against
/// the farther one, and each column likewise), and each pixel is converted
/// with libwebp's 14-bit fixed-point BT.601 constants.
///
/// libwebp packs U and V into one 32-bit word for the filter; the halves
/// never carry into each other, so computing them apart gives the same values.
enum WebPYUVConverter {
    /// Converts rows as the decoder finishes them (`VP8Decoder.Rows`) and hands each to a
    /// sink, RGBA with the alpha plane's values (else 255), holding two rows of RGBA and
    /// four of upsampled chroma.
    final class Rows {
        private let width: Int
        private let height: Int
        private let sink: RowSink
        private let alpha: [UInt8]?
        private let scratch: UnsafeMutablePointer<UInt8>
        /// The next row to hand on.
        private var next = 0

        /// `alpha`, when given, holds `width * height` values.
        init(width: Int, height: Int, alpha: [UInt8]?, into sink: RowSink) {
            (self.width, self.height, self.alpha, self.sink) = (width, height, alpha, sink)
            scratch = .allocate(capacity: 12 * width)
        }

        deinit { scratch.deallocate() }

        /// Hands on every row whose luma and chroma rows are final (below `finalLuma` and
        /// `finalChroma`): rows 2k-1 and 2k lie between chroma rows k-1 and k; the first row,
        /// and the last of an even height, use one chroma row.
        func take(_ p: VP8PlanePointers, finalLuma: Int, finalChroma: Int) {
            let finalLuma = min(finalLuma, height), finalChroma = min(finalChroma, (height + 1) / 2)
            let cs = p.chromaStride
            let topU = scratch, topV = scratch + width, bottomU = scratch + 2 * width
            let bottomV = scratch + 3 * width
            let first = scratch + 4 * width, second = scratch + 8 * width
            while next < height {
                if next == 0 {
                    guard finalLuma >= 1, finalChroma >= 1 else { return }
                    WebPYUVConverter.upsamplePair(p.u, p.u, width: width, top: topU, bottom: nil)
                    WebPYUVConverter.upsamplePair(p.v, p.v, width: width, top: topV, bottom: nil)
                    put(0, p, topU, topV, first)
                    next = 1
                } else if next + 1 < height {
                    let below = (next + 1) >> 1
                    guard next + 1 < finalLuma, below < finalChroma else { return }
                    let above = (below - 1) * cs
                    WebPYUVConverter.upsamplePair(
                        p.u + above, p.u + above + cs, width: width, top: topU, bottom: bottomU)
                    WebPYUVConverter.upsamplePair(
                        p.v + above, p.v + above + cs, width: width, top: topV, bottom: bottomV)
                    put(next, p, topU, topV, first)
                    put(next + 1, p, bottomU, bottomV, second)
                    next += 2
                } else {
                    guard next < finalLuma, next >> 1 < finalChroma else { return }
                    let last = (next >> 1) * cs
                    WebPYUVConverter.upsamplePair(p.u + last, p.u + last, width: width, top: topU, bottom: nil)
                    WebPYUVConverter.upsamplePair(p.v + last, p.v + last, width: width, top: topV, bottom: nil)
                    put(next, p, topU, topV, first)
                    next += 1
                }
            }
        }

        private func put(
            _ row: Int, _ p: VP8PlanePointers, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
            _ out: UnsafeMutablePointer<UInt8>
        ) {
            let y = p.y + row * p.lumaStride
            if let alpha {
                let width = width
                alpha.withUnsafeBufferPointer { a in
                    guard let a = a.baseAddress else { return }
                    WebPYUVConverter.convertRow(y, u, v, alpha: a + row * width, width: width, into: out)
                }
            } else {
                WebPYUVConverter.convertRow(y, u, v, width: width, into: out)
            }
            sink.row(row, out)
        }
    }

    /// The chroma of the output rows just below chroma row `upper` (into
    /// `top`) and just above chroma row `lower` (into `bottom`).
    @inline(__always)
    fileprivate static func upsamplePair(
        _ upper: UnsafePointer<UInt8>, _ lower: UnsafePointer<UInt8>, width: Int,
        top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>?
    ) {
        @inline(__always) func byte(_ v: Int32) -> UInt8 { UInt8(truncatingIfNeeded: v) }
        let u0 = Int32(upper[0]), l0 = Int32(lower[0])
        top[0] = byte((3 * u0 + l0 + 2) >> 2)
        bottom?[0] = byte((3 * l0 + u0 + 2) >> 2)
        let lastPair = (width - 1) >> 1
        // Eight pairs at a time in 16-bit lanes (the sums stay under 2¹²); each lane's two
        // output bytes are stored as one little-endian word, so no shuffles are needed.
        typealias Lanes = SIMD8<Int16>
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> Lanes {
            Lanes(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self))
        }
        @inline(__always) func store(_ at: UnsafeMutablePointer<UInt8>, _ first: Lanes, _ second: Lanes) {
            let words = SIMD8<UInt16>(truncatingIfNeeded: first) | SIMD8<UInt16>(truncatingIfNeeded: second) &<< 8
            UnsafeMutableRawPointer(at).storeBytes(of: words, as: SIMD8<UInt16>.self)
        }
        var start = 1
        while start + 7 <= lastPair {
            let tl = load(upper + start - 1), t = load(upper + start)
            let l = load(lower + start - 1), c = load(lower + start)
            let sum = tl &+ t &+ l &+ c &+ 8
            let diag12 = (sum &+ (t &+ l) &<< 1) &>> 3
            let diag03 = (sum &+ (tl &+ c) &<< 1) &>> 3
            store(top + 2 * start - 1, (diag12 &+ tl) &>> 1, (diag03 &+ t) &>> 1)
            if let bottom { store(bottom + 2 * start - 1, (diag03 &+ l) &>> 1, (diag12 &+ c) &>> 1) }
            start += 8
        }
        if lastPair >= start {
            for x in start...lastPair {
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

    /// libwebp's VP8YUVToR/G/B: 14-bit products, then >> 6 and clamped; alpha from `alpha`
    /// (else 255). Eight pixels at a time in SIMD lanes, each lane the same integer
    /// arithmetic as the scalar loop that finishes the row; a pixel is stored as one
    /// little-endian word R | G << 8 | B << 16 | A << 24, so no byte shuffles are needed.
    @inline(__always)
    static func convertRow(
        _ y: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        alpha: UnsafePointer<UInt8>? = nil, width: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        typealias Lanes = SIMD8<Int32>
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> Lanes {
            Lanes(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self))
        }
        // min(max(v, 0), 255) with shifts and masks: `clamped` and `pointwiseMin` stay
        // generic calls here, which cost more than the arithmetic.
        @inline(__always) func byte(_ v: Lanes) -> Lanes {
            ((v & ~(v &>> 31)) | ((255 &- v) &>> 31)) & 255
        }
        let opaque = Lanes(repeating: 255)
        let raw = UnsafeMutableRawPointer(out)
        var x = 0
        while x + 8 <= width {
            let luma = (load(y + x) &* 19077) &>> 8
            let cu = load(u + x), cv = load(v + x)
            let r = luma &+ ((cv &* 26149) &>> 8) &- 14234
            let g = luma &- ((cu &* 6419) &>> 8) &- ((cv &* 13320) &>> 8) &+ 8708
            let b = luma &+ ((cu &* 33050) &>> 8) &- 17685
            let a = alpha.map { load($0 + x) } ?? opaque
            let word = byte(r &>> 6) | byte(g &>> 6) &<< 8 | byte(b &>> 6) &<< 16 | a &<< 24
            raw.storeBytes(of: SIMD8<UInt32>(truncatingIfNeeded: word), toByteOffset: 4 * x, as: SIMD8<UInt32>.self)
            x += 8
        }
        while x < width {
            let luma = (Int32(y[x]) &* 19077) &>> 8
            let cu = Int32(u[x]), cv = Int32(v[x])
            let r = luma &+ ((cv &* 26149) &>> 8) &- 14234
            let g = luma &- ((cu &* 6419) &>> 8) &- ((cv &* 13320) &>> 8) &+ 8708
            let b = luma &+ ((cu &* 33050) &>> 8) &- 17685
            out[4 * x] = UInt8(truncatingIfNeeded: min(max(r &>> 6, 0), 255))
            out[4 * x + 1] = UInt8(truncatingIfNeeded: min(max(g &>> 6, 0), 255))
            out[4 * x + 2] = UInt8(truncatingIfNeeded: min(max(b &>> 6, 0), 255))
            out[4 * x + 3] = alpha?[x] ?? 255
            x += 1
        }
    }
}
