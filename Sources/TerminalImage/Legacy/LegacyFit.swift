/// Today's `view` fit, kept until issue 14 switches `view` to the renderers (`Fit` is the
/// new one): the file is sent as it is and the terminal scales it, so the box is filled
/// like the phone browser's frame (scaled up or down, aspect ratio kept), in pixels when
/// the terminal reports its pixel size and in cells always. Unlike `Fit.graphics` it
/// enlarges small pictures and rounds cells to the nearest rather than up.
public struct LegacyFit: Equatable, Sendable {
    /// The fitted size in pixels; nil when the terminal did not report pixels.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// The cells the image covers.
    public var columns: Int
    public var rows: Int

    /// Rows kept free for the text line above the image and the prompt below it.
    public static let reservedRows = 2

    /// `width`×`height` is the size as shown (EXIF orientation already applied).
    public init(width: Int, height: Int, window: WindowSize) {
        let availableRows = max(1, window.rows - Self.reservedRows)
        let columnCount = max(1, window.columns)
        let knowsPixels = window.knowsPixels
        // Without pixels a cell is taken to be twice as tall as it is wide, as in most fonts.
        let cellWidth = knowsPixels ? Double(window.pixelWidth) / Double(window.columns) : 1
        let cellHeight = knowsPixels ? Double(window.pixelHeight) / Double(window.rows) : 2
        let boxWidth = Double(columnCount) * cellWidth
        let boxHeight = Double(availableRows) * cellHeight
        let w = Double(max(1, width)), h = Double(max(1, height))
        let scale = min(boxWidth / w, boxHeight / h)
        let fittedWidth = max(1, (w * scale).rounded(.down))
        let fittedHeight = max(1, (h * scale).rounded(.down))
        columns = min(columnCount, max(1, Int((fittedWidth / cellWidth).rounded())))
        rows = min(availableRows, max(1, Int((fittedHeight / cellHeight).rounded())))
        pixelWidth = knowsPixels ? Int(fittedWidth) : nil
        pixelHeight = knowsPixels ? Int(fittedHeight) : nil
    }

    /// The same fit as the renderers' box, for `ITerm2.draw(file:…)`: pixels when known, else cells.
    public var box: ImageBox {
        ImageBox(
            columns: columns, rows: rows, pixelWidth: pixelWidth ?? columns, pixelHeight: pixelHeight ?? rows,
            pixelsKnown: pixelWidth != nil && pixelHeight != nil)
    }
}
