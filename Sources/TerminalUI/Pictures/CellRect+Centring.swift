extension CellRect {
    /// Where a picture covering `columns`×`rows` cells, `pixelWidth`×`pixelHeight` of them
    /// drawn, sits in this rectangle of cells `cellWidth`×`cellHeight` pixels: centred by its
    /// pixels and rounded to the nearest cell, since it can only start on one. Centring the
    /// cells it covers instead would put a picture 4½ rows tall at the top of 6.
    func centring(
        columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int, cellWidth: Int, cellHeight: Int
    ) -> CellRect {
        let columns = min(columns, width), rows = min(rows, height)
        return CellRect(
            top: top + Self.start(pixels: pixelHeight, cells: height, covering: rows, cell: cellHeight),
            left: left + Self.start(pixels: pixelWidth, cells: width, covering: columns, cell: cellWidth),
            width: columns, height: rows)
    }

    private static func start(pixels: Int, cells: Int, covering: Int, cell: Int) -> Int {
        guard cell > 0 else { return max(0, (cells - covering) / 2) }
        // Half a cell spare goes below and right, as integer centring of whole cells always did.
        let ideal = (Double(cells * cell - pixels) / 2 / Double(cell) - 0.5).rounded(.up)
        return max(0, min(cells - covering, Int(ideal)))
    }
}
