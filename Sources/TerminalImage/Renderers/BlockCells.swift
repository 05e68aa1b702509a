import ImageDecoding

/// Half blocks as cells rather than bytes, for a full-screen layer that diffs cells (the
/// picker and browser): each cell is `▀` in the upper pixel's colour over the lower's.
public struct HalfBlockCell: Sendable, Equatable {
    public enum Colour: Sendable, Equatable {
        /// 24-bit colour (`Blocks.Colours.truecolor`).
        case rgb(UInt8, UInt8, UInt8)
        /// An xterm palette index 16–255 (`.palette256`).
        case palette(UInt8)
        /// The terminal's own background: below an odd last pixel row.
        case terminalDefault
    }

    /// The `▀`'s foreground: the upper pixel.
    public var upper: Colour
    /// The background: the lower pixel.
    public var lower: Colour

    public init(upper: Colour, lower: Colour) {
        self.upper = upper
        self.lower = lower
    }
}

extension Blocks {
    /// The glyph every cell shows (a cell whose halves agree may show a space instead).
    public static let glyph: Character = "▀"

    /// The raster as rows of cells, `raster.width` a row, `(raster.height + 1) / 2` rows:
    /// the same colours `draw` sends, for a layer that writes cells itself.
    public static func cells(_ raster: Raster, colours: Colours, background: RGB = .black) -> [[HalfBlockCell]] {
        let width = raster.width, height = raster.height
        let indices = colours == .palette256 ? XtermPalette.dithered(raster, over: background) : []
        func colour(_ x: Int, _ y: Int) -> HalfBlockCell.Colour {
            guard y < height else { return .terminalDefault }
            if colours == .palette256 { return .palette(indices[y * width + x]) }
            var (r, g, b, a) = raster.pixel(x: x, y: y)
            if a != 255 {
                r = composed(r, alpha: a, over: background.red)
                g = composed(g, alpha: a, over: background.green)
                b = composed(b, alpha: a, over: background.blue)
            }
            return .rgb(r, g, b)
        }
        return (0..<(height + 1) / 2).map { row in
            (0..<width).map { x in HalfBlockCell(upper: colour(x, 2 * row), lower: colour(x, 2 * row + 1)) }
        }
    }

    /// `draw`'s text split into its rows, each ending with the reset but without the newline:
    /// for laying a picture out beside other text (a grid's cells).
    public static func rows(_ raster: Raster, colours: Colours, background: RGB = .black) -> [[UInt8]] {
        draw(raster, colours: colours, background: background, layout: .lines)
            .split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
    }
}
