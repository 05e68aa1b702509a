import ImageDecoding
import Posix
import TerminalImage

/// Pictures in a full-screen layout, every way (SPEC "Showing images in a terminal"): a raster
/// made at `pixelSize` centred in a rectangle by its pixels, the cursor left where it was, a
/// kitty picture taken away by its id (this process's, and the picture's slot) when the screen
/// moves on. `pick` and `browse` know the way only through the renderer.
extension PictureRenderer {
    /// The placement that draws `raster` (made at `pixelSize`) centred in `rect`. `key` names
    /// the picture: the same key in the same place is not sent again. `slot` (0–255) is the
    /// picture's own among those on screen, for kitty's image id.
    public func placement(
        of raster: Raster, key: String, slot: Int, in rect: CellRect, cellPixels: CellPixels
    )
        -> Placement
    {
        // Centred in the columns it may cover: iTerm2 and sixel leave the last one blank.
        let area = CellRect(top: rect.top, left: rect.left, width: pictureColumns(rect.width), height: rect.height)
        let box = box(of: raster, columns: area.width, rows: area.height, cellPixels: cellPixels)
        let cell = drawnCell(cellPixels)
        let shown = area.centring(
            columns: box.columns, rows: box.rows, pixelWidth: box.pixelWidth, pixelHeight: box.pixelHeight,
            cellWidth: cell.width, cellHeight: cell.height)
        let id = Kitty.imageID(process: Posix.processID, slot: slot)
        let options = Options(
            imageID: id, movesCursor: false, blocksLayout: .at(row: shown.top + 1, column: shown.left + 1))
        let bytes = draw(picture: raster, box: box, options: options)
        return Placement(
            key: key, rect: shown, kind: .image(draw: bytes, erase: erase(imageID: id)),
            goesOnlyWithScreen: way == .iterm || way == .sixel)
    }
}
