import ImageDecoding
import TerminalImage

#if canImport(Glibc)
import Glibc
#endif

/// Pictures by kitty, iTerm2 or sixel in a full-screen layout: `PictureRenderer` (the face
/// `view` and `list --grid` draw through) placed at a rectangle's top-left cell, the cursor
/// left where it was, a kitty picture taken away by its id (this process's, and the picture's
/// slot) when the screen moves on.
public struct RendererDrawer: PictureDrawer {
    public let renderer: PictureRenderer

    public init(renderer: PictureRenderer) { self.renderer = renderer }

    public func pixelSize(
        width: Int, height: Int, columns: Int, rows: Int, cellPixels: CellPixels
    ) -> (width: Int, height: Int) {
        guard columns > 0, rows > 0 else { return (0, 0) }
        let box = fit(width: width, height: height, columns: columns, rows: rows, cellPixels: cellPixels)
        return (box.pixelWidth, box.pixelHeight)
    }

    public func placement(
        of raster: Raster, key: String, slot: Int, in rect: CellRect, cellPixels: CellPixels
    )
        -> Placement
    {
        // The raster was made at `pixelSize`, so fitting it again gives the same box: its cells.
        let box = fit(
            width: raster.width, height: raster.height, columns: rect.width, rows: rect.height, cellPixels: cellPixels)
        let shown = rect.centring(
            columns: box.columns, rows: box.rows, pixelWidth: box.pixelWidth, pixelHeight: box.pixelHeight,
            cellWidth: cellPixels.width, cellHeight: cellPixels.height)
        let id = Kitty.imageID(process: getpid(), slot: slot)
        let draw = renderer.draw(picture: raster, box: box, options: .init(imageID: id, movesCursor: false))
        return Placement(key: key, rect: shown, kind: .image(draw: draw, erase: renderer.erase(imageID: id)))
    }

    /// kitty keeps its images after the alternate screen is left: delete them all on the way out.
    public var leaveBytes: [UInt8] {
        renderer.way == .kitty ? Kitty.deleteAll(passthrough: renderer.choice.passthrough) : []
    }

    /// The box a picture takes in `columns`×`rows` cells of `cellPixels` (the size the terminal
    /// answered when the window does not say; kitty, iTerm2 and sixel need real pixels).
    private func fit(width: Int, height: Int, columns: Int, rows: Int, cellPixels: CellPixels) -> ImageBox {
        let window = TerminalImage.WindowSize(
            columns: columns, rows: rows, pixelWidth: cellPixels.width * columns, pixelHeight: cellPixels.height * rows)
        return renderer.box(width: width, height: height, window: window, reservedRows: 0)
    }
}
