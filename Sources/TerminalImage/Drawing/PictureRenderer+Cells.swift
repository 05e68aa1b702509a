import ImageDecoding

/// The cell geometry of a picture in a box of cells (pick's and browse's layouts), every way:
/// half blocks fill the cells, kitty, iTerm2 and sixel take real pixels; drawing is then
/// `draw(picture:box:options:)` for all of them, half blocks placed at a cell
/// (`Blocks.Layout.at`), the others with `movesCursor: false`.
extension PictureRenderer {
    /// The box a picture of `width`×`height` (upright) takes in `columns`×`rows` cells of
    /// `cellPixels` (0×0: the terminal does not say); nil for no cells. Half blocks fill the
    /// cells with the aspect kept (enlarging too: a block is coarse), a cell taken at its real
    /// shape where the window reports it, else as 1:2; the other ways fit in the cells' pixels,
    /// the size the terminal answered where the window does not say.
    /// iTerm2 and sixel pictures take `pictureColumns` of the columns.
    public func box(width: Int, height: Int, columns: Int, rows: Int, cellPixels: CellPixels) -> ImageBox? {
        guard columns > 0, rows > 0 else { return nil }
        let columns = pictureColumns(columns)
        let window = WindowSize(
            columns: columns, rows: rows, pixelWidth: cellPixels.width * columns, pixelHeight: cellPixels.height * rows)
        if way == .blocks { return Fit.blocks(width: width, height: height, window: window, reservedRows: 0) }
        return box(width: width, height: height, window: window, reservedRows: 0)
    }

    /// The columns of a box of cells a picture may cover: one less for iTerm2 and sixel when
    /// there are two or more, since Konsole blanks the column right of such a picture
    /// (measured, whatever its width): it took the focus frame's right edge beside a thumbnail
    /// as wide as its cells.
    public func pictureColumns(_ columns: Int) -> Int {
        (way == .iterm || way == .sixel) && columns > 1 ? columns - 1 : columns
    }

    /// The pixels to make for that picture: its box's; none for no cells.
    public func pixelSize(
        width: Int, height: Int, columns: Int, rows: Int, cellPixels: CellPixels
    ) -> (width: Int, height: Int) {
        guard let box = box(width: width, height: height, columns: columns, rows: rows, cellPixels: cellPixels) else {
            return (0, 0)
        }
        return (box.pixelWidth, box.pixelHeight)
    }

    /// The box of a raster made at `pixelSize` for `columns`×`rows` cells: half blocks draw it
    /// as it is, a cell for two pixels; the other ways fit it again, which gives the same box.
    public func box(of raster: Raster, columns: Int, rows: Int, cellPixels: CellPixels) -> ImageBox {
        if way == .blocks {
            return ImageBox(
                columns: raster.width, rows: (raster.height + 1) / 2, pixelWidth: raster.width,
                pixelHeight: raster.height, pixelsKnown: cellPixels.isKnown)
        }
        let window = WindowSize(
            columns: columns, rows: rows, pixelWidth: cellPixels.width * columns, pixelHeight: cellPixels.height * rows)
        return box(width: raster.width, height: raster.height, window: window, reservedRows: 0)
    }

    /// A cell as a drawn picture counts it, for centring by pixels: half blocks 1×2 (a cell
    /// shows two pixels), the other ways the cell's pixels.
    public func drawnCell(_ cellPixels: CellPixels) -> CellPixels {
        way == .blocks ? CellPixels(width: 1, height: 2) : cellPixels
    }

    /// Sent on every way out of a full screen, before the alternate screen is left: kitty keeps
    /// its images after it, so they are all deleted.
    public var leaveBytes: [UInt8] { way == .kitty ? Kitty.deleteAll(passthrough: choice.passthrough) : [] }
}
