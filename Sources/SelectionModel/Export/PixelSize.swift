/// A picture's size in pixels, as export plans it.
public struct PixelSize: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `2048×1536`, as every line imgsel prints.
    public var description: String { "\(width)×\(height)" }

    /// The largest size of this aspect within the box and pixel count, never larger than itself and
    /// never below 1×1. Sides round to the nearest pixel, then come down a pixel at a time where the
    /// rounding passed a limit, so the result always keeps every limit.
    public func fitted(width maxWidth: Int?, height maxHeight: Int?, pixels maxPixels: Int?) -> PixelSize {
        var w = width, h = height
        let bw = maxWidth ?? w, bh = maxHeight ?? h
        if w > bw || h > bh {
            if w * bh >= h * bw {
                (w, h) = (bw, Swift.max(1, Swift.min(bh, (height * bw + width / 2) / width)))
            } else {
                (w, h) = (Swift.max(1, Swift.min(bw, (width * bh + height / 2) / height)), bh)
            }
        }
        if let maxPixels, maxPixels >= 1, w * h > maxPixels {
            let scale = (Double(maxPixels) / Double(width * height)).squareRoot()
            w = Swift.max(1, Swift.min(w, Int((Double(width) * scale).rounded())))
            h = Swift.max(1, Swift.min(h, Int((Double(height) * scale).rounded())))
            // Take the pixel from the side that keeps the aspect closer.
            while w * h > maxPixels, w > 1 || h > 1 {
                if h == 1 || (w > 1 && w * height >= h * width) { w -= 1 } else { h -= 1 }
            }
        }
        return PixelSize(width: w, height: h)
    }

    /// This size shrunk `steps` times by 1/√2 (the `--max-bytes` search's fallback), at least 1×1.
    public func shrunk(steps: Int) -> PixelSize {
        guard steps > 0 else { return self }
        let factor = 1 / (2.0).squareRoot().power(steps)
        return PixelSize(
            width: Swift.max(1, Int((Double(width) * factor).rounded())),
            height: Swift.max(1, Int((Double(height) * factor).rounded())))
    }
}

extension Double {
    fileprivate func power(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= self }
        return result
    }
}
