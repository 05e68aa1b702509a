import ImageDecoding

/// A picture's luma, for its sharpness.
struct Luma {
    let width: Int
    let height: Int
    let values: [Int32]

    init(_ raster: Raster) {
        let (width, height) = (raster.width, raster.height)
        self.width = width
        self.height = height
        var values = [Int32](repeating: 0, count: width * height)
        raster.pixels.withUnsafeBufferPointer { p in
            for i in 0..<(width * height) {
                values[i] = Int32(Self.ycc(Int(p[4 * i]), Int(p[4 * i + 1]), Int(p[4 * i + 2])).y)
            }
        }
        self.values = values
    }

    /// BT.601 luma and the chroma differences in JPEG's scale (128 grey), rounded.
    static func ycc(_ r: Int, _ g: Int, _ b: Int) -> (y: Int, cb: Int, cr: Int) {
        let y = (19595 * r + 38470 * g + 7471 * b + 32768) >> 16
        let cb = min(255, max(0, 128 + (-11059 * r - 21709 * g + 32768 * b + 32768) >> 16))
        let cr = min(255, max(0, 128 + (32768 * r - 27439 * g - 5329 * b + 32768) >> 16))
        return (y, cb, cr)
    }

    /// The root mean square of the 4-neighbour Laplacian over the inner pixels: a slight blur
    /// lowers it, so the sharpest frame of a burst has the highest.
    func laplacianEnergy() -> Double {
        guard width >= 3, height >= 3 else { return 0 }
        var sum = 0.0
        for y in 1..<(height - 1) {
            let row = y * width
            for x in 1..<(width - 1) {
                let i = row + x
                let l = 4 * values[i] - values[i - 1] - values[i + 1] - values[i - width] - values[i + width]
                sum += Double(l * l)
            }
        }
        return (sum / Double((width - 2) * (height - 2))).squareRoot()
    }
}
