import ImageCore

/// The ALPH chunk (RFC 9649 section 2.7.1.2): a lossy image's alpha plane,
/// raw or as the green channel of a header-less VP8L image stream, then
/// un-filtered row by row.
enum WebPAlphaDecoder {
    /// Returns `width * height` alpha values.
    static func decode(_ data: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(DecodeError) -> [UInt8] {
        guard data.count > 1 else { throw .truncated(section: "ALPH chunk") }
        let header = data[0]
        let method = Int(header & 3)
        let filter = Int(header >> 2 & 3)
        // Bits 4-5 say whether the encoder reduced the levels; libwebp only
        // uses that to dither when asked to, which Pillow does not.
        guard header >> 4 & 3 <= 1, header >> 6 == 0 else { throw .corrupt("ALPH header reserved bits set") }
        let count = width * height
        var alpha: [UInt8]
        switch method {
        case 0:
            // Raw: at least a byte a pixel (more is ignored, as libwebp does).
            guard data.count - 1 >= count else { throw .truncated(section: "ALPH data") }
            alpha = Array(UnsafeBufferPointer(rebasing: data[1..<(1 + count)]))
        case 1:
            var reader = VP8LBitReader(UnsafeBufferPointer(rebasing: data[1...]))
            var argb = [UInt32](repeating: 0, count: count)
            try argb.withUnsafeMutableBufferPointer { out throws(DecodeError) in
                try VP8LDecoder.decodeImageStream(width: width, height: height, from: &reader, into: out)
            }
            alpha = argb.map { UInt8(truncatingIfNeeded: $0 >> 8) }
        default:
            throw .unsupported("ALPH compression method \(method)")
        }
        unfilter(&alpha, width: width, height: height, method: filter)
        return alpha
    }

    /// Undoes the prediction filter: 1 horizontal, 2 vertical, 3 gradient.
    /// The first row always predicts from the left (its first pixel from 0);
    /// later rows' first pixels predict from above.
    private static func unfilter(_ a: inout [UInt8], width: Int, height: Int, method: Int) {
        guard method != 0 else { return }
        a.withUnsafeMutableBufferPointer { a in
            for x in 1..<max(width, 1) { a[x] = a[x] &+ a[x - 1] }
            for y in 1..<max(height, 1) {
                let row = y * width, above = row - width
                switch method {
                case 1:
                    a[row] = a[row] &+ a[above]
                    for x in 1..<max(width, 1) { a[row + x] = a[row + x] &+ a[row + x - 1] }
                case 2:
                    for x in 0..<width { a[row + x] = a[row + x] &+ a[above + x] }
                default:
                    a[row] = a[row] &+ a[above]
                    for x in 1..<max(width, 1) {
                        let gradient = Int(a[row + x - 1]) + Int(a[above + x]) - Int(a[above + x - 1])
                        a[row + x] = a[row + x] &+ UInt8(min(max(gradient, 0), 255))
                    }
                }
            }
        }
    }
}
