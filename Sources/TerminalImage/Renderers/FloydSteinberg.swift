/// Floyd–Steinberg error diffusion onto a palette, serpentine (each row runs
/// the other way from the one before, which keeps the error from drifting to
/// one side). Each pixel's error against the colour it got goes 7/16 ahead,
/// 3/16, 5/16 and 1/16 to the row below; unpainted pixels neither take nor
/// pass on any.
///
/// The error is passed on damped, 7/8 of it: undamped, a flat area whose
/// colour the palette lacks by a little (colours travel in whole percent)
/// piles its small error up until a pixel flips to a distant colour, a
/// speckle no one asked for. Damped, the carried error stays within 8× the
/// per-pixel one, so such speckles cannot reach a distant colour, while a
/// gradient still gets its in-between shades.
///
/// Sixel maps onto its own palette (`NearestColour`), 256-colour half blocks onto the xterm
/// palette (`XtermPalette.Nearest`): one diffusion, any way of finding the nearest colour.
enum FloydSteinberg {
    /// How a pixel takes the error its neighbours carried to it.
    enum Carry {
        /// 7/8 of it (sixel, above).
        case damped
        /// All of it: half blocks onto the xterm palette, whose cube spans every colour from
        /// black to white, so the error stays bounded and a colour of the palette carries
        /// none; damped, the error's lost eighth biased the mean and left speckles in flat
        /// areas beside an edge (a thumbnail's seam), each a whole cell.
        case whole
    }

    static func map<Nearest: NearestIndex>(
        _ packed: UnsafeBufferPointer<UInt32>, width: Int, palette: [RGB],
        into out: UnsafeMutableBufferPointer<UInt16>, nearest: inout Nearest, carry: Carry = .damped
    ) {
        guard width > 0 else { return }
        let height = packed.count / width
        let colours = palette.map { (Int32($0.red), Int32($0.green), Int32($0.blue)) }
        // Errors ×16, one pixel of margin on each side, three channels a pixel: two rows.
        let rowLength = (width + 2) * 3
        var rows = [Int32](repeating: 0, count: rowLength * 2)
        rows.withUnsafeMutableBufferPointer { rows in
            var current = rows.baseAddress!, below = rows.baseAddress! + rowLength
            for y in 0..<height {
                let forward = y % 2 == 0
                let step = forward ? 1 : -1
                var x = forward ? 0 : width - 1
                for _ in 0..<width {
                    let i = y * width + x
                    let colour = packed[i]
                    if colour != SixelColours.unpaintedColour {
                        let e = (x + 1) * 3
                        @inline(__always)
                        func taken(_ sum: Int32) -> Int32 { carry == .damped ? carried(sum) : (sum + 8) >> 4 }
                        let r = clamp(Int32(colour >> 16) + taken(current[e]))
                        let g = clamp(Int32(colour >> 8 & 0xFF) + taken(current[e + 1]))
                        let b = clamp(Int32(colour & 0xFF) + taken(current[e + 2]))
                        let index = nearest.index(Int(r), Int(g), Int(b))
                        out[i] = index
                        let chosen = colours[Int(index)]
                        let ahead = e + 3 * step, behind = e - 3 * step
                        spread(r - chosen.0, at: 0)
                        spread(g - chosen.1, at: 1)
                        spread(b - chosen.2, at: 2)

                        @inline(__always)
                        func spread(_ error: Int32, at c: Int) {
                            current[ahead + c] += 7 * error
                            below[behind + c] += 3 * error
                            below[e + c] += 5 * error
                            below[ahead + c] += error
                        }
                    }
                    x += step
                }
                swap(&current, &below)
                below.update(repeating: 0, count: rowLength)
            }
        }
    }

    /// The error carried into a pixel: the ×16 sum, times 7/8, rounded.
    @inline(__always)
    private static func carried(_ sum: Int32) -> Int32 { (sum * 7 + 64) >> 7 }

    @inline(__always)
    private static func clamp(_ value: Int32) -> Int32 { min(255, max(0, value)) }
}

/// Finds a colour's nearest index in the palette `FloydSteinberg.map` is given.
protocol NearestIndex {
    mutating func index(_ r: Int, _ g: Int, _ b: Int) -> UInt16
}

extension NearestColour: NearestIndex {}
