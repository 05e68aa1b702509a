import ImageDecoding

/// The few drawing operations a contact sheet needs, on an opaque canvas.
extension Raster {
    /// A white, opaque canvas (a sheet's background).
    static func white(width: Int, height: Int) throws(DecodeError) -> Raster {
        try DecodeLimits.check(width: width, height: height)
        return Raster(
            width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 4),
            hasAlpha: false)
    }

    /// Paints a rectangle, clipped to the raster.
    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, colour: (UInt8, UInt8, UInt8)) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        let rowWidth = width
        pixels.withUnsafeMutableBufferPointer { out in
            for row in y0..<y1 {
                var i = (row * rowWidth + x0) * 4
                for _ in x0..<x1 {
                    out[i] = colour.0
                    out[i + 1] = colour.1
                    out[i + 2] = colour.2
                    out[i + 3] = 255
                    i += 4
                }
            }
        }
    }

    /// Draws `picture` with its top-left at (`x`, `y`), over what is there as over an
    /// opaque background (straight alpha, rounded as `(c·a + b·(255−a)) / 255`); clipped.
    mutating func composite(_ picture: Raster, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + picture.width), y1 = min(height, y + picture.height)
        guard x0 < x1, y0 < y1 else { return }
        let rowWidth = width
        picture.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { out in
                for row in y0..<y1 {
                    var s = ((row - y) * picture.width + (x0 - x)) * 4
                    var d = (row * rowWidth + x0) * 4
                    for _ in x0..<x1 {
                        let a = Int(src[s + 3])
                        if a == 255 {
                            out[d] = src[s]
                            out[d + 1] = src[s + 1]
                            out[d + 2] = src[s + 2]
                        } else {
                            for c in 0..<3 {
                                out[d + c] = UInt8((Int(src[s + c]) * a + Int(out[d + c]) * (255 - a) + 127) / 255)
                            }
                        }
                        s += 4
                        d += 4
                    }
                }
            }
        }
    }
}
