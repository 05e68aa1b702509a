import ImageDecoding

/// Where each picture goes on a contact sheet: square cells of `cell` pixels in
/// `columns` columns, an 8-pixel gap around and between them (SPEC, "Pictures").
/// A sheet of fewer pictures than columns is only as wide as they need.
public struct SheetLayout: Equatable, Sendable {
    public static let gap = 8

    public let cell: Int
    public let columns: Int
    public let count: Int

    public init(cell: Int, columns: Int, count: Int) {
        precondition(cell >= 1 && columns >= 1 && count >= 1)
        self.cell = cell
        self.columns = min(columns, count)
        self.count = count
    }

    public var rows: Int { (count + columns - 1) / columns }
    public var width: Int { Self.gap + columns * (cell + Self.gap) }
    public var height: Int { Self.gap + rows * (cell + Self.gap) }

    /// The top-left corner of cell `i` (0-based).
    public func origin(of i: Int) -> (x: Int, y: Int) {
        (Self.gap + (i % columns) * (cell + Self.gap), Self.gap + (i / columns) * (cell + Self.gap))
    }
}
