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
                        out[i] =
                            UInt32(composed(r, alpha: a, over: background.red)) << 16
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
            let shownColour = RGB(
                shown(percent: percent(colour.red)), shown(percent: percent(colour.green)),
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
    /// The palette, four numbers a colour (r, g, b, unused), so one read fetches it.
    private let palette: [Int32]
    /// Per cell: its list's start in `candidates` shifted up 9 bits, or'ed with
    /// the list's length (1–256); `unlisted` before the list is made. 32-bit, so
    /// the whole table (128 KiB) stays in cache: at most 2^15 cells × 256
    /// candidates, so a start fits in 23 bits.
    private var cells: [UInt32]
    private static let unlisted = UInt32.max
    private var candidates: [UInt16] = []
    /// Each palette colour's nearest distance to the cell being listed.
    private var scratch: [Int32]

    init(palette: [RGB]) {
        self.palette = palette.flatMap { [Int32($0.red), Int32($0.green), Int32($0.blue), 0] }
        cells = [UInt32](repeating: Self.unlisted, count: 1 << 15)
        scratch = [Int32](repeating: 0, count: palette.count)
    }

    @inline(__always)
    mutating func index(_ r: Int, _ g: Int, _ b: Int) -> UInt16 {
        let cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
        var entry = cells[cell]
        if entry == Self.unlisted {
            entry = list(cell)
            cells[cell] = entry
        }
        let first = Int(entry >> 9), n = Int(entry & 0x1FF)
        if n == 1 { return candidates[first] }
        let r = Int32(r), g = Int32(g), b = Int32(b)
        return candidates.withUnsafeBufferPointer { candidates in
            palette.withUnsafeBufferPointer { palette in
                var best = Int32.max, found: UInt16 = 0
                for k in first..<(first + n) {
                    let p = candidates[k]
                    let colour = palette.baseAddress! + Int(p) &* 4
                    let dr = colour[0] &- r, dg = colour[1] &- g, db = colour[2] &- b
                    let distance = dr &* dr &+ dg &* dg &+ db &* db
                    if distance < best { best = distance; found = p }
                }
                return found
            }
        }
    }

    /// Lists the palette colours that may be nearest somewhere in `cell`;
    /// returns the cell's entry.
    private mutating func list(_ cell: Int) -> UInt32 {
        let lowRed = Int32(cell >> 10) << 3, lowGreen = Int32(cell >> 5 & 31) << 3, lowBlue = Int32(cell & 31) << 3
        var bound = Int32.max
        let first = candidates.count
        palette.withUnsafeBufferPointer { palette in
            scratch.withUnsafeMutableBufferPointer { nearestDistance in
                for p in 0..<nearestDistance.count {
                    let r = palette[4 * p], g = palette[4 * p + 1], b = palette[4 * p + 2]
                    let fr = Self.farthest(r, lowRed), fg = Self.farthest(g, lowGreen), fb = Self.farthest(b, lowBlue)
                    bound = min(bound, fr &* fr &+ fg &* fg &+ fb &* fb)
                    let nr = Self.nearest(r, lowRed), ng = Self.nearest(g, lowGreen), nb = Self.nearest(b, lowBlue)
                    nearestDistance[p] = nr &* nr &+ ng &* ng &+ nb &* nb
                }
                for p in 0..<nearestDistance.count where nearestDistance[p] <= bound {
                    candidates.append(UInt16(truncatingIfNeeded: p))
                }
            }
        }
        return UInt32(truncatingIfNeeded: first << 9 | (candidates.count - first))
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
