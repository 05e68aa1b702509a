/// The terminal's size in cells and, when it reports them, in pixels (0 when
/// unknown): what a picture is fitted into.
public struct WindowSize: Sendable, Hashable {
    public var columns: Int
    public var rows: Int
    public var pixelWidth: Int
    public var pixelHeight: Int

    /// The most cells a window is taken to have, whatever TIOCGWINSZ, `$COLUMNS` or `$LINES`
    /// claim (a pty can say 65535×65535, a variable anything), so that everything sized by the
    /// window stays bounded: half blocks at 1024×1024 pixels (a 4 MiB raster, at most 39 bytes
    /// of text a cell: 24 MiB, inside the 32 MiB the decode budget allows beyond 8 bytes a
    /// pixel), pick's two screens of cells at 16 MiB each. More than a window across a 4K
    /// screen in a 4-pixel-wide font; a larger one is drawn in its top-left 1024×512 cells.
    public static let largest = (columns: 1024, rows: 512)
    /// The most pixels a window side is taken to have (512-pixel cells at the largest), so
    /// that no product of a picture's size and the window's can overflow.
    public static let largestPixels = 1 << 20

    /// A side past `largest` is cut to it; the pixels then keep the cell's size.
    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        func bounded(_ cells: Int, _ pixels: Int, _ most: Int) -> (Int, Int) {
            let cells = max(0, cells), pixels = min(max(0, pixels), Self.largestPixels)
            guard cells > most else { return (cells, pixels) }
            return (most, pixels / cells * most)
        }
        (self.columns, self.pixelWidth) = bounded(columns, pixelWidth, Self.largest.columns)
        (self.rows, self.pixelHeight) = bounded(rows, pixelHeight, Self.largest.rows)
    }

    /// Both pixel sides reported, and cells to divide them by.
    public var knowsPixels: Bool { pixelWidth > 0 && pixelHeight > 0 && columns > 0 && rows > 0 }

    /// A rectangle of `columns × rows` cells of this window, as a window of its own (its
    /// pixels in proportion when this one's are known): what a picture in a grid cell or a
    /// full-screen layout's picture area is fitted into.
    public func part(columns: Int, rows: Int) -> WindowSize {
        guard knowsPixels else { return WindowSize(columns: columns, rows: rows) }
        return WindowSize(
            columns: columns, rows: rows, pixelWidth: columns * pixelWidth / self.columns,
            pixelHeight: rows * pixelHeight / self.rows)
    }
}

/// Where a picture goes: the cells it covers and the pixels to draw in them.
///
/// The split of work: `Fit` says how big, the caller shrinks the decoded,
/// upright raster to `pixelWidth × pixelHeight` (ImageDecoding's area filter),
/// and the renderers draw the raster they are given at its own size, never
/// scaling it themselves. One resize, in one place, with the good filter.
public struct ImageBox: Sendable, Equatable {
    /// The cells the picture covers (at least 1×1): the cursor's way past it.
    public var columns: Int
    public var rows: Int
    /// The pixels to hand the renderer. For graphics: the picture's size on
    /// screen. For blocks: the half-block grid, `columns` wide and at most
    /// `2·rows` tall (odd when the last row's lower halves stay empty).
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// False when the window gave no pixel size and the pixels are for an
    /// assumed cell of `Fit.assumedCell`: kitty should then be told the cells
    /// (c=, r=) and iTerm2 given cells rather than pixels.
    public var pixelsKnown: Bool

    public init(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int, pixelsKnown: Bool) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.pixelsKnown = pixelsKnown
    }
}

/// Fitting a picture of a given upright size into the window less the rows
/// kept for text, keeping its aspect ratio. Integer arithmetic throughout, so
/// a picture that fills the width gets exactly the window's pixel width.
public enum Fit {
    /// The cell taken when the terminal reports no pixel size: 1:2, as in most
    /// fonts, and about the size of a common 10-point font's cell.
    public static let assumedCell = (width: 10, height: 20)

    /// The most pixels kitty, iTerm2 and sixel draw: about 3340×1880, most of a 4K screen.
    /// Drawing holds about 13 bytes a pixel (the picture, the sixel palette indices or the
    /// kitty/iTerm2 base64, the text), so at 1:1 a larger picture would pass the decode
    /// budget's 8 bytes a pixel plus 32 MiB (a 4096² PNG in a window claiming 65535² pixels
    /// took 230 MB against 160 MiB); below this it stays inside, whatever the window claims.
    public static let largestGraphicsPixels = 6 << 20

    /// The height sixel is sent in: bands of 6 pixels, the last one whole even when the
    /// picture ends inside it.
    public static let sixelBand = 6

    /// For kitty, iTerm2 and sixel: fitted within the window's pixels, never
    /// enlarged past 1:1, nor past `largestGraphicsPixels` (the aspect kept). The cells are
    /// the ones the pixels reach into. With `band` (sixel's 6), the height is a whole number
    /// of bands inside the cells, so what is sent ends where the picture does: a terminal
    /// blanks a cell row the last band only touches (Konsole did, under a 119-pixel thumbnail
    /// in 7 rows of 17 pixels), or counts it (foot put the prompt a row low).
    public static func graphics(
        width: Int, height: Int, window: WindowSize, reservedRows: Int, band: Int = 1
    ) -> ImageBox {
        let columns = max(1, window.columns)
        let rows = max(1, window.rows)
        let freeRows = max(1, rows - max(0, reservedRows))
        let known = window.knowsPixels
        // Whole cells: a terminal may count its border in the pixels it reports (xterm says
        // 484×316 for 80×24 cells of 6×13), and a picture a few pixels taller than its rows
        // would spill into one more and scroll the text above it away.
        let cellWidth = known ? max(1, window.pixelWidth / columns) : assumedCell.width
        let cellHeight = known ? max(1, window.pixelHeight / rows) : assumedCell.height
        let band = max(1, band)
        let boxWidth = columns * cellWidth
        let boxHeight = max(1, freeRows * cellHeight / band * band)
        let w = max(1, width), h = max(1, height)
        var fitted = (width: w, height: h)
        if w > boxWidth || h > boxHeight {
            fitted = scaled(width: w, height: h, into: (boxWidth, boxHeight))
        }
        if fitted.width * fitted.height > largestGraphicsPixels {
            let scale = (Double(largestGraphicsPixels) / Double(fitted.width * fitted.height)).squareRoot()
            fitted = (max(1, Int(Double(fitted.width) * scale)), max(1, Int(Double(fitted.height) * scale)))
        }
        if fitted.height > band && fitted.height % band != 0 {
            // Whole bands: the height a multiple of `band` (a few pixels less), the aspect kept.
            let height = fitted.height / band * band
            fitted = (min(boxWidth, max(1, (w * height + h / 2) / h)), height)
        }
        let cellColumns = ceilDivide(fitted.width, cellWidth)
        let cellRows = ceilDivide(fitted.height, cellHeight)
        return ImageBox(
            columns: min(columns, max(1, cellColumns)), rows: min(freeRows, max(1, cellRows)),
            pixelWidth: fitted.width, pixelHeight: fitted.height, pixelsKnown: known)
    }

    /// For half blocks: each cell shows two pixels, one above the other, so the
    /// grid is `columns × 2·rows` (at most 1024×1024: `WindowSize.largest`). Fitted to fill the free window (enlarging
    /// too: a block is far coarser than a screen pixel, so 1:1 means nothing
    /// here). Where the window reports pixels, the cell's real shape is used;
    /// else cells are taken as 1:2, which makes a half block square.
    public static func blocks(width: Int, height: Int, window: WindowSize, reservedRows: Int) -> ImageBox {
        let columns = max(1, window.columns)
        let rows = max(1, window.rows)
        let freeRows = max(1, rows - max(0, reservedRows))
        let known = window.knowsPixels
        // One unit across is a cell's width; one unit down is half a cell's height.
        let unitWidth = known ? window.pixelWidth : columns
        let unitHeight = known ? window.pixelHeight : rows * 2
        let boxWidth = max(1, unitWidth)
        let boxHeight = max(1, unitHeight * freeRows / rows)
        let shown = scaled(width: max(1, width), height: max(1, height), into: (boxWidth, boxHeight))
        let gridWidth = min(columns, max(1, roundedDivide(shown.width * columns, unitWidth)))
        let gridHeight = min(2 * freeRows, max(1, roundedDivide(shown.height * rows * 2, unitHeight)))
        return ImageBox(
            columns: gridWidth, rows: (gridHeight + 1) / 2,
            pixelWidth: gridWidth, pixelHeight: gridHeight, pixelsKnown: known)
    }

    /// `width × height` scaled (up or down) to touch the box on one side, the
    /// other side rounded down and at least 1.
    private static func scaled(width: Int, height: Int, into box: (Int, Int)) -> (width: Int, height: Int) {
        let (boxWidth, boxHeight) = box
        // Compare width/height with boxWidth/boxHeight without dividing.
        if width * boxHeight >= height * boxWidth {
            return (boxWidth, max(1, height * boxWidth / width))
        }
        return (max(1, width * boxHeight / height), boxHeight)
    }

    private static func ceilDivide(_ a: Int, _ b: Int) -> Int { (a + b - 1) / max(1, b) }
    private static func roundedDivide(_ a: Int, _ b: Int) -> Int { (2 * a + b) / (2 * max(1, b)) }
}
