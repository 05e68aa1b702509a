import ImageDecoding

/// Half blocks for every other colour terminal: one `▀` (U+2580) per cell, its
/// foreground the upper pixel and its background the lower, so a cell shows
/// two pixels. A cell whose two pixels agree is a space on that background.
///
/// The raster is drawn at its own size: `width` columns, `(height + 1) / 2`
/// rows (see `Fit.blocks`); an odd last pixel row leaves the lower halves of
/// the last cell row on the terminal's own background. Colours are sent only
/// where they change within a row; every row ends with `ESC[0m`, so no colour
/// is ever left on, then with a newline (`.lines`) or nothing, the next row
/// starting with a cursor move (`.at`).
public enum Blocks {
    public enum Colours: Sendable, Equatable {
        /// `ESC[38;2;r;g;bm` / `48;2`: for `COLORTERM=truecolor` or `24bit`.
        case truecolor
        /// `ESC[38;5;nm` / `48;5`: the xterm colours 16–255, the error diffused
        /// (`XtermPalette.dithered`).
        case palette256
    }

    public enum Layout: Sendable, Equatable {
        /// Each row followed by `\n`, for output that scrolls like text.
        case lines
        /// Row i starts with `ESC[row+i;columnH` (1-based), for full-screen use.
        case at(row: Int, column: Int)
    }

    /// The text that draws the raster, its alpha composed over `background`.
    public static func draw(
        _ raster: Raster, colours: Colours, background: RGB = .black,
        layout: Layout = .lines
    ) -> [UInt8] {
        let width = raster.width, height = raster.height
        let cellRows = (height + 1) / 2
        // The most a row can take: a cursor move, per cell two full colours and
        // a glyph, the reset and the newline.
        let rowLimit = 48 + width * longestCell + 5
        let indices = colours == .palette256 ? XtermPalette.dithered(raster, over: background) : []
        return raster.pixels.withUnsafeBufferPointer { pixels in
            [UInt8](unsafeUninitializedCapacity: max(1, cellRows * rowLimit)) { buffer, written in
                var out = ByteWriter(buffer.baseAddress!)
                let pens = PenMaker(pixels: pixels, indices: indices, colours: colours, background: background)
                for cellRow in 0..<cellRows {
                    if case let .at(row, column) = layout {
                        out.ascii("\u{1B}[")
                        out.decimal(row + cellRow)
                        out.byte(0x3B)
                        out.decimal(column)
                        out.byte(0x48)
                    }
                    drawRow(cellRow, width: width, height: height, pens: pens, colours: colours, into: &out)
                    out.ascii("\u{1B}[0m")
                    if layout == .lines { out.byte(0x0A) }
                }
                written = out.position - buffer.baseAddress!
            }
        }
    }

    /// `ESC[38;2;255;255;255;48;2;255;255;255m▀`: 39 bytes.
    private static let longestCell = 39

    /// One row of cells; colours are sent only where they change.
    @inline(__always)
    private static func drawRow(
        _ cellRow: Int, width: Int, height: Int, pens: PenMaker, colours: Colours,
        into out: inout ByteWriter
    ) {
        let upper = 2 * cellRow * width
        let lower = 2 * cellRow + 1 < height ? upper + width : -1
        var foreground = Pen.unknown, backgroundPen = Pen.unknown
        for x in 0..<width {
            let top = pens.pen(at: upper + x)
            let bottom = lower >= 0 ? pens.pen(at: lower + x) : Pen.terminalDefault
            if top == bottom {
                if backgroundPen != top {
                    out.ascii("\u{1B}[")
                    appendPen(top, layer: 48, colours: colours, to: &out)
                    out.byte(0x6D)
                    backgroundPen = top
                }
                out.byte(0x20)
                continue
            }
            let newForeground = foreground != top, newBackground = backgroundPen != bottom
            if newForeground || newBackground {
                out.ascii("\u{1B}[")
                if newForeground { appendPen(top, layer: 38, colours: colours, to: &out) }
                if newForeground && newBackground { out.byte(0x3B) }
                if newBackground { appendPen(bottom, layer: 48, colours: colours, to: &out) }
                out.byte(0x6D)
                foreground = top
                backgroundPen = bottom
            }
            out.byte(0xE2); out.byte(0x96); out.byte(0x80)
        }
    }

    /// A colour as sent: `0x00RRGGBB` in truecolor, the palette index in 256
    /// colours, or one of two markers.
    private enum Pen {
        /// The terminal's own background (`49`), below an odd last pixel row.
        static let terminalDefault: UInt32 = 0xFFFF_FFFF
        /// Not yet sent in this row.
        static let unknown: UInt32 = 0xFFFF_FFFE
    }

    private struct PenMaker {
        let pixels: UnsafeBufferPointer<UInt8>
        /// In 256 colours, every pixel's palette index (dithered); empty in truecolor.
        let indices: [UInt8]
        let colours: Colours
        let background: RGB

        @inline(__always)
        func pen(at pixel: Int) -> UInt32 {
            if colours == .palette256 { return UInt32(indices[pixel]) }
            let i = pixel * 4
            var r = pixels[i], g = pixels[i + 1], b = pixels[i + 2]
            let a = pixels[i + 3]
            if a != 255 {
                r = composed(r, alpha: a, over: background.red)
                g = composed(g, alpha: a, over: background.green)
                b = composed(b, alpha: a, over: background.blue)
            }
            return UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    /// `38;2;r;g;b`, `48;5;n`, or `49`.
    @inline(__always)
    private static func appendPen(_ pen: UInt32, layer: Int, colours: Colours, to out: inout ByteWriter) {
        if pen == Pen.terminalDefault {
            out.ascii("49")
            return
        }
        out.small(layer)
        if colours == .truecolor {
            out.ascii(";2;")
            out.small(Int(pen >> 16))
            out.byte(0x3B)
            out.small(Int(pen >> 8 & 0xFF))
            out.byte(0x3B)
            out.small(Int(pen & 0xFF))
        } else {
            out.ascii(";5;")
            out.small(Int(pen))
        }
    }
}
