import ImageCore

/// A PNG's IHDR, checked: only the colour type and bit depth pairs the PNG
/// specification allows, compression and filter method 0, interlace 0 or 1.
struct PNGHeader: Equatable {
    enum ColourType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        var allowedDepths: [Int] {
            switch self {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        }
    }

    let width: Int
    let height: Int
    let bitDepth: Int
    let colourType: ColourType
    let interlaced: Bool

    /// Parses the 13 bytes of IHDR's data.
    init(_ data: ArraySlice<UInt8>) throws(DecodeError) {
        guard data.count == 13 else { throw .corrupt("PNG IHDR of \(data.count) bytes, not 13") }
        let d = Array(data)
        let width = Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3])
        let height = Int(d[4]) << 24 | Int(d[5]) << 16 | Int(d[6]) << 8 | Int(d[7])
        guard width >= 1, height >= 1, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .corrupt("PNG image size \(width)×\(height)")
        }
        guard let colourType = ColourType(rawValue: d[9]) else { throw .corrupt("PNG colour type \(d[9])") }
        guard colourType.allowedDepths.contains(Int(d[8])) else {
            throw .corrupt("PNG bit depth \(d[8]) with colour type \(d[9])")
        }
        guard d[10] == 0 else { throw .corrupt("PNG compression method \(d[10])") }
        guard d[11] == 0 else { throw .corrupt("PNG filter method \(d[11])") }
        guard d[12] <= 1 else { throw .corrupt("PNG interlace method \(d[12])") }
        self.width = width
        self.height = height
        bitDepth = Int(d[8])
        self.colourType = colourType
        interlaced = d[12] == 1
    }

    var bitsPerPixel: Int { colourType.channels * bitDepth }

    /// The byte distance the filters look back: a whole pixel, at least one byte.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes of one row of `pixels` pixels, without its filter byte.
    func rowBytes(_ pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// The sub-images the pixel data holds, in order: the whole image, or
    /// Adam7's seven passes (an empty pass has no rows at all, not even filter bytes).
    var passes: [PNGPass] {
        guard interlaced else { return [PNGPass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)] }
        let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return adam7.map { x0, y0, dx, dy in
            PNGPass(
                x0: x0, y0: y0, dx: dx, dy: dy,
                width: width > x0 ? (width - x0 + dx - 1) / dx : 0,
                height: height > y0 ? (height - y0 + dy - 1) / dy : 0)
        }
    }

    /// Filtered bytes the image data must inflate to: every row of every pass, each with its filter byte.
    var filteredBytes: Int {
        passes.reduce(0) { total, pass in
            pass.width == 0 ? total : total + pass.height * (1 + rowBytes(pass.width))
        }
    }
}

/// One Adam7 pass (or the whole image): its pixels sit at x0 + i·dx, y0 + j·dy.
struct PNGPass: Equatable {
    let x0: Int, y0: Int, dx: Int, dy: Int
    let width: Int, height: Int
}
