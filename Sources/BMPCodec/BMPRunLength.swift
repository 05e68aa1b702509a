import ImageCore

/// RLE8 and RLE4 BMP data, walked exactly as Pillow's BmpRleDecoder walks it: the indices fill one line
/// that wraps from row to row (rows in file order), with the column counted apart from it, so an absolute run
/// past a row's end spills into the next row while an encoded run is cut at the row's end; end-of-line pads
/// the line to the next row, a delta skips right + up·width pixels, both leaving index 0; absolute runs are
/// padded to an even file offset. Pillow refuses data that stops (end of bitmap or of file) before the image
/// is full; so does this. The walk is made twice: once without pixels to learn that the data fills the
/// image (so a tiny file claiming a huge bitmap is refused before anything is allocated), then for real.
enum BMPRunLength {
    static func decode(_ bytes: [UInt8], header: BMPHeader, into sink: RowSink) throws(DecodeError) {
        let (width, height) = (header.width, header.height)
        guard header.dataOffset < bytes.count else { throw .truncated(section: "BMP run-length data") }
        let rle4 = header.compression == .rle4
        let covered = walk(bytes, from: header.dataOffset, width: width, count: width * height, rle4: rle4, into: nil)
        guard covered >= width * height else {
            throw .truncated(section: "BMP run-length data (it fills \(covered) of \(width * height) pixels)")
        }
        var indices = [UInt8](repeating: 0, count: width * height)
        indices.withUnsafeMutableBufferPointer { buffer in
            _ = walk(bytes, from: header.dataOffset, width: width, count: width * height, rle4: rle4, into: buffer)
        }
        try sink.begin(width: width, height: height, hasAlpha: false)
        // The indices (a byte a pixel) are held whole, since the codes run in file order; the colours
        // a row at a time.
        let palette = BMPPalette(header: header).colours
        var line = [UInt32](repeating: 0, count: width)
        line.withUnsafeMutableBufferPointer { line in
            for y in 0..<height {
                let fileRow = header.topDown ? y : height - 1 - y
                for x in 0..<width { line[x] = palette[Int(indices[fileRow * width + x])] }
                UnsafeRawPointer(line.baseAddress!).withMemoryRebound(to: UInt8.self, capacity: width * 4) {
                    sink.row(y, $0)
                }
            }
        }
    }

    /// Walks the codes, writing indices when `out` is given; returns how far the line got (at most `count`).
    static func walk(
        _ bytes: [UInt8], from start: Int, width: Int, count: Int, rle4: Bool,
        into out: UnsafeMutableBufferPointer<UInt8>?
    ) -> Int {
        var filled = 0
        var x = 0
        var p = start
        @inline(__always) func put(_ value: UInt8) {
            if filled < count { out?[filled] = value }
            filled += 1
        }
        while filled < count {
            guard bytes.count - p >= 2 else { break }
            let first = Int(bytes[p])
            let second = bytes[p + 1]
            p += 2
            if first > 0 {
                // Encoded run: cut at the row's end; RLE4 alternates the byte's two nibbles.
                let n = Swift.max(0, Swift.min(first, width - x))
                for i in 0..<n { put(rle4 ? (i % 2 == 0 ? second >> 4 : second & 15) : second) }
                x += n
                continue
            }
            switch second {
            case 0:  // end of line
                if filled % width != 0 { filled += width - filled % width }
                x = 0
            case 1:  // end of bitmap
                return Swift.min(filled, count)
            case 2:  // delta
                guard bytes.count - p >= 2 else { return Swift.min(filled, count) }
                let skip = Int(bytes[p]) + Int(bytes[p + 1]) * width
                p += 2
                filled += Swift.min(count - filled, skip)
                x = filled % width
            default:  // absolute run
                let n = Swift.min(count - filled, Int(second))
                let needed = rle4 ? (n + 1) / 2 : n
                let available = Swift.min(needed, bytes.count - p)
                for i in 0..<available {
                    let byte = bytes[p + i]
                    if rle4 {
                        put(byte >> 4)
                        if i * 2 + 1 < n { put(byte & 15) }
                    } else {
                        put(byte)
                    }
                }
                p += available
                if available < needed || filled >= count { return Swift.min(filled, count) }
                x += Int(second)
                if p % 2 != 0 { p += 1 }
            }
        }
        return Swift.min(filled, count)
    }
}
