/// Where an image goes on the terminal: fitted into the window like the phone
/// browser's frame (scaled up or down, aspect ratio kept), in pixels when the
/// terminal reports its pixel size and in cells always.
struct ImageFit: Equatable {
    /// The fitted size in pixels; nil when the terminal did not report pixels.
    var pixelWidth: Int?
    var pixelHeight: Int?
    /// The cells the image covers.
    var columns: Int
    var rows: Int

    /// Rows kept free for the text line above the image and the prompt below it.
    static let reservedRows = 2

    /// `width`×`height` is the size as shown (EXIF orientation already applied).
    init(width: Int, height: Int, window: TerminalWindow) {
        let availableRows = max(1, window.rows - Self.reservedRows)
        let columnCount = max(1, window.columns)
        let knowsPixels = window.pixelWidth > 0 && window.pixelHeight > 0 && window.rows > 0 && window.columns > 0
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
}
