import ImageDecoding
import ImageHeaders

/// browse's crop mode on the board: the entry's whole picture with the frame drawn into its
/// pixels and the rest dimmed, so that every way of drawing (half blocks, sixel, kitty, iTerm2)
/// shows the same frame through the one renderer.
extension PictureBoard {
    /// Draws the item's picture in `rect` with `frame` over it, once the picture is made; a
    /// placeholder (a type imgsel does not decode) shows its lines and the frame's size.
    public func draw(_ item: Int, in rect: CellRect, into screen: inout Screen, text: TextFit, framing frame: CropFrame)
    {
        guard !rect.isEmpty, let picture = maker.picture(request(item, in: rect)) else { return }
        switch picture {
        case .raster(let raster):
            let framed = raster.framing(frame.crop, pictureWidth: frame.width, pictureHeight: frame.height)
            screen.place(
                placement(of: framed, key: "\(item):\(rect.width)x\(rect.height):crop \(frame.crop)", in: rect))
        case .placeholder(let lines):
            Self.drawLines(lines + ["crop \(frame.crop)"], in: rect, into: &screen, text: text)
        }
    }
}

extension Raster {
    /// This picture (the whole upright `pictureWidth`×`pictureHeight` image at some size) with
    /// `crop` framed: the pixels outside it dimmed to a third, a light frame on its edge, at
    /// least a pixel and about 1/200 of the picture thick so it shows at any size.
    public func framing(_ crop: Crop, pictureWidth: Int, pictureHeight: Int) -> Raster {
        guard width > 0, height > 0, pictureWidth > 0, pictureHeight > 0 else { return self }
        // The crop in this raster's pixels, rounded outwards, at least a pixel.
        let left = min(width - 1, crop.x * width / pictureWidth)
        let top = min(height - 1, crop.y * height / pictureHeight)
        let right = max(left + 1, min(width, ((crop.x + crop.width) * width + pictureWidth - 1) / pictureWidth))
        let bottom = max(top + 1, min(height, ((crop.y + crop.height) * height + pictureHeight - 1) / pictureHeight))
        let thick = max(1, max(width, height) / 200)
        var out = pixels
        for y in 0..<height {
            let insideRow = y >= top && y < bottom
            let onEdgeRow = insideRow && (y < top + thick || y >= bottom - thick)
            for x in 0..<width {
                let i = (y * width + x) * 4
                let inside = insideRow && x >= left && x < right
                if !inside {
                    for c in 0..<3 { out[i + c] = UInt8(Int(out[i + c]) / 3) }
                } else if onEdgeRow || x < left + thick || x >= right - thick {
                    out[i] = 255
                    out[i + 1] = 255
                    out[i + 2] = 160
                    out[i + 3] = 255
                }
            }
        }
        return Raster(width: width, height: height, pixels: out, hasAlpha: hasAlpha)
    }
}
