import ImageDecoding

extension Raster {
    /// Turned upright for an EXIF orientation 1–8 (5–8 swap width and height); other values leave it as is.
    ///
    /// Each case names the source pixel that lands at output (x, y), straight from the EXIF
    /// definition of where the stored picture's row 0 and column 0 belong.
    public func oriented(_ orientation: Int) -> Raster {
        guard (2...8).contains(orientation), width > 0, height > 0 else { return self }
        let swapsSides = orientation >= 5
        let outWidth = swapsSides ? height : width
        let outHeight = swapsSides ? width : height
        // For each output pixel, the source pixel is `origin + x * stepX + y * stepY` (in pixels).
        let (w, h) = (width, height)
        let (origin, stepX, stepY): (Int, Int, Int) =
            switch orientation {
            case 2: (w - 1, -1, w)  // mirrored left to right
            case 3: (w * h - 1, -1, -w)  // turned 180°
            case 4: ((h - 1) * w, 1, -w)  // mirrored top to bottom
            case 5: (0, w, 1)  // transposed: out(x, y) = in(y, x)
            case 6: ((h - 1) * w, -w, 1)  // turned 90° clockwise: out(x, y) = in(y, h-1-x)
            case 7: (h * w - 1, -w, -1)  // transversed: out(x, y) = in(w-1-y, h-1-x)
            default: (w - 1, w, -1)  // 8, turned 90° anticlockwise: out(x, y) = in(w-1-y, x)
            }
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { sourceBytes in
            out.withUnsafeMutableBufferPointer { outBytes in
                let source = sourceBytes.baseAddress!
                let target = outBytes.baseAddress!
                var o = 0
                for y in 0..<outHeight {
                    var s = origin + y * stepY
                    for _ in 0..<outWidth {
                        // Whole pixels copied as one 32-bit word; the layout is 4 bytes a pixel.
                        let word = UnsafeRawPointer(source + s * 4).loadUnaligned(as: UInt32.self)
                        UnsafeMutableRawPointer(target + o).storeBytes(of: word, as: UInt32.self)
                        o += 4
                        s += stepX
                    }
                }
            }
        }
        return Raster(width: outWidth, height: outHeight, pixels: out, hasAlpha: hasAlpha)
    }
}
