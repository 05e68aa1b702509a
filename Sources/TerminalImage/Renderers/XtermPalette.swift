import ImageDecoding

/// The xterm 256-colour palette's fixed part, 16–255: a 6×6×6 cube on the
/// levels 0, 95, 135, 175, 215, 255, then 24 greys 8, 18, … 238. (0–15 are
/// left out: every theme redefines them.)
public enum XtermPalette {
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The colour of index 16–255.
    public static func colour(_ index: UInt8) -> RGB? {
        switch index {
        case 16...231:
            let n = Int(index) - 16
            return RGB(UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[n / 6 % 6]), UInt8(cubeLevels[n % 6]))
        case 232...255:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return RGB(level, level, level)
        default:
            return nil
        }
    }

    /// The index (16–255) nearest to a colour by a "red-mean" weighted distance:
    /// red weighs more in reds and blue more in blues, green always most, a
    /// cheap stand-in for how differences are seen. The weights depend on the
    /// colour looked up only, so the distance stays a sum over channels and
    /// the nearest cube colour is the nearest level in each channel; the
    /// nearest grey is the level nearest the weighted mean. The closer of the
    /// two wins: exact, no search.
    @inline(__always)
    public static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = Int(red), g = Int(green), b = Int(blue)
        let wr = 512 + r, wg = 1024, wb = 767 - r
        let cr = cubeIndex(r), cg = cubeIndex(g), cb = cubeIndex(b)
        let lr = cubeLevel(cr), lg = cubeLevel(cg), lb = cubeLevel(cb)
        let cubeDistance = wr * (r - lr) * (r - lr) + wg * (g - lg) * (g - lg) + wb * (b - lb) * (b - lb)
        let mean = (wr * r + wg * g + wb * b) / (wr + wg + wb)
        let step = min(23, max(0, (mean - 8 + 5) / 10))
        let grey = 8 + 10 * step
        let greyDistance = wr * (r - grey) * (r - grey) + wg * (g - grey) * (g - grey) + wb * (b - grey) * (b - grey)
        if greyDistance < cubeDistance { return UInt8(232 + step) }
        return UInt8(16 + 36 * cr + 6 * cg + cb)
    }

    /// Every pixel's palette index (16–255), its alpha composed over `background`, the error
    /// diffused (Floyd–Steinberg, as sixel's): a muted photo colour the palette lacks (a
    /// skin tone, an olive, a grey-blue sky) is drawn as a mix of its neighbours whose mean is
    /// near it, where the nearest colour alone turned such colours to greys (issue 22, item 7).
    /// A colour the palette has exactly carries no error and is drawn as itself.
    static func dithered(_ raster: Raster, over background: RGB) -> [UInt8] {
        let packed = SixelColours.compose(raster, over: background, keepTransparent: false)
        var indices = [UInt16](repeating: 0, count: packed.count)
        var nearest = Nearest()
        packed.withUnsafeBufferPointer { packed in
            indices.withUnsafeMutableBufferPointer { out in
                FloydSteinberg.map(
                    packed, width: raster.width, palette: colours, into: out, nearest: &nearest,
                    carry: .whole)
            }
        }
        return indices.map { UInt8(truncatingIfNeeded: $0 + 16) }
    }

    /// Colours 16–255 in order (index 0 here is palette colour 16).
    static let colours: [RGB] = (16...255).map { colour(UInt8($0))! }

    /// `nearest` as the error diffusion asks for it: an index into `colours`.
    struct Nearest: NearestIndex {
        @inline(__always)
        mutating func index(_ r: Int, _ g: Int, _ b: Int) -> UInt16 {
            UInt16(XtermPalette.nearest(red: UInt8(r), green: UInt8(g), blue: UInt8(b))) - 16
        }
    }

    /// The cube level nearest `value`: the midpoints are 47.5, 115, 155, 195, 235.
    @inline(__always)
    private static func cubeIndex(_ value: Int) -> Int {
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 115) / 40 + 2)
    }

    @inline(__always)
    private static func cubeLevel(_ index: Int) -> Int { index == 0 ? 0 : 55 + 40 * index }
}
