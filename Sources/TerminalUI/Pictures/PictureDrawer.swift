import ImageDecoding
import TerminalImage

/// What the picker and the browser show in a picture's cells.
public enum Picture: Sendable, Equatable {
    /// Pixels made for the cells: `PictureDrawer.pixelSize` says how many.
    case raster(Raster)
    /// Lines of text, centred in the cells: a type imgsel does not decode (HEIC), a damaged
    /// file, an entry whose file changed.
    case placeholder([String])
}

/// The one seam between the full-screen commands and the way a picture reaches the terminal
/// (SPEC "Showing images in a terminal"). `pick` and `browse` make their pictures at the size
/// the drawer asks for and hand them to it; nothing else in them knows the way.
///
/// Half blocks (`HalfBlockDrawer`) work in every colour terminal and in tmux. Kitty, iTerm2
/// and sixel drawers implement the same three members (a placement whose `erase` deletes a
/// kitty image, `leaveBytes` deleting them all) and are chosen where the command is wired.
public protocol PictureDrawer: Sendable {
    /// The pixels to make for a picture of `width`×`height` (upright) fitted in `columns`×`rows`
    /// cells, where a cell is `cellPixels` (0×0: the terminal does not say).
    func pixelSize(
        width: Int, height: Int, columns: Int, rows: Int, cellPixels: CellPixels
    ) -> (width: Int, height: Int)

    /// The placement that draws `raster` (made at `pixelSize`) centred in `rect`. `key` names
    /// the picture: the same key in the same place is not sent again. `slot` (0–255) is the
    /// picture's own among those on screen, for kitty's image id.
    func placement(
        of raster: Raster, key: String, slot: Int, in rect: CellRect, cellPixels: CellPixels
    )
        -> Placement

    /// Sent on every way out, before the alternate screen is left (kitty: delete all images).
    var leaveBytes: [UInt8] { get }
}

/// `▀` half blocks: a cell shows two pixels, the upper as its foreground and the lower as its
/// background (TerminalImage's `Blocks`), so a picture needs no protocol and no passthrough.
public struct HalfBlockDrawer: PictureDrawer {
    public let colours: Blocks.Colours
    /// What transparent pixels are laid over.
    public let background: RGB

    public init(colours: Blocks.Colours, background: RGB = .black) {
        self.colours = colours
        self.background = background
    }

    /// Fills the cells with the picture's aspect kept (enlarging too: a block is coarse), a cell
    /// taken at its real shape where the terminal reports it, else as 1:2.
    public func pixelSize(
        width: Int, height: Int, columns: Int, rows: Int, cellPixels: CellPixels
    ) -> (width: Int, height: Int) {
        guard columns > 0, rows > 0 else { return (0, 0) }
        let box = TerminalImage.WindowSize(
            columns: columns, rows: rows, pixelWidth: cellPixels.width * columns, pixelHeight: cellPixels.height * rows)
        let fitted = Fit.blocks(width: width, height: height, window: box, reservedRows: 0)
        return (fitted.pixelWidth, fitted.pixelHeight)
    }

    public func placement(
        of raster: Raster, key: String, slot: Int, in rect: CellRect, cellPixels: CellPixels
    )
        -> Placement
    {
        // A cell is one pixel wide and two (half blocks) tall here.
        let shown = rect.centring(
            columns: raster.width, rows: (raster.height + 1) / 2, pixelWidth: raster.width, pixelHeight: raster.height,
            cellWidth: 1, cellHeight: 2)
        let bytes = Blocks.draw(
            raster, colours: colours, background: background, layout: .at(row: shown.top + 1, column: shown.left + 1))
        return Placement(key: key, rect: shown, kind: .image(draw: bytes, erase: []))
    }

    public var leaveBytes: [UInt8] { [] }
}
