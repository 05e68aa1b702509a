import ImageDecoding

/// From RGBA pixels to palette indices for sixel: alpha composed over the
/// background, the palette chosen, each pixel given its nearest colour as the
/// terminal will show it (optionally with error diffusion).
enum SixelColours {
    /// Marks a pixel left unpainted (transparent) in the packed and index forms.
    static let unpaintedColour: UInt32 = 0x0100_0000
    static let unpainted: UInt16 = 0xFFFF

    /// Packed `0x00RRGGBB` after composing alpha over `background`; fully
    /// transparent pixels are `unpaintedColour` when `keepTransparent`.
    static func compose(_ raster: Raster, over background: RGB, keepTransparent: Bool) -> [UInt32] {
        let count = raster.width * raster.height
        var packed = [UInt32](repeating: 0, count: count)
        packed.withUnsafeMutableBufferPointer { out in
            raster.pixels.withUnsafeBufferPointer { pixels in
                for i in 0..<count {
                    let r = pixels[4 * i], g = pixels[4 * i + 1], b = pixels[4 * i + 2], a = pixels[4 * i + 3]
                    if a == 255 {
                        out[i] = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                    } else if a == 0 && keepTransparent {
                        out[i] = unpaintedColour
                    } else {
                        out[i] = UInt32(composed(r, alpha: a, over: background.red)) << 16
                            | UInt32(composed(g, alpha: a, over: background.green)) << 8
                            | UInt32(composed(b, alpha: a, over: background.blue))
                    }
                }
            }
        }
        return packed
    }

    /// Sixel colours are given in whole percent; this is the 8-bit value a
    /// terminal makes of the percent sent for `value`.
    @inline(__always)
    static func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }
    @inline(__always)
    static func shown(percent: Int) -> UInt8 { UInt8(truncatingIfNeeded: (percent * 255 + 50) / 100) }

    /// The palette as the terminal will show it, duplicates (after rounding to
    /// percent) removed.
    static func shownPalette(_ palette: [RGB]) -> [RGB] {
        var seen = Set<RGB>()
        var result: [RGB] = []
        for colour in palette {
            let shownColour = RGB(shown(percent: percent(colour.red)), shown(percent: percent(colour.green)),
                                  shown(percent: percent(colour.blue)))
            if seen.insert(shownColour).inserted { result.append(shownColour) }
        }
        return result
    }

    /// The palette index of every pixel (`unpainted` for unpainted ones).
    static func indices(_ packed: [UInt32], width: Int, palette: [RGB], diffuseErrors: Bool) -> [UInt16] {
        var nearest = NearestColour(palette: palette)
        var indices = [UInt16](repeating: unpainted, count: packed.count)
        if palette.isEmpty { return indices }
        packed.withUnsafeBufferPointer { packed in
            indices.withUnsafeMutableBufferPointer { out in
                if diffuseErrors {
                    FloydSteinberg.map(packed, width: width, palette: palette, into: out, nearest: &nearest)
                } else {
                    for i in 0..<packed.count where packed[i] != unpaintedColour {
                        let c = packed[i]
                        out[i] = nearest.index(Int(c >> 16), Int(c >> 8 & 0xFF), Int(c & 0xFF))
                    }
                }
            }
        }
        return indices
    }
}

/// The nearest palette colour by squared RGB distance (what PSNR measures),
/// exactly, without searching the whole palette for every pixel: the colour
/// cube is cut into 8×8×8 cells, and the first time a pixel falls in a cell,
/// the palette colours that can be nearest to any point of it are listed
/// (those no farther at their nearest than the best colour is at its
/// farthest: usually a handful). Each pixel then checks only its cell's list.
struct NearestColour {
    private let red: [Int32], green: [Int32], blue: [Int32]
    /// Per cell: where its list starts in `candidates`, or -1 before it is made.
    private var start: [Int32]
    private var count: [UInt16]
    private var candidates: [UInt16] = []
    /// Each palette colour's nearest distance to the cell being listed.
    private var scratch: [Int32]

    init(palette: [RGB]) {
        red = palette.map { Int32($0.red) }
        green = palette.map { Int32($0.green) }
        blue = palette.map { Int32($0.blue) }
        start = [Int32](repeating: -1, count: 1 << 15)
        count = [UInt16](repeating: 0, count: 1 << 15)
        scratch = [Int32](repeating: 0, count: palette.count)
    }

    @inline(__always)
    mutating func index(_ r: Int, _ g: Int, _ b: Int) -> UInt16 {
        let cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
        if start[cell] < 0 { list(cell) }
        let first = Int(start[cell]), n = Int(count[cell])
        if n == 1 { return candidates[first] }
        let r = Int32(r), g = Int32(g), b = Int32(b)
        var best = Int32.max, found: UInt16 = 0
        for k in first..<(first + n) {
            let p = Int(candidates[k])
            let dr = red[p] &- r, dg = green[p] &- g, db = blue[p] &- b
            let distance = dr &* dr &+ dg &* dg &+ db &* db
            if distance < best { best = distance; found = UInt16(truncatingIfNeeded: p) }
        }
        return found
    }

    /// Lists the palette colours that may be nearest somewhere in `cell`.
    private mutating func list(_ cell: Int) {
        let lowRed = Int32(cell >> 10) << 3, lowGreen = Int32(cell >> 5 & 31) << 3, lowBlue = Int32(cell & 31) << 3
        var bound = Int32.max
        red.withUnsafeBufferPointer { red in
            green.withUnsafeBufferPointer { green in
                blue.withUnsafeBufferPointer { blue in
                    scratch.withUnsafeMutableBufferPointer { nearestDistance in
                        for p in 0..<red.count {
                            let fr = Self.farthest(red[p], lowRed), fg = Self.farthest(green[p], lowGreen)
                            let fb = Self.farthest(blue[p], lowBlue)
                            bound = min(bound, fr &* fr &+ fg &* fg &+ fb &* fb)
                            let nr = Self.nearest(red[p], lowRed), ng = Self.nearest(green[p], lowGreen)
                            let nb = Self.nearest(blue[p], lowBlue)
                            nearestDistance[p] = nr &* nr &+ ng &* ng &+ nb &* nb
                        }
                        start[cell] = Int32(candidates.count)
                        for p in 0..<red.count where nearestDistance[p] <= bound {
                            candidates.append(UInt16(truncatingIfNeeded: p))
                        }
                    }
                }
            }
        }
        count[cell] = UInt16(truncatingIfNeeded: candidates.count - Int(start[cell]))
    }

    /// How far `value` (0–255) is from the span `low...low+7` at its nearest and
    /// farthest. Small numbers: wrapping arithmetic, so the loops stay tight.
    @inline(__always)
    private static func nearest(_ value: Int32, _ low: Int32) -> Int32 {
        max(0, max(low &- value, value &- low &- 7))
    }

    @inline(__always)
    private static func farthest(_ value: Int32, _ low: Int32) -> Int32 { max(value &- low, low &+ 7 &- value) }
}
