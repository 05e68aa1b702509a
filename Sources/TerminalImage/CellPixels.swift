/// A cell's size in pixels: from the window's (`TIOCGWINSZ`), or as the terminal answered
/// `CSI 16 t` (or `CSI 14 t`, the text area's, over the cells); 0×0 when none says.
public struct CellPixels: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public init(window: WindowSize) {
        let known = window.pixelWidth > 0 && window.pixelHeight > 0 && window.columns > 0 && window.rows > 0
        width = known ? window.pixelWidth / window.columns : 0
        height = known ? window.pixelHeight / window.rows : 0
    }

    public static let unknown = CellPixels(width: 0, height: 0)
    public var isKnown: Bool { width > 0 && height > 0 }
}
