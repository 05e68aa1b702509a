import ImageDecoding

extension Raster {
    /// Exactly `width × height`: shrunk by the area filter (ImageDecoding's, as thumbnails)
    /// along a side that gets smaller, enlarged by repeating pixels along one that grows.
    /// Half blocks enlarge small pictures to fill the window; repeating keeps a flat colour
    /// flat and an edge sharp, where blending would invent colours the image does not have.
    public func resized(toWidth targetWidth: Int, height targetHeight: Int) -> Raster {
        let outWidth = Swift.max(1, targetWidth), outHeight = Swift.max(1, targetHeight)
        guard width > 0, height > 0, outWidth != width || outHeight != height else { return self }
        let shrunk =
            outWidth < width || outHeight < height
            ? shrunk(toWidth: Swift.min(outWidth, width), height: Swift.min(outHeight, height)) : self
        guard outWidth > shrunk.width || outHeight > shrunk.height else { return shrunk }
        return shrunk.repeated(toWidth: outWidth, height: outHeight)
    }

    /// Nearest-neighbour enlargement: output pixel (x, y) is source pixel (x·w/W, y·h/H).
    private func repeated(toWidth outWidth: Int, height outHeight: Int) -> Raster {
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        let sourceWidth = width, sourceHeight = height
        let columns = (0..<outWidth).map { $0 * sourceWidth / outWidth }
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var o = 0
                for y in 0..<outHeight {
                    let row = y * sourceHeight / outHeight * sourceWidth
                    for x in columns {
                        let s = (row + x) * 4
                        target[o] = source[s]
                        target[o + 1] = source[s + 1]
                        target[o + 2] = source[s + 2]
                        target[o + 3] = source[s + 3]
                        o += 4
                    }
                }
            }
        }
        return Raster(width: outWidth, height: outHeight, pixels: out, hasAlpha: hasAlpha)
    }
}
